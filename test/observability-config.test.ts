/**
 * The monitoring configuration is read the way Prometheus and Grafana read it: the scrape config
 * names every process's metrics port, every alert rule and dashboard query names metrics the
 * processes really export (the registry in libs/nest-kit), the Kubernetes PrometheusRule holds the
 * same rules, and docs/operations.md explains each alert.
 */
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { parse } from 'yaml';
import { metricsRegistry } from '@lr/nest-kit';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const read = (file: string) => readFileSync(path.join(root, file), 'utf8');

interface Rule {
  alert: string;
  expr: string;
  for?: string;
  labels: { severity: string };
  annotations: { summary: string; description?: string };
}
interface RuleFile {
  groups: { name: string; rules: Rule[] }[];
}
interface Panel {
  type: string;
  title: string;
  gridPos: { x: number; y: number; w: number; h: number };
  targets?: { expr: string }[];
}

const PROCESSES = ['auth', 'catalog', 'orders', 'reporting', 'gateway'];

/** Every series name the processes can export (histograms as their _bucket/_sum/_count). */
async function exportedNames(): Promise<Set<string>> {
  const names = new Set<string>();
  for (const metric of await metricsRegistry.getMetricsAsJSON()) {
    names.add(metric.name);
    if (String(metric.type) === 'histogram') {
      for (const suffix of ['_bucket', '_sum', '_count']) names.add(`${metric.name}${suffix}`);
    }
  }
  return names;
}

/** The lr_* metric names a PromQL expression uses. */
function metricNamesIn(expr: string): string[] {
  return [...expr.matchAll(/\blr_[a-z0-9_]+/g)].map((m) => m[0]);
}

/** Parentheses, brackets and braces balance, outside quoted strings. */
function balanced(expr: string): boolean {
  const pairs: Record<string, string> = { ')': '(', ']': '[', '}': '{' };
  const stack: string[] = [];
  let quoted = false;
  for (const char of expr) {
    if (char === '"') quoted = !quoted;
    if (quoted) continue;
    if ('([{'.includes(char)) stack.push(char);
    else if (char in pairs && stack.pop() !== pairs[char]) return false;
  }
  return stack.length === 0 && !quoted;
}

const alerts = parse(read('deploy/observability/alerts.yml')) as RuleFile;
const rules = alerts.groups.flatMap((g) => g.rules);

describe('Prometheus scrape configuration', () => {
  const config = parse(read('deploy/observability/prometheus.yml')) as {
    rule_files: string[];
    scrape_configs: { static_configs: { targets: string[]; labels: { service: string } }[] }[];
  };

  it('scrapes each process on its metrics port, labelled with its name', () => {
    const targets = config.scrape_configs.flatMap((c) =>
      c.static_configs.flatMap((s) => s.targets.map((t) => `${s.labels.service}=${t}`)),
    );
    expect(targets.sort()).toEqual(PROCESSES.map((p) => `${p}=${p}:9464`).sort());
  });

  it('loads the alert rules from where compose mounts them', () => {
    const compose = read('docker-compose.yml');
    for (const file of config.rule_files) expect(compose).toContain(`:${file}:ro`);
  });
});

describe('alert rules', () => {
  it('alert on what operators asked for, each with a severity and a summary', () => {
    expect(rules.map((r) => r.alert).sort()).toEqual(
      [
        'ConsumerPendingGrowing',
        'DeadLetters',
        'EventLagHigh',
        'GatewayServerErrors',
        'LoginThrottlingSpike',
        'OutboxNotDraining',
        'ServiceOverloaded',
      ].sort(),
    );
    for (const rule of rules) {
      expect(['warning', 'critical']).toContain(rule.labels.severity);
      expect(rule.annotations.summary.length).toBeGreaterThan(10);
      if (rule.for) expect(rule.for).toMatch(/^\d+[smh]$/);
      expect(balanced(rule.expr)).toBe(true);
    }
  });

  it('use only metrics the processes export', async () => {
    const names = await exportedNames();
    for (const rule of rules) {
      const used = metricNamesIn(rule.expr);
      expect(used.length).toBeGreaterThan(0);
      for (const name of used)
        expect({ rule: rule.alert, name, known: names.has(name) }).toEqual({
          rule: rule.alert,
          name,
          known: true,
        });
    }
  });

  it('are the same rules in the Kubernetes PrometheusRule', () => {
    const manifest = parse(read('deploy/k8s/monitoring/prometheus-rule.yaml')) as {
      kind: string;
      spec: RuleFile;
    };
    expect(manifest.kind).toBe('PrometheusRule');
    expect(manifest.spec).toEqual(alerts);
  });

  it('are each explained in docs/operations.md', () => {
    const operations = read('docs/operations.md');
    for (const rule of rules) expect(operations).toContain(`\`${rule.alert}\``);
  });

  it('would catch a metric name that does not exist (the check can fail)', async () => {
    const names = await exportedNames();
    expect(metricNamesIn('rate(lr_no_such_total[5m])').every((n) => names.has(n))).toBe(false);
    expect(balanced('sum(rate(lr_http_requests_total[5m])')).toBe(false);
  });
});

describe('Grafana dashboard', () => {
  const dashboard = JSON.parse(read('deploy/observability/grafana/dashboards/lockerroom.json')) as {
    uid: string;
    panels: Panel[];
  };
  const rows = dashboard.panels.filter((p) => p.type === 'row');
  const graphs = dashboard.panels.filter((p) => p.type !== 'row');

  it('has one row per service, after the events row with event lag first', () => {
    expect(rows[0]?.title).toMatch(/^Events/);
    const first = [...graphs].sort(
      (a, b) => a.gridPos.y - b.gridPos.y || a.gridPos.x - b.gridPos.x,
    )[0];
    expect(first?.title).toMatch(/lag/i);
    expect(first?.targets?.[0]?.expr).toContain('lr_consumer_event_lag_seconds_bucket');
    for (const service of PROCESSES) expect(rows.map((r) => r.title)).toContain(service);
  });

  it('splits the event lag into its stages in the events row', () => {
    const gatewayRow = rows.find((r) => r.title === 'gateway')!;
    const eventGraphs = graphs.filter((p) => p.gridPos.y < gatewayRow.gridPos.y);
    const queried = eventGraphs.flatMap((p) => (p.targets ?? []).map((t) => t.expr)).join('\n');
    for (const stage of [
      'lr_outbox_publish_delay_seconds_bucket',
      'lr_consumer_fetch_wait_seconds_bucket',
      'lr_consumer_batch_wait_seconds_bucket',
      'lr_consumer_processing_duration_seconds_bucket',
    ])
      expect({ stage, shown: queried.includes(stage) }).toEqual({ stage, shown: true });
  });

  it('queries only metrics the processes export, in balanced expressions', async () => {
    const names = await exportedNames();
    for (const panel of graphs) {
      expect(panel.targets?.length).toBeGreaterThan(0);
      for (const target of panel.targets ?? []) {
        expect(balanced(target.expr)).toBe(true);
        for (const name of metricNamesIn(target.expr)) {
          expect({ panel: panel.title, name, known: names.has(name) }).toEqual({
            panel: panel.title,
            name,
            known: true,
          });
        }
      }
    }
  });

  it('is provisioned from the folder compose mounts, against the provisioned data source', () => {
    const provider = parse(
      read('deploy/observability/grafana/provisioning/dashboards/lockerroom.yml'),
    ) as {
      providers: { options: { path: string } }[];
    };
    const compose = read('docker-compose.yml');
    expect(compose).toContain(
      `./deploy/observability/grafana/dashboards:${provider.providers[0]?.options.path}:ro`,
    );
    const sources = parse(
      read('deploy/observability/grafana/provisioning/datasources/prometheus.yml'),
    ) as { datasources: { uid: string; type: string }[] };
    expect(sources.datasources.map((s) => s.uid)).toContain('prometheus');
  });
});
