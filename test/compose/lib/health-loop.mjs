/**
 * Runs the health check of every running compose-test container (projects named lrct*) at its own
 * interval, never two at once for one container, as podman's systemd timers would on a machine with
 * systemd. Started by the Engine as its own process; stops when killed.
 */
import { spawn, spawnSync } from 'node:child_process';

const checks = new Map();

function podmanJson(args) {
  const result = spawnSync('podman', args, { encoding: 'utf8' });
  return result.status === 0 ? result.stdout : '';
}

function tick() {
  const ids = podmanJson(['ps', '-q']).split('\n').filter(Boolean);
  if (ids.length === 0) return;
  const inspected = JSON.parse(podmanJson(['inspect', ...ids]) || '[]');
  for (const container of inspected) {
    const project = container.Config.Labels?.['com.docker.compose.project'] ?? '';
    const interval = container.Config.Healthcheck?.Interval;
    if (!project.startsWith('lrct') || !interval) continue;
    const state = checks.get(container.Id) ?? { running: false, last: 0 };
    checks.set(container.Id, state);
    // Interval is in nanoseconds.
    if (state.running || Date.now() - state.last < interval / 1e6) continue;
    state.running = true;
    state.last = Date.now();
    spawn('podman', ['healthcheck', 'run', container.Id], { stdio: 'ignore' }).on(
      'exit',
      () => (state.running = false),
    );
  }
}

setInterval(tick, 1000);
