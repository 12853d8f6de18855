/**
 * The stack's own listeners checked before anything starts: a process that cannot listen exits,
 * and the supervisor would restart it for ever while `npm start` says nothing.
 */
import net from 'node:net';

/** Whether a listener could bind `port` on `host` now (something else holds it when not). */
export function canListen(port, host) {
  return new Promise((resolve) => {
    const server = net.createServer();
    server.once('error', () => resolve(false));
    server.listen({ port, host, exclusive: true }, () => server.close(() => resolve(true)));
  });
}

/**
 * Ports for the listeners a test or a benchmark starts are drawn from 20000-31999, below Linux's
 * ephemeral range (32768 up): the kernel hands ports from that range to outgoing connections, so a
 * port found free there can be taken by one before the listener binds it.
 */
const TEST_PORTS_FROM = 20000;
const TEST_PORTS_COUNT = 12000;

/**
 * The first of `count` consecutive ports free on `host` now, for a launcher that numbers its
 * listeners from one base (each process's metrics port, for example).
 */
export async function freePortRun(count, host = '127.0.0.1') {
  for (let attempt = 0; attempt < 50; attempt += 1) {
    const base = TEST_PORTS_FROM + Math.floor(Math.random() * (TEST_PORTS_COUNT - count));
    let free = true;
    for (let port = base; free && port < base + count; port += 1)
      free = await canListen(port, host);
    if (free) return base;
  }
  throw new Error(`no ${count} consecutive free ports`);
}

/** A port free on `host` now, for one listener a test or a benchmark starts. */
export function freePort(host = '127.0.0.1') {
  return freePortRun(1, host);
}

/** A one-line error for the launcher to print: which port, whose, and the setting that moves it. */
export function listenerPortTaken(port, listener, setting) {
  return Object.assign(
    new Error(
      `Port ${port} is taken: ${listener} listens there. Stop what listens on it (a Locker Room ` +
        `left running?) or set ${setting} to another port.`,
    ),
    { help: true },
  );
}

/**
 * Throws `listenerPortTaken` for the first of `listeners` ({ port, host, name, setting }) whose
 * port is held.
 */
export async function ensureListenersFree(listeners) {
  for (const { port, host, name, setting } of listeners) {
    if (!(await canListen(port, host))) throw listenerPortTaken(port, name, setting);
  }
}
