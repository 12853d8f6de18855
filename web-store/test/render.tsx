/** Renders a piece of the store with its real providers: react-query, toasts and a memory router. */
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { render } from '@testing-library/react';
import type { ReactElement } from 'react';
import { MemoryRouter, Route, Routes, useLocation } from 'react-router-dom';
import { ToastProvider } from '../src/components/toast';
import { meQueryKey, type CurrentUser } from '../src/lib/auth';

export const SCHOOL: CurrentUser = {
  _id: '11111111-1111-4111-8111-111111111111',
  name: 'Maple Grove Elementary',
  email: 'maple-grove',
  role: 'user',
  address: '12 Maple Street',
  district: 'North District',
  avatar: { url: '' },
  exemptFromLineCap: false,
  createdAt: '2026-01-05T10:00:00.000Z',
};

export const TEST_USER: CurrentUser = {
  ...SCHOOL,
  _id: '22222222-2222-4222-8222-222222222222',
  name: 'TEST USER',
  email: 'TEST USER',
  exemptFromLineCap: true,
};

interface Options {
  user?: CurrentUser | null;
  path?: string;
  /** Route pattern of `ui`; defaults to `path`. */
  pattern?: string;
  extraRoutes?: { path: string; element: ReactElement }[];
}

/** Shows the current URL so tests can assert redirects. */
function LocationProbe() {
  const location = useLocation();
  return <output data-testid="location">{location.pathname + location.search}</output>;
}

export function renderRoute(
  ui: ReactElement,
  { user = SCHOOL, path = '/', pattern, extraRoutes = [] }: Options = {},
) {
  const client = new QueryClient({
    defaultOptions: { queries: { retry: false }, mutations: { retry: false } },
  });
  client.setQueryData(meQueryKey, user);
  const routes = [{ path: pattern ?? path.split('?')[0] ?? '/', element: ui }, ...extraRoutes];
  const result = render(
    <QueryClientProvider client={client}>
      <ToastProvider>
        <MemoryRouter initialEntries={[path]}>
          <Routes>
            {routes.map((route) => (
              <Route key={route.path} path={route.path} element={route.element} />
            ))}
          </Routes>
          <LocationProbe />
        </MemoryRouter>
      </ToastProvider>
    </QueryClientProvider>,
  );
  return { ...result, client };
}

/** Replaces window.fetch with a router of canned gateway answers (the HTTP edge only). */
export function stubFetch(
  handler: (url: string, init: RequestInit | undefined) => { status?: number; body: unknown },
) {
  const calls: { url: string; init: RequestInit | undefined }[] = [];
  const fetchStub = jest.fn(async (input: RequestInfo | URL, init?: RequestInit) => {
    const url = typeof input === 'string' ? input : input instanceof URL ? input.href : input.url;
    calls.push({ url, init });
    const { status = 200, body } = handler(url, init);
    return {
      ok: status >= 200 && status < 300,
      status,
      json: async () => body,
    } as Response;
  });
  Object.defineProperty(window, 'fetch', { value: fetchStub, configurable: true, writable: true });
  return calls;
}
