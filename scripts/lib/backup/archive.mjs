/**
 * One backup archive: a gzipped tar of a staging folder holding manifest.json, database/, streams/
 * and media/.
 */
import { mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import * as tar from 'tar';

export const FORMAT = 'lockerroom-backup';
export const FORMAT_VERSION = 1;

export async function stagingFolder() {
  return mkdtemp(path.join(tmpdir(), 'lr-backup-'));
}

export async function writeArchive(staging, file, manifest) {
  await writeFile(path.join(staging, 'manifest.json'), `${JSON.stringify(manifest, null, 2)}\n`);
  await tar.create({ gzip: true, file, cwd: staging, portable: true }, ['.']);
}

export async function readArchive(file) {
  const staging = await stagingFolder();
  try {
    await tar.extract({ file, cwd: staging, strict: true });
    const manifest = JSON.parse(await readFile(path.join(staging, 'manifest.json'), 'utf8'));
    if (manifest.format !== FORMAT)
      throw new Error(`${file} is not a Locker Room backup (no ${FORMAT} manifest)`);
    if (manifest.formatVersion > FORMAT_VERSION)
      throw new Error(
        `${file} was written by a newer version (format ${manifest.formatVersion}); update first`,
      );
    return { staging, manifest };
  } catch (error) {
    await rm(staging, { recursive: true, force: true });
    throw error;
  }
}
