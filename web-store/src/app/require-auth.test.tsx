import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { render, screen } from '@testing-library/react';
import { MemoryRouter, Route, Routes, useLocation } from 'react-router-dom';
import { meQueryKey, type CurrentUser } from '../lib/auth';
import { SCHOOL } from '../../test/render';
import { RequireAuth } from './require-auth';

function LoginProbe() {
  const location = useLocation();
  return <p>login page at {location.pathname + location.search}</p>;
}

function renderGuarded(user: CurrentUser | null, path: string) {
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  client.setQueryData(meQueryKey, user);
  render(
    <QueryClientProvider client={client}>
      <MemoryRouter initialEntries={[path]}>
        <Routes>
          <Route element={<RequireAuth />}>
            <Route path="/orders" element={<p>my orders</p>} />
            <Route path="/order/:id" element={<p>one order</p>} />
          </Route>
          <Route path="/login" element={<LoginProbe />} />
        </Routes>
      </MemoryRouter>
    </QueryClientProvider>,
  );
}

describe('RequireAuth', () => {
  it('sends a guest to /login with the wanted page in redirect', () => {
    renderGuarded(null, '/order/abc?tab=items');
    expect(
      screen.getByText('login page at /login?redirect=%2Forder%2Fabc%3Ftab%3Ditems'),
    ).toBeInTheDocument();
  });

  it('lets a signed-in school through', () => {
    renderGuarded(SCHOOL, '/orders');
    expect(screen.getByText('my orders')).toBeInTheDocument();
  });
});
