import net from 'node:net';
import { freePort, freePortRun } from '@lr/testing';

/** Binds `port` on `host`, or rejects with the reason it could not. */
function listenOn(port: number, host: string): Promise<net.Server> {
  return new Promise((resolve, reject) => {
    const server = net.createServer();
    server.once('error', reject);
    server.listen({ port, host, exclusive: true }, () => resolve(server));
  });
}
const close = (server: net.Server) => new Promise((resolve) => server.close(resolve));

describe('ports for test listeners', () => {
  it('are below the range the kernel hands to outgoing connections, and can be listened on', async () => {
    for (let i = 0; i < 20; i++) {
      const port = await freePort();
      expect(port).toBeGreaterThanOrEqual(1024);
      expect(port).toBeLessThan(32768);
      await close(await listenOn(port, '127.0.0.1'));
    }
  });

  it('come as a run of consecutive free ports for a launcher that numbers its listeners', async () => {
    const base = await freePortRun(5);
    expect(base + 4).toBeLessThan(32768);
    const servers = await Promise.all([0, 1, 2, 3, 4].map((i) => listenOn(base + i, '127.0.0.1')));
    await Promise.all(servers.map(close));
  });

  it('checked on every address are free on every address', async () => {
    const base = await freePortRun(2, '0.0.0.0');
    const servers = [await listenOn(base, '0.0.0.0'), await listenOn(base + 1, '0.0.0.0')];
    await Promise.all(servers.map(close));
  });
});
