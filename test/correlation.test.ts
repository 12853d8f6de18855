/**
 * A correlation id entering at the gateway travels in NATS headers to the service that handles the
 * request, and into the events that request causes.
 */
import { startFullStack, type FullStack } from './support/full-stack.js';

describe('correlation ids', () => {
  let stack: FullStack;

  beforeAll(async () => {
    stack = await startFullStack();
  }, 120_000);
  afterAll(() => stack.close());

  it("echoes the caller's id and stamps it on the events of that request", async () => {
    const admin = await stack.login('admin');
    const users = await stack.request({
      method: 'GET',
      url: '/api/console/users?filter={"q":"maplegrove"}',
      cookie: admin,
    });
    const school = (
      JSON.parse(users.body) as { id: string; name: string; email: string; role: string }[]
    )[0]!;
    const correlationId = 'corr-test-0123456789';
    const response = await stack.request({
      method: 'PUT',
      url: `/api/console/users/${school.id}`,
      cookie: admin,
      headers: { 'x-correlation-id': correlationId },
      payload: { name: `${school.name} (renamed)`, email: school.email, role: 'user' },
    });
    expect(response.statusCode).toBe(200);
    expect(response.headers['x-correlation-id']).toBe(correlationId);
    const { rows } = await stack.env.pool.query<{ correlation: string }>(
      `SELECT envelope->>'correlationId' AS correlation FROM auth.outbox
        WHERE subject = 'auth.user.updated.v1' ORDER BY id DESC LIMIT 1`,
    );
    expect(rows[0]?.correlation).toBe(correlationId);
  });

  it('makes one up when the caller sends none', async () => {
    const response = await stack.request({ method: 'GET', url: '/api/v1/products' });
    expect(response.headers['x-correlation-id']).toMatch(/^[0-9a-f-]{36}$/);
  });
});
