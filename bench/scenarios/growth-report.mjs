/**
 * What the growth benchmark prints and writes: the table of both sizes side by side, with a
 * verdict per route (paged routes flat, "all" routes linear with flat memory), and the rows of the
 * results file.
 */

/** The processes whose memory is reported. */
export const PROCESSES = ['gateway', 'auth', 'catalog', 'orders', 'reporting'];
/** A paged route is flat when its p99 at the larger size is at most this many times the smaller. */
const FLAT_RATIO = 2;

const fmt = (n, digits = 1) => (Number.isFinite(n) ? n.toFixed(digits) : '-');

export function printGrowthTable(small, large) {
  const header = [
    'route',
    `p50/p99 @${small.total}`,
    `p50/p99 @${large.total}`,
    'p99 ratio',
    'verdict',
  ];
  const lines = Object.keys(small.routes).map((name) => {
    const a = small.routes[name];
    const b = large.routes[name];
    const ratio = b.p99 / a.p99;
    const failed = a.failed + b.failed;
    return [
      name,
      `${fmt(a.p50)} / ${fmt(a.p99)}`,
      `${fmt(b.p50)} / ${fmt(b.p99)}`,
      fmt(ratio, 2),
      failed > 0 ? `FAILED (${failed})` : ratio <= FLAT_RATIO ? 'flat' : 'NOT flat',
    ];
  });
  const rows = Object.keys(small.all).map((name) => {
    const a = small.all[name];
    const b = large.all[name];
    const timeRatio = b.ms / a.ms;
    const rowRatio = large.total / small.total;
    const memoryGrowth = b.peak.gateway - b.before.gateway - (a.peak.gateway - a.before.gateway);
    return [
      name,
      `${fmt(a.ms, 0)} ms, gw +${fmt(a.peak.gateway - a.before.gateway, 0)} MiB`,
      `${fmt(b.ms, 0)} ms, gw +${fmt(b.peak.gateway - b.before.gateway, 0)} MiB`,
      `time ${fmt(timeRatio, 1)}x for ${fmt(rowRatio, 0)}x rows`,
      a.failed || b.failed
        ? 'FAILED'
        : `${timeRatio <= rowRatio * 1.5 ? 'linear' : 'NOT linear'}, ${memoryGrowth <= 32 ? 'memory flat' : 'memory grows'}`,
    ];
  });
  const table = [header, ...lines, ...rows];
  const widths = header.map((_, i) => Math.max(...table.map((l) => String(l[i]).length)));
  const line = (cells) => cells.map((c, i) => String(c).padEnd(widths[i])).join('  ');
  console.log(
    `\nGrowth: ${small.total} and ${large.total} orders side by side (load average ${small.load.map((l) => l.toFixed(2)).join(' ')} before the paged routes, ${large.load.map((l) => l.toFixed(2)).join(' ')} after)`,
  );
  console.log(line(header));
  console.log(widths.map((w) => '-'.repeat(w)).join('  '));
  for (const l of [...lines, ...rows]) console.log(line(l));
  console.log('\nMemory per process (RSS / peak since its start, MiB):');
  for (const name of PROCESSES) {
    const a = small.memory[name];
    const b = large.memory[name];
    console.log(
      `  ${name.padEnd(10)} @${small.total}: ${fmt(a?.rssMiB, 0)} / ${fmt(a?.peakMiB, 0)}   @${large.total}: ${fmt(b?.rssMiB, 0)} / ${fmt(b?.peakMiB, 0)}`,
    );
  }
}

/** Rows for the results file: per route, ours = at the larger size, baseline = at the smaller. */
export function resultRows(small, large) {
  const rows = [];
  for (const name of Object.keys(small.routes)) {
    const a = small.routes[name];
    const b = large.routes[name];
    const benchmark = `growth ${name}`;
    rows.push(
      {
        benchmark,
        metric: `p50 ms @${large.total} vs @${small.total}`,
        ours: b.p50,
        baseline: a.p50,
      },
      {
        benchmark,
        metric: `p99 ms @${large.total} vs @${small.total}`,
        ours: b.p99,
        baseline: a.p99,
        ratio: b.p99 / a.p99,
        target: `<= ${FLAT_RATIO}x`,
        met: b.p99 / a.p99 <= FLAT_RATIO && a.failed + b.failed === 0,
      },
    );
  }
  for (const name of Object.keys(small.all)) {
    const a = small.all[name];
    const b = large.all[name];
    const benchmark = `growth ${name}`;
    rows.push(
      {
        benchmark,
        metric: `ms @${large.total} vs @${small.total}`,
        ours: b.ms,
        baseline: a.ms,
        ratio: b.ms / a.ms,
        target: `<= 1.5 x ${Math.round(large.total / small.total)} (linear)`,
        met: !a.failed && !b.failed && b.ms / a.ms <= (1.5 * large.total) / small.total,
      },
      {
        benchmark,
        metric: 'gateway peak RSS growth MiB',
        ours: b.peak.gateway - b.before.gateway,
        baseline: a.peak.gateway - a.before.gateway,
        target: 'flat (+32 MiB at most)',
        met: b.peak.gateway - b.before.gateway - (a.peak.gateway - a.before.gateway) <= 32,
      },
      {
        benchmark,
        metric: 'MiB sent',
        ours: b.bytes / 1024 / 1024,
        baseline: a.bytes / 1024 / 1024,
      },
    );
  }
  for (const name of PROCESSES) {
    rows.push({
      benchmark: `growth memory ${name}`,
      metric: 'RSS / peak MiB',
      ours: `${fmt(large.memory[name]?.rssMiB, 0)} / ${fmt(large.memory[name]?.peakMiB, 0)}`,
      baseline: `${fmt(small.memory[name]?.rssMiB, 0)} / ${fmt(small.memory[name]?.peakMiB, 0)}`,
    });
  }
  return rows;
}
