/**
 * Loaded into each service by bench/profile-operations.mjs (NODE_OPTIONS=--import): while the file
 * `<dir>/on` exists, counts the PostgreSQL statements the process sends (by text, or by name for a
 * named statement) and records a CPU profile, or with LR_PROFILE_ALLOCATIONS=1 a sample of every
 * allocation (the garbage collected since included), or with LR_PROFILE_PROMISES=1 the promises
 * created, by the function that created them; when the file goes, writes them to `<dir>`.
 * A file, not a signal: the services' shutdown hooks listen to every signal Node lets them.
 */
import { createHook } from 'node:async_hooks';
import { existsSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { Session } from 'node:inspector';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const dir = process.env.LR_PROFILE_DIR;
if (dir) {
  const pg = createRequire(import.meta.url)('pg');
  const name = path.basename(path.dirname(path.dirname(process.argv[1] ?? 'x/x/x')));
  const statements = new Map();
  // Counting statements allocates (their texts are normalised): not while allocations are sampled.
  const allocations = process.env.LR_PROFILE_ALLOCATIONS === '1';
  const promises = process.env.LR_PROFILE_PROMISES === '1' ? new Map() : null;
  let on = false;
  const root = `${path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..')}/`;
  // Each promise costs its own work and, with the request context in AsyncLocalStorage, a hook
  // call and a property on Node 20: counted by the first frame outside the hook (and, for a
  // `then` or `new Promise`, the frame that called it).
  if (promises)
    createHook({
      init(_id, type) {
        if (!on || type !== 'PROMISE') return;
        const limit = Error.stackTraceLimit;
        Error.stackTraceLimit = 8;
        const frames = (new Error().stack ?? '')
          .split('\n')
          .slice(1)
          .filter((line) => !/node:internal\/async_hooks|profile-preload/.test(line))
          .map((line) =>
            line
              .replace(/^\s*at /, '')
              .replace('file://', '')
              .replace(root, ''),
          );
        Error.stackTraceLimit = limit;
        const first = frames[0] ?? '?';
        const key = first.endsWith('(<anonymous>)') ? `${first} <- ${frames[1] ?? '?'}` : first;
        promises.set(key, (promises.get(key) ?? 0) + 1);
      },
    }).enable();
  const query = pg.Client.prototype.query;
  if (!allocations)
    pg.Client.prototype.query = function (config, values, callback) {
      if (on) {
        const text =
          typeof config === 'string'
            ? config
            : `${config?.name ? `[${config.name}] ` : ''}${config?.text ?? ''}`;
        // Values written into a simple query's text (ids) would split one statement into many.
        const key = text
          .replace(/\s+/g, ' ')
          .replace(/'\{[^}]*\}'/g, "'{...}'")
          .replace(/IN \([0-9, ]+\)/g, 'IN (...)')
          .trim()
          .slice(0, 200);
        statements.set(key, (statements.get(key) ?? 0) + 1);
      }
      return query.call(this, config, values, callback);
    };
  const session = new Session();
  session.connect();
  setInterval(() => {
    if (existsSync(path.join(dir, 'on')) === on) return;
    on = !on;
    if (on) {
      statements.clear();
      promises?.clear();
      if (promises) return;
      if (allocations) {
        session.post('HeapProfiler.enable', () =>
          session.post('HeapProfiler.startSampling', {
            samplingInterval: 4096,
            includeObjectsCollectedByMajorGC: true,
            includeObjectsCollectedByMinorGC: true,
          }),
        );
      } else session.post('Profiler.enable', () => session.post('Profiler.start'));
      return;
    }
    if (promises) {
      const sorted = [...promises].sort((a, b) => b[1] - a[1]);
      writeFileSync(path.join(dir, `${name}.promises.json`), JSON.stringify(sorted, null, 1));
      return;
    }
    const [stop, suffix] = allocations
      ? ['HeapProfiler.stopSampling', 'heapprofile']
      : ['Profiler.stop', 'cpuprofile'];
    session.post(stop, (error, result) => {
      if (error) return;
      writeFileSync(path.join(dir, `${name}.${suffix}`), JSON.stringify(result.profile));
      if (allocations) return;
      const sorted = [...statements].sort((a, b) => b[1] - a[1]);
      writeFileSync(path.join(dir, `${name}.statements.json`), JSON.stringify(sorted, null, 1));
    });
  }, 100).unref();
}
