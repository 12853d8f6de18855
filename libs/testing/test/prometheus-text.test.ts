/** The test parser of the Prometheus text format reads what prom-client writes and refuses garbage. */
import client from 'prom-client';
import { parsePrometheusText } from '../src/prometheus-text.js';

describe('parsePrometheusText', () => {
  it('reads counters, labels with escapes and histograms as prom-client writes them', async () => {
    const registry = new client.Registry();
    const counter = new client.Counter({
      name: 't_total',
      help: 'a counter',
      labelNames: ['route'],
      registers: [registry],
    });
    const histogram = new client.Histogram({
      name: 't_seconds',
      help: 'a histogram',
      buckets: [0.1, 1],
      registers: [registry],
    });
    counter.inc({ route: 'a "quoted" \\ path\nwith a newline' }, 3);
    counter.inc({ route: '/b' });
    histogram.observe(0.5);
    const scrape = parsePrometheusText(await registry.metrics());
    expect(scrape.types.get('t_total')).toBe('counter');
    expect(scrape.types.get('t_seconds')).toBe('histogram');
    expect(scrape.value('t_total', { route: 'a "quoted" \\ path\nwith a newline' })).toBe(3);
    expect(scrape.value('t_total')).toBe(4);
    expect(scrape.value('t_seconds_bucket', { le: '0.1' })).toBe(0);
    expect(scrape.value('t_seconds_bucket', { le: '+Inf' })).toBe(1);
    expect(scrape.value('t_seconds_count')).toBe(1);
    expect(scrape.value('t_missing')).toBe(0);
  });

  it('reads NaN and Inf in any case, as Prometheus does (prom-client writes an empty mean as Nan)', () => {
    const scrape = parsePrometheusText('a_mean Nan\nb NaN\nc +Inf\nd -inf\n');
    expect(scrape.value('a_mean')).toBeNaN();
    expect(scrape.value('b')).toBeNaN();
    expect(scrape.value('c')).toBe(Infinity);
    expect(scrape.value('d')).toBe(-Infinity);
  });

  it('refuses lines Prometheus would refuse', () => {
    expect(() => parsePrometheusText('t_total{route="a} 1')).toThrow(/unterminated/);
    expect(() => parsePrometheusText('t_total{route=a} 1')).toThrow(/bad label/);
    expect(() => parsePrometheusText('t_total one')).toThrow(/bad number/);
    expect(() => parsePrometheusText('# TYPE t_total countr')).toThrow(/bad TYPE/);
    expect(() => parsePrometheusText('1t 1')).toThrow(/bad sample/);
  });
});
