import { act, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { TOAST_DURATION_MS } from '../../../components/toast';
import { renderRoute, stubFetch } from '../../../../test/render';
import { UpdatePasswordPage } from './update-password-page';

describe('UpdatePasswordPage', () => {
  afterEach(() => jest.useRealTimers());

  it('refuses a confirmation that does not match, without calling the server', async () => {
    const calls = stubFetch(() => ({ body: { success: true } }));
    const user = userEvent.setup();
    renderRoute(<UpdatePasswordPage />, { path: '/password/update' });
    await user.type(screen.getByLabelText('Current code'), 'demo345');
    await user.type(screen.getByLabelText('New code'), 'newcode1');
    await user.type(screen.getByLabelText('New code again'), 'newcode2');
    await user.click(screen.getByRole('button', { name: 'Change code' }));
    expect(await screen.findByRole('alert')).toHaveTextContent(
      'New code again does not match the new code',
    );
    expect(calls).toHaveLength(0);
  });

  it("refuses what the server's rules refuse, naming the field, without calling the server", async () => {
    const calls = stubFetch(() => ({ body: { success: true } }));
    const user = userEvent.setup();
    renderRoute(<UpdatePasswordPage />, { path: '/password/update' });
    await user.click(screen.getByRole('button', { name: 'Change code' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('Current code is required');
    await user.type(screen.getByLabelText('Current code'), 'demo345');
    await user.type(screen.getByLabelText('New code'), 'abc');
    await user.type(screen.getByLabelText('New code again'), 'abc');
    await user.click(screen.getByRole('button', { name: 'Change code' }));
    expect(await screen.findByRole('alert')).toHaveTextContent(
      'New code must be at least 6 characters',
    );
    expect(calls).toHaveLength(0);
  });

  it('says a wrong current code in plain words and keeps it on screen, then shows the original toast on success', async () => {
    // The page's clock is jest's: time can pass past a toast's life without waiting for it.
    jest.useFakeTimers();
    let wrong = true;
    stubFetch(() =>
      wrong
        ? {
            status: 400,
            body: { success: false, code: 'BAD_REQUEST', message: 'Old password is incorrect' },
          }
        : { body: { success: true } },
    );
    const user = userEvent.setup({ advanceTimers: jest.advanceTimersByTime });
    renderRoute(<UpdatePasswordPage />, {
      path: '/password/update',
      extraRoutes: [{ path: '/account', element: <p>account</p> }],
    });
    await user.type(screen.getByLabelText('Current code'), 'nope');
    await user.type(screen.getByLabelText('New code'), 'newcode1');
    await user.type(screen.getByLabelText('New code again'), 'newcode1');
    await user.click(screen.getByRole('button', { name: 'Change code' }));
    expect(await screen.findByRole('alert')).toHaveTextContent(
      'The current code is not right. Please check it and try again.',
    );
    // Still there later: it is not a toast that vanishes after a second.
    act(() => {
      jest.advanceTimersByTime(TOAST_DURATION_MS * 5);
    });
    expect(screen.getByRole('alert')).toHaveTextContent('The current code is not right.');
    wrong = false;
    await user.click(screen.getByRole('button', { name: 'Change code' }));
    expect(await screen.findByText('Password Updated Successfully')).toBeInTheDocument();
    expect(await screen.findByText('account')).toBeInTheDocument();
  });
});
