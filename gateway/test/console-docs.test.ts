/** The OpenAPI document describes the answer of every /api/console route with its contract. */
import { startAuthHarness, type AuthHarness } from './auth-harness.js';

type Operation = {
  responses: Record<string, { content?: Record<string, { schema?: Record<string, unknown> }> }>;
};

/** Answers that are files, not JSON. */
const FILES = new Set([
  'GET /api/console/donations.csv',
  'GET /api/console/access-log.csv',
  'GET /api/console/impact.csv',
  'GET /api/console/demand.csv',
]);

describe('console API documentation', () => {
  let h: AuthHarness;

  beforeAll(async () => {
    h = await startAuthHarness();
  }, 60_000);
  afterAll(() => h.close());

  it('gives every console route the schema of its 200 answer', async () => {
    const response = await h.inject({ method: 'GET', url: '/api/docs' });
    const paths = response.json().paths as Record<string, Record<string, Operation>>;
    const routes = Object.entries(paths)
      .filter(([path]) => path.startsWith('/api/console/'))
      .flatMap(([path, operations]) =>
        Object.entries(operations).map(([method, operation]) => ({
          route: `${method.toUpperCase()} ${path}`,
          schema: operation.responses['200']?.content?.['application/json']?.schema,
        })),
      );
    expect(routes.length).toBeGreaterThan(30);
    const undocumented = routes
      .filter(
        ({ route, schema }) =>
          !FILES.has(route) && !(schema?.type ?? schema?.anyOf ?? schema?.oneOf),
      )
      .map(({ route }) => route);
    expect(undocumented).toEqual([]);
    const lists = routes.filter(({ route }) =>
      ['GET /api/console/orders', 'GET /api/console/stock-counts/{id}/lines'].includes(route),
    );
    expect(lists.map(({ schema }) => schema?.type)).toEqual(['array', 'array']);
  });
});
