import { authKeys, ordersKeys, productsKeys } from './query-keys';

describe('query keys', () => {
  it("start with their group's key, so invalidating the group reaches every query of it", () => {
    for (const [group, keys] of [
      [authKeys.all, [authKeys.me, authKeys.userList]],
      [productsKeys.all, [productsKeys.grouped({ page: 1 }), productsKeys.detail('p')]],
      [ordersKeys.all, [ordersKeys.mine, ordersKeys.detail('o')]],
    ] as const) {
      for (const key of keys) expect(key.slice(0, group.length)).toEqual(group);
    }
  });

  it('keep each product and order apart', () => {
    expect(productsKeys.detail('a')).not.toEqual(productsKeys.detail('b'));
    expect(ordersKeys.detail('a')).not.toEqual(ordersKeys.mine);
  });
});
