/**
 * The container engine for the compose test: podman (as root, runc, cgroupfs, no default ulimits:
 * containers.conf) behind its Docker-compatible socket, driven by docker-compose with the real
 * docker-compose.yml plus the test override. Podman runs health checks from systemd timers, which
 * this machine has not: lib/health-loop.mjs runs them, as those timers would.
 */
import { spawn, spawnSync } from 'node:child_process';
import { existsSync, mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';

export const HERE = path.resolve(path.dirname(new URL(import.meta.url).pathname), '..');
export const ROOT = path.resolve(HERE, '../..');

function run(command, args, { env, input, allowFail = false, quiet = true } = {}) {
  const result = spawnSync(command, args, {
    cwd: ROOT,
    env,
    input,
    encoding: 'utf8',
    stdio: [input === undefined ? 'ignore' : 'pipe', 'pipe', 'pipe'],
    maxBuffer: 64 * 1024 * 1024,
  });
  if (result.status !== 0 && !allowFail) {
    const output = `${result.stdout ?? ''}${result.stderr ?? ''}`.trim().split('\n').slice(-40);
    throw new Error(
      `${command} ${args.join(' ')} failed (${result.status}):\n${output.join('\n')}`,
    );
  }
  if (!quiet) process.stdout.write(result.stdout);
  return result;
}

export class Engine {
  constructor() {
    this.dir = mkdtempSync(path.join(tmpdir(), 'lr-compose-'));
    this.socket = path.join(this.dir, 'podman.sock');
    this.env = {
      ...process.env,
      CONTAINERS_CONF: process.env.CONTAINERS_CONF ?? path.join(HERE, 'containers.conf'),
      DOCKER_HOST: `unix://${this.socket}`,
      COMPOSE_HTTP_TIMEOUT: '600',
    };
  }

  async start() {
    for (const tool of ['podman', 'docker-compose']) {
      if (run('sh', ['-c', `command -v ${tool}`], { allowFail: true }).status !== 0)
        throw new Error(`${tool} is missing (apt-get install podman runc docker-compose caddy)`);
    }
    this.service = spawn('podman', ['system', 'service', '--time=0', `unix://${this.socket}`], {
      env: this.env,
      stdio: 'ignore',
    });
    while (!existsSync(this.socket)) await new Promise((resolve) => setTimeout(resolve, 100));
    // Its own process: the compose commands below block this one while they wait for health.
    this.healthLoop = spawn(process.execPath, [path.join(HERE, 'lib/health-loop.mjs')], {
      env: this.env,
      stdio: 'ignore',
    });
  }

  async stop() {
    this.healthLoop?.kill('SIGTERM');
    this.service?.kill('SIGTERM');
  }

  podman(args, options = {}) {
    return run('podman', args, { env: this.env, ...options });
  }

  /** docker-compose for `project` with the real file, the test override and `env`. */
  compose(project, args, env = {}, options = {}) {
    return run(
      'docker-compose',
      [
        '-p',
        project,
        '-f',
        'docker-compose.yml',
        '-f',
        path.join(HERE, 'docker-compose.test.yml'),
        ...args,
      ],
      { env: { ...this.env, ...env }, ...options },
    );
  }

  /** Health of each container of `project` that has a health check: { name: status }. */
  health(project) {
    const ids = this.podman([
      'ps',
      '-a',
      '-q',
      '--filter',
      `label=com.docker.compose.project=${project}`,
    ])
      .stdout.split('\n')
      .filter(Boolean);
    if (ids.length === 0) return {};
    const inspected = JSON.parse(this.podman(['inspect', ...ids]).stdout);
    return Object.fromEntries(
      inspected.map((container) => [
        container.Config.Labels['com.docker.compose.service'],
        container.State.Health?.Status ||
          (container.State.Running ? 'running' : container.State.Status),
      ]),
    );
  }

  /** Waits until every container with a health check of `project` is healthy. */
  async waitHealthy(project, services, timeoutMs = 300_000) {
    const deadline = Date.now() + timeoutMs;
    for (;;) {
      const health = this.health(project);
      if (services.every((service) => health[service] === 'healthy')) return health;
      if (Date.now() > deadline)
        throw new Error(`not healthy in time: ${JSON.stringify(health)}\n${this.logs(project)}`);
      await new Promise((resolve) => setTimeout(resolve, 2000));
    }
  }

  /** The last lines of every container of `project` (named `<project>_<service>_<n>`). */
  logs(project, lines = 15) {
    const names = this.podman(['ps', '-a', '--format', '{{.Names}}'], { allowFail: true })
      .stdout.split('\n')
      .filter((name) => name.startsWith(`${project}_`));
    return names
      .map((name) => {
        const out = this.podman(['logs', '--tail', String(lines), name], { allowFail: true });
        return `[${name}]\n${out.stdout}${out.stderr}`;
      })
      .join('\n');
  }

  imageSize(image) {
    return Number(this.podman(['image', 'inspect', image, '--format', '{{.Size}}']).stdout.trim());
  }
}
