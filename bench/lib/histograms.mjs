/**
 * Quantiles of a Prometheus histogram over a measured interval: the difference of two scrapes'
 * cumulative buckets, interpolated inside the bucket the way PromQL's histogram_quantile does.
 */
import { parsePrometheusText } from '@lr/testing';

/** Cumulative bucket counts `[le, count]` of one series, ascending by `le`. */
function buckets(text, name, labels) {
  const scrape = parsePrometheusText(text);
  return scrape.samples
    .filter(
      (s) =>
        s.name === `${name}_bucket` &&
        Object.entries(labels).every(([key, value]) => s.labels[key] === value),
    )
    .map((s) => [s.labels.le === '+Inf' ? Infinity : Number(s.labels.le), s.value])
    .sort((a, b) => a[0] - b[0]);
}

/**
 * The `q` quantile (0..1), in milliseconds, of what `name{labels}` observed between the scrapes
 * `before` and `after`, and how many observations that was. The value is an estimate: it can only
 * be placed within its bucket.
 */
export function quantileBetween(before, after, name, labels, q) {
  const start = new Map(buckets(before, name, labels));
  const delta = buckets(after, name, labels).map(([le, count]) => [
    le,
    count - (start.get(le) ?? 0),
  ]);
  const total = delta.at(-1)?.[1] ?? 0;
  if (total === 0) return { ms: null, count: 0 };
  const rank = q * total;
  let lower = 0;
  let below = 0;
  for (const [le, count] of delta) {
    if (count >= rank) {
      // Past the last finite bucket: all that can be said is "more than its bound".
      if (le === Infinity) return { ms: lower * 1000, count: total };
      const share = count === below ? 0 : (rank - below) / (count - below);
      return { ms: (lower + (le - lower) * share) * 1000, count: total };
    }
    lower = le;
    below = count;
  }
  return { ms: lower * 1000, count: total };
}
