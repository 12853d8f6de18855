/**
 * Runs one of the operator scripts (`scripts/backup.mjs`, `restore.mjs`, `upgrade-privacy.mjs`) as an
 * operator would, against a test environment: its database, the run's NATS server as the admin
 * identity, its namespace and data folder.
 */
import { execFile } from 'node:child_process';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import type { TestEnv } from './env.js';
import { testNatsSeed, testNatsUrl } from './nats.js';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../..');

export interface ScriptRun {
  code: number;
  stdout: string;
  stderr: string;
}

export function runOperatorScript(
  env: TestEnv,
  script: string,
  args: string[] = [],
): Promise<ScriptRun> {
  return new Promise((resolve) => {
    execFile(
      process.execPath,
      [path.join(root, 'scripts', script), ...args],
      {
        cwd: root,
        env: {
          ...process.env,
          DATABASE_URL: env.database.url,
          NATS_URL: testNatsUrl(),
          NATS_NKEY_SEED_ADMIN: testNatsSeed('admin'),
          NATS_NAMESPACE: env.namespace,
          DATA_DIR: env.dataDir,
        },
      },
      (error, stdout, stderr) =>
        resolve({ code: error ? Number(error.code ?? 1) : 0, stdout, stderr }),
    );
  });
}
