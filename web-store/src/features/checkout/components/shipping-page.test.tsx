import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { getShipping } from '../../../lib/shipping-info';
import { renderRoute, TEST_USER } from '../../../../test/render';
import { ShippingPage } from './shipping-page';

const confirmRoute = [{ path: '/order/confirm', element: <p>confirm page</p> }];

describe('ShippingPage', () => {
  it("refuses a missing gender with 'Please select a gender'", async () => {
    const user = userEvent.setup();
    renderRoute(<ShippingPage />, { path: '/shipping', extraRoutes: confirmRoute });
    await user.type(screen.getByLabelText('Student ID'), 'S123');
    await user.type(screen.getByLabelText('Age'), '9');
    await user.type(screen.getByLabelText('Email'), 'teacher@school.example');
    await user.click(screen.getByRole('button', { name: 'Continue' }));
    expect(screen.getAllByText('Please select a gender').length).toBeGreaterThan(0);
    expect(screen.queryByText('confirm page')).not.toBeInTheDocument();
    expect(getShipping()).toBeNull();
  });

  it('stores the order-shaped shipping info and moves on', async () => {
    const user = userEvent.setup();
    renderRoute(<ShippingPage />, { path: '/shipping', extraRoutes: confirmRoute });
    expect(screen.getByLabelText('Address')).toHaveAttribute('readonly');
    expect(screen.getByLabelText('District')).toHaveValue('North District');
    expect(screen.getByText(/unidentifying student ID/)).toBeInTheDocument();
    await user.type(screen.getByLabelText('Student ID'), 'S123');
    await user.type(screen.getByLabelText('Age'), '9');
    await user.selectOptions(screen.getByLabelText('Gender'), 'NA');
    await user.type(screen.getByLabelText("Teacher's name"), 'Ms Rivera');
    await user.type(screen.getByLabelText('Email'), 'teacher@school.example');
    await user.click(
      screen.getByRole('checkbox', { name: /may share the student's and teacher's details/ }),
    );
    await user.click(screen.getByRole('button', { name: 'Continue' }));
    expect(await screen.findByText('confirm page')).toBeInTheDocument();
    expect(getShipping()?.form.sharingConsent).toBe(true);
    expect(getShipping()?.info).toMatchObject({
      userName: 'Maple Grove Elementary',
      receivingPersonName: 'S123_9_NA',
      userLoggedInDesignation: 'Ms Rivera',
      userAddress: '12 Maple Street|North District',
      Email: 'teacher@school.example',
    });
  });

  it('requires the consent box, saying why', async () => {
    const user = userEvent.setup();
    renderRoute(<ShippingPage />, { path: '/shipping', extraRoutes: confirmRoute });
    await user.type(screen.getByLabelText('Student ID'), 'S9');
    await user.type(screen.getByLabelText('Age'), '9');
    await user.selectOptions(screen.getByLabelText('Gender'), 'Female');
    await user.type(screen.getByLabelText('Email'), 'teacher@school.example');
    const box = screen.getByRole('checkbox', {
      name: /may share the student's and teacher's details/,
    });
    expect(box).toBeRequired();
    await user.click(screen.getByRole('button', { name: 'Continue' }));
    expect(
      screen.getByText("Please confirm that you may share the student's details for this request"),
    ).toBeInTheDocument();
    expect(box).toHaveAccessibleDescription(/Please confirm/);
    expect(screen.queryByText('confirm page')).not.toBeInTheDocument();
    expect(getShipping()).toBeNull();
  });

  it('requires the email', async () => {
    const user = userEvent.setup();
    renderRoute(<ShippingPage />, { path: '/shipping', extraRoutes: confirmRoute });
    await user.type(screen.getByLabelText('Student ID'), 'S1');
    await user.type(screen.getByLabelText('Age'), '9');
    await user.selectOptions(screen.getByLabelText('Gender'), 'Male');
    await user.click(screen.getByRole('button', { name: 'Continue' }));
    expect(screen.getByText('Email is required')).toBeInTheDocument();
  });

  it("shows 'Prefer not to say' for NA", () => {
    renderRoute(<ShippingPage />, { path: '/shipping' });
    expect(screen.getByRole('option', { name: 'Prefer not to say' })).toHaveValue('NA');
  });

  it('prefills and locks the delivery fields for TEST USER', async () => {
    const user = userEvent.setup();
    renderRoute(<ShippingPage />, {
      path: '/shipping',
      user: TEST_USER,
      extraRoutes: confirmRoute,
    });
    expect(screen.getByLabelText('Student ID')).toHaveAttribute('readonly');
    expect(screen.getByLabelText('Student ID')).not.toHaveValue('');
    expect(screen.getByLabelText('Gender')).toBeDisabled();
    // The consent is asked of the TEST USER too.
    expect(screen.getByRole('checkbox', { name: /may share/ })).not.toBeChecked();
    await user.click(screen.getByRole('checkbox', { name: /may share/ }));
    await user.click(screen.getByRole('button', { name: 'Continue' }));
    expect(await screen.findByText('confirm page')).toBeInTheDocument();
  });
});
