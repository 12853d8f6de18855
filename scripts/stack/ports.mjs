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
