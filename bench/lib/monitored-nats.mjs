/**
 * A nats-server of one bench stack alone, with its HTTP monitoring port on (`-m`), so its CPU and
 * its message counts (/varz) belong to that stack only. The authorization (each process its own
 * NKEY identity) is rendered by the nest-kit of the tree the stack runs from, as `npm start` does.
 */
import { spawn } from 'node:child_process';
import { mkdirSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { freePort } from '@lr/testing';

/** Starts the server for `namespace`, with its store under `dataDir`, from the tree at `root`. */
export async function startMonitoredNats({ root, dataDir, namespace }) {
  const natsScripts = await import(pathToFileURL(path.join(root, 'scripts/stack/nats.mjs')).href);
  const binary = natsScripts.findNatsServer();
  if (!binary) throw new Error(natsScripts.INSTALL_HELP);
  const [port, monitorPort] = [await freePort(), await freePort()];
  const storeDir = path.resolve(dataDir, 'nats');
  mkdirSync(storeDir, { recursive: true });
  const pairs = await natsScripts.localNatsKeyPairs(dataDir);
  const lib = await natsScripts.natsAuthLib();
  const configFile = path.join(storeDir, 'nats-server.conf');
  const keys = Object.fromEntries(Object.entries(pairs).map(([id, pair]) => [id, pair.publicKey]));
  writeFileSync(configFile, lib.renderNatsServerConfig({ namespace, port, storeDir, keys }), {
    mode: 0o600,
  });
  // `-m` on the command line, not in the config: an older tree's config renderer may not know it.
  const child = spawn(binary, ['-c', configFile, '-m', String(monitorPort)], {
    stdio: ['ignore', 'ignore', 'pipe'],
  });
  let stderr = '';
  child.stderr.on('data', (chunk) => (stderr = (stderr + chunk).slice(-2000)));
  const url = `nats://127.0.0.1:${port}`;
  const deadline = Date.now() + 15_000;
  while (!(await natsScripts.reachable(url))) {
    if (child.exitCode !== null || Date.now() > deadline)
      throw new Error(`nats-server did not start: ${stderr.trim()}`);
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
  return {
    url,
    pid: child.pid,
    seeds: natsScripts.seedsOf(pairs),
    /** Messages the server has received and sent so far (all clients, JetStream included). */
    async messages() {
      const response = await fetch(`http://127.0.0.1:${monitorPort}/varz`);
      const varz = await response.json();
      return { in: varz.in_msgs, out: varz.out_msgs };
    },
    stop: () =>
      new Promise((resolve) => {
        if (child.exitCode !== null) return resolve();
        child.once('exit', () => resolve());
        child.kill('SIGTERM');
      }),
  };
}
