import net from 'node:net';
// @ts-expect-error plain ES modules without types
import { canListen } from '../../../scripts/stack/ports.mjs';

/** A TCP port nothing listens on at this moment (the OS picks it). */
export function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = net.createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address() as net.AddressInfo;
      server.close(() => resolve(port));
    });
  });
}

/**
 * The first of `count` consecutive free ports, for a launcher that numbers its listeners from one
 * base (each process's metrics port, for example). Drawn below Linux's ephemeral range (32768 up),
 * where the kernel does not hand ports to outgoing connections between this check and the listen.
 */
export async function freePortRun(count: number): Promise<number> {
  for (let attempt = 0; attempt < 50; attempt += 1) {
    const base = 20000 + Math.floor(Math.random() * (12000 - count));
    let free = true;
    for (let port = base; free && port < base + count; port += 1)
      free = (await canListen(port, '127.0.0.1')) as boolean;
    if (free) return base;
  }
  throw new Error(`no ${count} consecutive free ports`);
}
