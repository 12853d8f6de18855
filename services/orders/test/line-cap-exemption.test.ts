/**
 * The per-line cap exemption, with the real auth, catalog and orders: an admin-set flag on the
 * account, never its name. A school that takes the login id "TEST USER" (free in production, where
 * no demo account holds it) is capped like any other.
 */
import { authOps, type Actor, type AppError, type RefusedLine } from '@lr/contracts';
import { TestEnv } from '@lr/testing';
import {
  createProduct,
  place,
  registerAccount,
  startOrdersWithServices,
} from '@lr/testing/services';

describe('the per-line cap exemption', () => {
  let env: TestEnv;
  let admin: Actor;
  let testUser: Actor;

  beforeAll(async () => {
    env = await TestEnv.create();
    ({ admin, testUser } = await startOrdersWithServices(env));
  });
  afterAll(() => env.close());

  async function refusal(promise: Promise<unknown>): Promise<AppError> {
    return (await promise.then(
      () => {
        throw new Error('expected a refusal');
      },
      (error: unknown) => error,
    )) as AppError;
  }

  const addProduct = (name: string, sizes: Record<string, number>) =>
    createProduct(env, admin, name, sizes);

  it('exempts from the cap by the admin-set flag, never by the name "TEST USER"', async () => {
    const product = await addProduct('Beanie', { 'One size': 20 });
    const six = [{ productId: product.id, size: 'One size', quantity: 6 }];
    // As in production, where no account is seeded under that id: the demo one moves away...
    await env.rpc.call(
      authOps.updateUser,
      { id: testUser.id, name: 'TEST USER', email: 'demo-test-user', role: 'user' },
      { actor: admin },
    );
    // ...and a school takes the login id "TEST USER" (its own code proves the change).
    const school = await registerAccount(env, admin, 'Renamed Primary');
    await env.rpc.call(
      authOps.updateProfile,
      { name: 'Renamed Primary', email: 'TEST USER', currentPassword: 'demo345' },
      { actor: school },
    );
    const renamed = { ...school, loginId: 'TEST USER' };
    const capped = await refusal(place(env, renamed, six));
    expect((capped.details as { lines: RefusedLine[] }).lines).toEqual([
      expect.objectContaining({ reason: 'over-limit', requested: 6 }),
    ]);
    // The flag set by an admin exempts it, whatever its name; the demo account keeps its own.
    await env.rpc.call(
      authOps.updateUser,
      {
        id: school.id,
        name: 'Renamed Primary',
        email: 'TEST USER',
        role: 'user',
        exemptFromLineCap: true,
      },
      { actor: admin },
    );
    expect((await place(env, renamed, six)).lines[0]?.quantity).toBe(6);
    expect((await place(env, testUser, six)).lines[0]?.quantity).toBe(6);
  });
});
