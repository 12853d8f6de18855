import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { renderRoute, stubFetch } from '../../../../test/render';
import { UpdatePasswordPage } from './update-password-page';

describe('UpdatePasswordPage', () => {
  it('refuses a confirmation that does not match, without calling the server', async () => {
    const calls = stubFetch(() => ({ body: { success: true } }));
    const user = userEvent.setup();
    renderRoute(<UpdatePasswordPage />, { path: '/password/update' });
    await user.type(screen.getByLabelText('Old Password'), 'demo345');
    await user.type(screen.getByLabelText('New Password'), 'newcode1');
    await user.type(screen.getByLabelText('Confirm Password'), 'newcode2');
    await user.click(screen.getByRole('button', { name: 'Change' }));
    expect(await screen.findByText('Passwords do not match')).toBeInTheDocument();
    expect(calls).toHaveLength(0);
  });

  it("shows the server's message for a wrong old code and the spec's toast on success", async () => {
    let wrong = true;
    stubFetch(() =>
      wrong
        ? {
            status: 400,
            body: { success: false, code: 'BAD_REQUEST', message: 'Old password is incorrect' },
          }
        : { body: { success: true } },
    );
    const user = userEvent.setup();
    renderRoute(<UpdatePasswordPage />, {
      path: '/password/update',
      extraRoutes: [{ path: '/account', element: <p>account</p> }],
    });
    await user.type(screen.getByLabelText('Old Password'), 'nope');
    await user.type(screen.getByLabelText('New Password'), 'newcode1');
    await user.type(screen.getByLabelText('Confirm Password'), 'newcode1');
    await user.click(screen.getByRole('button', { name: 'Change' }));
    expect(await screen.findByText('Old password is incorrect')).toBeInTheDocument();
    wrong = false;
    await user.click(screen.getByRole('button', { name: 'Change' }));
    expect(await screen.findByText('Password Updated Successfully')).toBeInTheDocument();
    expect(await screen.findByText('account')).toBeInTheDocument();
  });
});
