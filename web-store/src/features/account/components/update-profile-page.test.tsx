import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { renderRoute, SCHOOL, stubFetch } from '../../../../test/render';
import { UpdateProfilePage } from './update-profile-page';

describe('UpdateProfilePage', () => {
  it('asks for the current code only when the login id changes', async () => {
    const calls = stubFetch(() => ({ body: { success: true, user: SCHOOL } }));
    const user = userEvent.setup();
    renderRoute(<UpdateProfilePage />, {
      path: '/me/update',
      extraRoutes: [{ path: '/account', element: <p>account</p> }],
    });
    expect(screen.queryByLabelText('Current code')).not.toBeInTheDocument();
    await user.clear(screen.getByLabelText('Login ID'));
    await user.type(screen.getByLabelText('Login ID'), 'maple-grove-elementary');
    expect(screen.getByLabelText('Current code')).toHaveAttribute('type', 'password');
    await user.click(screen.getByRole('button', { name: 'Update' }));
    expect(await screen.findByRole('alert')).toHaveTextContent(
      'Please type your current code to change the Login ID.',
    );
    expect(calls.filter((c) => c.url === '/api/v1/me/update')).toHaveLength(0);
    expect(screen.getByLabelText('Current code')).toHaveFocus();

    await user.type(screen.getByLabelText('Current code'), 'demo345');
    await user.click(screen.getByRole('button', { name: 'Update' }));
    expect(await screen.findByText('account')).toBeInTheDocument();
    const sent = calls.find((c) => c.url === '/api/v1/me/update')!.init!.body as FormData;
    expect(sent.get('email')).toBe('maple-grove-elementary');
    expect(sent.get('currentPassword')).toBe('demo345');
  });

  it('says a wrong current code beside its field, and sends no code for a name change', async () => {
    let wrong = true;
    const calls = stubFetch(() =>
      wrong
        ? {
            status: 400,
            body: {
              success: false,
              code: 'BAD_REQUEST',
              message: 'currentPassword: the current code is incorrect',
            },
          }
        : { body: { success: true, user: SCHOOL } },
    );
    const user = userEvent.setup();
    renderRoute(<UpdateProfilePage />, {
      path: '/me/update',
      extraRoutes: [{ path: '/account', element: <p>account</p> }],
    });
    await user.clear(screen.getByLabelText('Login ID'));
    await user.type(screen.getByLabelText('Login ID'), 'new-id');
    await user.type(screen.getByLabelText('Current code'), 'nope');
    await user.click(screen.getByRole('button', { name: 'Update' }));
    expect(await screen.findByRole('alert')).toHaveTextContent(
      'The current code is not right. Please check it and try again.',
    );

    // Back to the old login id: no code field, no code sent.
    wrong = false;
    await user.clear(screen.getByLabelText('Login ID'));
    await user.type(screen.getByLabelText('Login ID'), SCHOOL.email);
    expect(screen.queryByLabelText('Current code')).not.toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Update' }));
    expect(await screen.findByText('account')).toBeInTheDocument();
    const updates = calls.filter((c) => c.url === '/api/v1/me/update');
    expect(updates).toHaveLength(2);
    expect((updates[1]!.init!.body as FormData).get('currentPassword')).toBeNull();
  });
});
