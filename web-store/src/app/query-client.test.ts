import { ApiError } from '../lib/api';
import { meQueryKey } from '../lib/auth';
import { ordersKeys } from '../lib/query-keys';
import { SCHOOL } from '../../test/render';
import { createQueryClient } from './query-client';

describe('query client', () => {
  it('forgets the user when any call answers 401', async () => {
    const client = createQueryClient();
    client.setQueryData(meQueryKey, SCHOOL);
    await client
      .fetchQuery({
        queryKey: ordersKeys.mine,
        queryFn: () => Promise.reject(new ApiError('Please login', 401, 'UNAUTHORIZED')),
      })
      .catch(() => undefined);
    expect(client.getQueryData(meQueryKey)).toBeNull();
  });

  it('keeps the user on other errors', async () => {
    const client = createQueryClient();
    client.setQueryData(meQueryKey, SCHOOL);
    await client
      .fetchQuery({
        queryKey: ordersKeys.mine,
        queryFn: () => Promise.reject(new ApiError('Not found', 404, 'NOT_FOUND')),
      })
      .catch(() => undefined);
    expect(client.getQueryData(meQueryKey)).toEqual(SCHOOL);
  });
});
