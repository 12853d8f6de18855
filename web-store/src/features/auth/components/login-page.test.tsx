import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { renderRoute, stubFetch } from '../../../../test/render';
import { LoginPage } from './login-page';

const schools = [
  { _id: '2', name: 'Oak Ridge High', email: 'oak-ridge' },
  { _id: '1', name: 'Birch Lane Primary', email: 'birch-lane' },
];

describe('LoginPage', () => {
  it('lists the schools sorted, logs in with the masked code and returns to the wanted page', async () => {
    const calls = stubFetch((url) =>
      url === '/api/v1/getUserList'
        ? { body: { success: true, users: schools } }
        : {
            body: {
              success: true,
              user: { _id: '1', name: 'Birch Lane Primary', email: 'birch-lane', role: 'user' },
            },
          },
    );
    const user = userEvent.setup();
    renderRoute(<LoginPage />, {
      user: null,
      path: '/login?redirect=%2Forders',
      pattern: '/login',
      extraRoutes: [{ path: '/orders', element: <p>orders page</p> }],
    });
    const select = await screen.findByLabelText('School');
    expect(
      within(select)
        .getAllByRole('option')
        .map((o) => o.textContent),
    ).toEqual(['Select your school', 'Birch Lane Primary', 'Oak Ridge High']);
    expect(screen.getByLabelText('School code')).toHaveAttribute('type', 'password');
    expect(screen.getByLabelText('School code')).toBeRequired();
    await user.selectOptions(select, 'birch-lane');
    await user.type(screen.getByLabelText('School code'), 'demo345');
    await user.click(screen.getByRole('button', { name: 'Login' }));
    expect(await screen.findByText('orders page')).toBeInTheDocument();
    const login = calls.find((c) => c.url === '/api/v1/login');
    expect(JSON.parse(String(login?.init?.body))).toEqual({
      email: 'birch-lane',
      password: 'demo345',
    });
  });

  it("shows the server's message on a bad code and stays on the page", async () => {
    stubFetch((url) =>
      url === '/api/v1/getUserList'
        ? { body: { success: true, users: schools } }
        : {
            status: 401,
            body: { success: false, code: 'UNAUTHORIZED', message: 'Invalid login id or code' },
          },
    );
    const user = userEvent.setup();
    renderRoute(<LoginPage />, { user: null, path: '/login' });
    await user.selectOptions(await screen.findByLabelText('School'), 'oak-ridge');
    await user.type(screen.getByLabelText('School code'), 'wrong');
    await user.click(screen.getByRole('button', { name: 'Login' }));
    expect(await screen.findByText('Invalid login id or code')).toBeInTheDocument();
    expect(screen.getByTestId('location')).toHaveTextContent('/login');
  });

  it('says on the page, with the time left, that logins from here are paused (429)', async () => {
    stubFetch((url) =>
      url === '/api/v1/getUserList'
        ? { body: { success: true, users: schools } }
        : {
            status: 429,
            body: {
              success: false,
              code: 'TOO_MANY_REQUESTS',
              message: 'Too many failed logins; try again in 840 seconds',
              retryAfterSeconds: 840,
            },
          },
    );
    const user = userEvent.setup();
    renderRoute(<LoginPage />, { user: null, path: '/login' });
    await user.selectOptions(await screen.findByLabelText('School'), 'oak-ridge');
    await user.type(screen.getByLabelText('School code'), 'demo345');
    await user.click(screen.getByRole('button', { name: 'Login' }));
    const notice = await screen.findByRole('alert');
    expect(notice).toHaveTextContent('Logins from here are paused');
    expect(notice).toHaveTextContent('Please try again in 14 minutes');
  });

  it('filters the list by the typed text', async () => {
    stubFetch(() => ({ body: { success: true, users: schools } }));
    const user = userEvent.setup();
    renderRoute(<LoginPage />, { user: null, path: '/login' });
    await user.type(await screen.findByLabelText('Find your school'), 'oak');
    expect(
      within(screen.getByLabelText('School')).queryByText('Birch Lane Primary'),
    ).not.toBeInTheDocument();
    expect(within(screen.getByLabelText('School')).getByText('Oak Ridge High')).toBeInTheDocument();
  });
});

describe('LoginPage when already signed in', () => {
  it('goes straight to the page named in redirect', async () => {
    stubFetch(() => ({ body: { success: true, users: schools } }));
    renderRoute(<LoginPage />, {
      path: '/login?redirect=%2Fcart',
      pattern: '/login',
      extraRoutes: [{ path: '/cart', element: <p>cart page</p> }],
    });
    expect(await screen.findByText('cart page')).toBeInTheDocument();
  });
});
