/**
 * The store's react-query keys, one group per feature: queries are cached under them and mutations
 * invalidate by them, never by a spelled-out array. They live here, not in each feature, because
 * features do not import each other and one feature's mutation refreshes another's queries
 * (placing an order refreshes My Orders). Each key starts with its group's `all`, so invalidating
 * `all` refreshes the whole group.
 */
export const authKeys = {
  all: ['auth'] as const,
  me: ['auth', 'me'] as const,
  userList: ['auth', 'user-list'] as const,
};

export const productsKeys = {
  all: ['products'] as const,
  grouped: <P extends object>(params: P) => ['products', 'grouped', params] as const,
  detail: (id: string) => ['products', 'detail', id] as const,
};

export const ordersKeys = {
  all: ['orders'] as const,
  mine: ['orders', 'mine'] as const,
  detail: (id: string) => ['orders', 'detail', id] as const,
};

export const privacyKeys = {
  all: ['privacy'] as const,
  terms: ['privacy', 'terms'] as const,
};

export const mostNeededKeys = {
  all: ['most-needed'] as const,
};
