/**
 * A parser for the Prometheus text exposition format (version 0.0.4), strict enough to fail a test
 * on a line a Prometheus server would refuse: `# HELP` / `# TYPE` comments, then samples
 * `name{label="value",...} number [timestamp]` with \\, \" and \n escapes in label values.
 */

export interface Sample {
  name: string;
  labels: Record<string, string>;
  value: number;
}

export interface Scrape {
  samples: Sample[];
  /** Declared type of each metric family (`counter`, `gauge`, `histogram`, ...). */
  types: Map<string, string>;
  /** Sum of the samples of `name` whose labels include `labels` (0 when none match). */
  value(name: string, labels?: Record<string, string>): number;
}

const NAME = /^[a-zA-Z_:][a-zA-Z0-9_:]*/;
const LABEL_NAME = /^[a-zA-Z_][a-zA-Z0-9_]*/;
const TYPES = new Set(['counter', 'gauge', 'histogram', 'summary', 'untyped']);

/**
 * A sample's value as Prometheus reads it (Go's ParseFloat: NaN and Inf in any case). prom-client
 * writes an empty event-loop lag window's mean as `Nan`.
 */
function parseNumber(text: string, line: string): number {
  const special = text.toLowerCase();
  if (special === '+inf' || special === 'inf') return Infinity;
  if (special === '-inf') return -Infinity;
  if (special === 'nan') return NaN;
  const value = Number(text);
  if (text === '' || Number.isNaN(value)) throw new Error(`bad number "${text}" in: ${line}`);
  return value;
}

function parseLabels(text: string, line: string): { labels: Record<string, string>; rest: string } {
  const labels: Record<string, string> = {};
  let rest = text.slice(1);
  for (;;) {
    rest = rest.trimStart();
    if (rest.startsWith('}')) return { labels, rest: rest.slice(1) };
    const name = LABEL_NAME.exec(rest)?.[0];
    if (!name || rest[name.length] !== '=' || rest[name.length + 1] !== '"')
      throw new Error(`bad label in: ${line}`);
    rest = rest.slice(name.length + 2);
    let value = '';
    for (;;) {
      const char = rest[0];
      if (char === undefined) throw new Error(`unterminated label value in: ${line}`);
      rest = rest.slice(1);
      if (char === '"') break;
      if (char === '\\') {
        const escaped = rest[0];
        rest = rest.slice(1);
        if (escaped === 'n') value += '\n';
        else if (escaped === '\\' || escaped === '"') value += escaped;
        else throw new Error(`bad escape in: ${line}`);
      } else value += char;
    }
    if (name in labels) throw new Error(`label ${name} twice in: ${line}`);
    labels[name] = value;
    rest = rest.trimStart();
    if (rest.startsWith(',')) rest = rest.slice(1);
    else if (!rest.startsWith('}')) throw new Error(`expected , or } in: ${line}`);
  }
}

export function parsePrometheusText(text: string): Scrape {
  const samples: Sample[] = [];
  const types = new Map<string, string>();
  for (const line of text.split('\n')) {
    if (line.trim() === '') continue;
    if (line.startsWith('#')) {
      const [, keyword, name, ...rest] = line.split(' ');
      if (keyword === 'TYPE') {
        const type = rest.join(' ');
        if (!name || !NAME.test(name) || !TYPES.has(type)) throw new Error(`bad TYPE: ${line}`);
        if (types.has(name)) throw new Error(`TYPE of ${name} given twice`);
        types.set(name, type);
      }
      continue;
    }
    const name = NAME.exec(line)?.[0];
    if (!name) throw new Error(`bad sample: ${line}`);
    let rest = line.slice(name.length);
    let labels: Record<string, string> = {};
    if (rest.startsWith('{')) ({ labels, rest } = parseLabels(rest, line));
    const parts = rest.trim().split(/\s+/);
    if (parts.length < 1 || parts.length > 2) throw new Error(`bad sample: ${line}`);
    samples.push({ name, labels, value: parseNumber(parts[0] ?? '', line) });
  }
  return {
    samples,
    types,
    value(name, wanted = {}) {
      let sum = 0;
      for (const sample of samples) {
        if (sample.name !== name) continue;
        if (Object.entries(wanted).every(([k, v]) => sample.labels[k] === v)) sum += sample.value;
      }
      return sum;
    },
  };
}
