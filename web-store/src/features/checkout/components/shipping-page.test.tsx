import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { getShipping, rememberContact } from '../../../lib/shipping-info';
import { renderRoute, SCHOOL, TEST_USER } from '../../../../test/render';
import { ShippingPage } from './shipping-page';

const confirmRoute = [{ path: '/order/confirm', element: <p>confirm page</p> }];

async function fillStudent(user: ReturnType<typeof userEvent.setup>) {
  await user.type(screen.getByLabelText('Student ID'), 'S123');
  await user.type(screen.getByLabelText('Age'), '9');
  await user.selectOptions(screen.getByLabelText('Gender'), 'NA');
  await user.type(screen.getByLabelText('Additional comments'), 'Needs a coat');
  await user.click(screen.getByRole('checkbox', { name: /may share the student's/ }));
}

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
      within(screen.getByRole('alert')).getByRole('link', {
        name: "Please confirm that you may share the student's details for this request",
      }),
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
    const summary = screen.getByRole('alert');
    expect(within(summary).getByRole('link', { name: 'Email is required' })).toBeInTheDocument();
    expect(screen.getByLabelText('Email')).toHaveAccessibleDescription('Email is required');
  });

  it('lists every problem at the top, in form order, and puts focus on the first invalid field', async () => {
    const user = userEvent.setup();
    renderRoute(<ShippingPage />, { path: '/shipping', extraRoutes: confirmRoute });
    await user.type(screen.getByLabelText('Age'), 'ten');
    await user.type(screen.getByLabelText('Phone'), 'call me');
    await user.click(screen.getByRole('button', { name: 'Continue' }));

    const summary = screen.getByRole('alert');
    expect(within(summary).getByRole('heading', { name: 'Please fix 6 problems' })).toBeVisible();
    expect(
      within(summary)
        .getAllByRole('link')
        .map((link) => link.getAttribute('href')),
    ).toEqual(['#studentId', '#age', '#gender', '#phoneNo', '#Email', '#sharingConsent']);
    expect(screen.getByLabelText('Student ID')).toHaveFocus();
    expect(screen.getByLabelText('Student ID')).toHaveAttribute('aria-invalid', 'true');
    expect(screen.getByLabelText("Teacher's name")).not.toHaveAttribute('aria-invalid');
    // Each field error stays beside its field but is not an alert of its own.
    expect(screen.getAllByRole('alert')).toHaveLength(1);

    await user.click(within(summary).getByRole('link', { name: 'Please select a gender' }));
    expect(screen.getByLabelText('Gender')).toHaveFocus();
  });

  it('starts with empty contact fields and "remember" off on a fresh browser', () => {
    renderRoute(<ShippingPage />, { path: '/shipping' });
    expect(screen.getByLabelText('Remember my contact details on this computer')).not.toBeChecked();
    expect(screen.getByLabelText("Teacher's name")).toHaveValue('');
    expect(screen.getByLabelText('Email')).toHaveValue('');
  });

  it('remembers only the contact details, only when asked, and only for the same school', async () => {
    const user = userEvent.setup();
    const first = renderRoute(<ShippingPage />, { path: '/shipping', extraRoutes: confirmRoute });
    await fillStudent(user);
    await user.type(screen.getByLabelText("Teacher's name"), 'Ms Rivera');
    await user.type(screen.getByLabelText('Phone'), '555 0100');
    await user.type(screen.getByLabelText('Email'), 'rivera@school.example');
    await user.click(screen.getByLabelText('Remember my contact details on this computer'));
    await user.click(screen.getByRole('button', { name: 'Continue' }));
    await screen.findByText('confirm page');
    const kept = window.localStorage.getItem('rememberedContact') ?? '';
    expect(JSON.parse(kept)).toEqual({
      school: SCHOOL._id,
      teacherName: 'Ms Rivera',
      phoneNo: '555 0100',
      Email: 'rivera@school.example',
    });
    expect(kept).not.toMatch(/S123|Needs a coat/);
    first.unmount();
    // The checkout in progress is this tab's only, never localStorage.
    window.sessionStorage.clear();

    renderRoute(<ShippingPage />, { path: '/shipping' });
    expect(screen.getByLabelText("Teacher's name")).toHaveValue('Ms Rivera');
    expect(screen.getByLabelText('Email')).toHaveValue('rivera@school.example');
    expect(screen.getByLabelText('Student ID')).toHaveValue('');
    expect(screen.getByLabelText('Remember my contact details on this computer')).toBeChecked();
  });

  it("does not show one school's remembered contact to another school", () => {
    rememberContact('another-school', {
      teacherName: 'Mr Other',
      phoneNo: '',
      Email: 'o@x.example',
    });
    renderRoute(<ShippingPage />, { path: '/shipping' });
    expect(screen.getByLabelText("Teacher's name")).toHaveValue('');
    expect(screen.getByLabelText('Remember my contact details on this computer')).not.toBeChecked();
  });

  it('forgets the remembered contact as soon as "remember" is unticked', async () => {
    const user = userEvent.setup();
    rememberContact(SCHOOL._id, { teacherName: 'Ms Rivera', phoneNo: '', Email: 'r@x.example' });
    renderRoute(<ShippingPage />, { path: '/shipping' });
    await user.click(screen.getByLabelText('Remember my contact details on this computer'));
    expect(window.localStorage.getItem('rememberedContact')).toBeNull();
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
