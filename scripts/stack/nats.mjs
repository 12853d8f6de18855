/**
 * NATS for `npm start`: the server at NATS_URL if it answers; otherwise `nats-server -js` from the
 * PATH with its store under ./data/nats; otherwise a clear message on how to install one.
 */
import { spawn, spawnSync } from 'node:child_process';
import { mkdirSync } from 'node:fs';
import net from 'node:net';
import path from 'node:path';

export const INSTALL_HELP = `nats-server was not found on the PATH and no NATS server answers at NATS_URL.
Install one, then run npm start again:
  Debian/Ubuntu:  sudo apt-get install nats-server
  macOS:          brew install nats-server
  Docker:         docker run -d --name nats -p 4222:4222 nats:2.10 -js
or point NATS_URL at a running server (JetStream enabled).`;

export function reachable(url, timeoutMs = 1000) {
  const first = url.split(',')[0].replace(/^nats:\/\//, '');
  const [host, port] = first.includes(':') ? first.split(':') : [first, '4222'];
  return new Promise((resolve) => {
    const socket = net.connect({ host: host.replace(/^.*@/, ''), port: Number(port) });
    const done = (ok) => {
      socket.destroy();
      resolve(ok);
    };
    socket.setTimeout(timeoutMs, () => done(false));
    socket.once('connect', () => done(true));
    socket.once('error', () => done(false));
  });
}

export function findNatsServer() {
  const result = spawnSync('sh', ['-c', 'command -v nats-server'], { encoding: 'utf8' });
  return result.status === 0 ? result.stdout.trim() : null;
}

export async function startLocalNats({ dataDir, port, log }) {
  const binary = findNatsServer();
  if (!binary) throw Object.assign(new Error(INSTALL_HELP), { help: true });
  const storeDir = path.resolve(dataDir, 'nats');
  mkdirSync(storeDir, { recursive: true });
  log(`Starting nats-server -js (store ${storeDir}) on 127.0.0.1:${port} ...`);
  const child = spawn(binary, ['-js', '-sd', storeDir, '-a', '127.0.0.1', '-p', String(port)], {
    stdio: ['ignore', 'ignore', 'pipe'],
  });
  child.stderr.on('data', () => undefined);
  const url = `nats://127.0.0.1:${port}`;
  const deadline = Date.now() + 15_000;
  while (!(await reachable(url))) {
    if (child.exitCode !== null || Date.now() > deadline)
      throw new Error('nats-server did not start');
    await new Promise((r) => setTimeout(r, 200));
  }
  return {
    url,
    child,
    stop: () =>
      new Promise((resolve) => {
        if (child.exitCode !== null) return resolve();
        child.once('exit', () => resolve());
        child.kill('SIGTERM');
      }),
  };
}
