/**
 * Runs each service and the gateway as its own process, prefixes their output, restarts one that
 * crashes (with a growing delay), and stops them all cleanly.
 */
import { spawn } from 'node:child_process';
import readline from 'node:readline';

export class Supervisor {
  constructor({ env, log, quiet = false }) {
    this.env = env;
    this.log = log;
    this.quiet = quiet;
    this.procs = new Map();
    this.stopping = false;
  }

  start(name, entry, extraEnv = {}) {
    const spec = { name, entry, extraEnv, restarts: 0, child: null, startedAt: 0 };
    this.procs.set(name, spec);
    this.spawn(spec);
  }

  spawn(spec) {
    spec.startedAt = Date.now();
    const child = spawn(process.execPath, [spec.entry], {
      env: { ...process.env, ...this.env, ...spec.extraEnv },
      // The IPC channel closes when this process dies, however it dies: the child then shuts down
      // (exitWithParent in nest-kit) instead of living on as an orphan.
      stdio: ['ignore', 'pipe', 'pipe', 'ipc'],
    });
    spec.child = child;
    for (const stream of [child.stdout, child.stderr]) {
      const lines = readline.createInterface({ input: stream });
      lines.on('line', (line) => {
        if (!this.quiet) this.log(`[${spec.name}] ${line}`);
        else spec.lastLines = [...(spec.lastLines ?? []).slice(-20), line];
      });
    }
    child.on('exit', (code, signal) => {
      if (this.stopping || spec.stopped) return;
      // A process that ran a while gets its delay reset.
      if (Date.now() - spec.startedAt > 60_000) spec.restarts = 0;
      spec.restarts += 1;
      const delay = Math.min(30_000, 500 * 2 ** Math.min(spec.restarts, 6));
      this.log(`[${spec.name}] exited (${signal ?? code}); restarting in ${delay} ms`);
      if (this.quiet && spec.lastLines) this.log(spec.lastLines.join('\n'));
      spec.timer = setTimeout(() => this.spawn(spec), delay);
    });
  }

  /**
   * The last lines each quiet process wrote, labelled by process: what a stack that never became
   * healthy has to say for itself (a quiet stack prints nothing else).
   */
  recentOutput() {
    return [...this.procs.values()]
      .filter((spec) => spec.lastLines?.length)
      .map((spec) => spec.lastLines.map((line) => `[${spec.name}] ${line}`).join('\n'))
      .join('\n');
  }

  /** `recentOutput` under a heading, or nothing when no process wrote a line (for `waitForHealthy`). */
  explainUnhealthy() {
    const output = this.recentOutput();
    return output ? `The processes' last output:\n${output}` : '';
  }

  /** Sends `signal` to one process without restarting it afterwards unless asked (chaos tests). */
  kill(name, signal = 'SIGKILL') {
    this.procs.get(name)?.child?.kill(signal);
  }

  pid(name) {
    return this.procs.get(name)?.child?.pid;
  }

  async stopOne(name, timeoutMs = 10_000) {
    const spec = this.procs.get(name);
    if (!spec) return;
    spec.stopped = true;
    clearTimeout(spec.timer);
    const child = spec.child;
    if (!child || child.exitCode !== null || child.signalCode !== null) return;
    await new Promise((resolve) => {
      const timer = setTimeout(() => {
        child.kill('SIGKILL');
      }, timeoutMs);
      child.once('exit', () => {
        clearTimeout(timer);
        resolve();
      });
      child.kill('SIGTERM');
    });
  }

  /** Restarts one process that was stopped or killed. */
  restart(name) {
    const spec = this.procs.get(name);
    if (!spec) return;
    spec.stopped = false;
    clearTimeout(spec.timer);
    this.spawn(spec);
  }

  async stopAll() {
    this.stopping = true;
    // The gateway first (no new requests), then the services.
    const order = ['gateway', ...[...this.procs.keys()].filter((n) => n !== 'gateway')];
    await this.stopOne('gateway');
    await Promise.all(order.slice(1).map((n) => this.stopOne(n)));
  }
}
