/** The media part of a backup: the local media folder's files, as they are. */
import { cp, mkdir, readdir, rm, stat } from 'node:fs/promises';
import { existsSync } from 'node:fs';
import path from 'node:path';

async function summarize(dir) {
  let files = 0;
  let bytes = 0;
  if (!existsSync(dir)) return { files, bytes };
  for (const entry of await readdir(dir, { recursive: true, withFileTypes: true })) {
    if (!entry.isFile()) continue;
    files += 1;
    bytes += (await stat(path.join(entry.parentPath, entry.name))).size;
  }
  return { files, bytes };
}

export async function copyMediaOut(mediaDir, staging) {
  const target = path.join(staging, 'media');
  await mkdir(target, { recursive: true });
  if (existsSync(mediaDir)) await cp(mediaDir, target, { recursive: true });
  return summarize(target);
}

/**
 * Makes `mediaDir` hold exactly the archived files. Its contents are emptied, not the folder itself:
 * in a container it is a volume's mount point, which cannot be removed.
 */
export async function copyMediaIn(staging, mediaDir) {
  await mkdir(mediaDir, { recursive: true });
  for (const entry of await readdir(mediaDir))
    await rm(path.join(mediaDir, entry), { recursive: true, force: true });
  await cp(path.join(staging, 'media'), mediaDir, { recursive: true });
  return summarize(mediaDir);
}

export async function assertMediaEmpty(mediaDir) {
  const { files } = await summarize(mediaDir);
  if (files > 0)
    throw new Error(
      `The media folder ${mediaDir} already holds ${files} files. Restore into an empty ` +
        'deployment, or pass --replace to delete them first.',
    );
}
