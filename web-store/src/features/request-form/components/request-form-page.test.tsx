import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { renderRoute, stubFetch } from '../../../../test/render';
import { RequestFormPage } from './request-form-page';

describe('RequestFormPage', () => {
  it('keeps every field in its own state', async () => {
    const user = userEvent.setup();
    renderRoute(<RequestFormPage />, { path: '/requestform', user: null });
    await user.type(screen.getByLabelText('Full name'), 'Ana Lopez');
    await user.type(screen.getByLabelText('School name'), 'Oak Ridge');
    await user.type(screen.getByLabelText('Phone'), '555');
    expect(screen.getByLabelText('Full name')).toHaveValue('Ana Lopez');
    expect(screen.getByLabelText('School name')).toHaveValue('Oak Ridge');
    expect(screen.getByLabelText('Phone')).toHaveValue('555');
    expect(screen.getByLabelText('Faculty ID')).toHaveValue('');
    expect(screen.getByLabelText('Email')).toHaveAttribute('type', 'email');
  });

  it('adds and removes item rows independently', async () => {
    const user = userEvent.setup();
    renderRoute(<RequestFormPage />, { path: '/requestform', user: null });
    await user.click(screen.getByRole('button', { name: 'Add row' }));
    await user.click(screen.getByRole('button', { name: 'Add row' }));
    await user.type(screen.getByLabelText('Item 1'), 'Jacket');
    await user.type(screen.getByLabelText('Item 2'), 'Shoes');
    await user.type(screen.getByLabelText('Item 3'), 'Socks');
    await user.click(screen.getByRole('button', { name: 'Remove row 2' }));
    expect(screen.getByLabelText('Item 1')).toHaveValue('Jacket');
    expect(screen.getByLabelText('Item 2')).toHaveValue('Socks');
    expect(screen.queryByLabelText('Item 3')).not.toBeInTheDocument();
  });

  it('is prefilled from a product and printing never calls the login action', async () => {
    const calls = stubFetch(() => ({ body: { success: true } }));
    const print = jest.fn();
    Object.defineProperty(window, 'print', { value: print, configurable: true });
    const user = userEvent.setup();
    renderRoute(<RequestFormPage />, {
      path: '/requestform?item=Trainers&size=5&subCategory=Boy%27s%20sizing',
      pattern: '/requestform',
      user: null,
    });
    expect(screen.getByLabelText('Item 1')).toHaveValue("Trainers - Boy's sizing");
    expect(screen.getByLabelText('Size 1')).toHaveValue('5');
    await user.type(screen.getByLabelText('Full name'), 'Ana Lopez');
    await user.type(screen.getByLabelText('School name'), 'Oak Ridge');
    await user.click(screen.getByRole('button', { name: 'Print' }));
    expect(print).toHaveBeenCalledTimes(1);
    expect(calls).toHaveLength(0);
  });

  it("is prefilled with the signed-in school's name and address", () => {
    renderRoute(<RequestFormPage />, { path: '/requestform' });
    expect(screen.getByLabelText('School name')).toHaveValue('Maple Grove Elementary');
    expect(screen.getByLabelText('School address')).toHaveValue('12 Maple Street, North District');
    expect(screen.getByLabelText('Full name')).toHaveValue('');
  });

  it('leaves the school fields empty for a guest', () => {
    renderRoute(<RequestFormPage />, { path: '/requestform', user: null });
    expect(screen.getByLabelText('School name')).toHaveValue('');
    expect(screen.getByLabelText('School address')).toHaveValue('');
  });
});
