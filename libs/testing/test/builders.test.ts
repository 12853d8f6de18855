import { randomUUID } from 'node:crypto';
import {
  createProductInputSchema,
  placeOrderInputSchema,
  registerUserInputSchema,
} from '@lr/contracts';
import { buildOrder, buildProduct, buildSchool } from '@lr/testing';

describe('data builders', () => {
  it('build inputs the services accept, unique each time', () => {
    expect(createProductInputSchema.safeParse(buildProduct()).success).toBe(true);
    expect(registerUserInputSchema.safeParse(buildSchool()).success).toBe(true);
    expect(
      placeOrderInputSchema.safeParse(
        buildOrder([{ productId: randomUUID(), size: 'M', quantity: 1 }]),
      ).success,
    ).toBe(true);
    expect(buildProduct().name).not.toBe(buildProduct().name);
    expect(buildSchool().email).not.toBe(buildSchool().email);
  });

  it('apply overrides', () => {
    expect(buildProduct({ category: 'Footwear' }).category).toBe('Footwear');
    expect(buildSchool({ role: 'admin' }).role).toBe('admin');
  });
});
