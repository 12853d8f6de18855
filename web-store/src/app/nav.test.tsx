import { act, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { addToCart } from '../lib/cart';
import { getShipping, saveShipping } from '../lib/shipping-info';
import { renderRoute, SCHOOL, stubFetch } from '../../test/render';
import { LOGOUT_DELAY_MS, Nav } from './nav';

function navLinks() {
  return within(screen.getByRole('navigation', { name: 'Main' }))
    .getAllByRole('link')
    .map((link) => link.textContent?.replace(/\s+/g, ' ').trim());
}

describe('Nav', () => {
  it('forgets the checkout in progress (the student in it) on logout', async () => {
    stubFetch(() => ({ body: { success: true } }));
    saveShipping(
      {
        studentId: 'S9',
        age: '9',
        gender: 'NA',
        teacherName: '',
        phoneNo: '',
        Email: 't@x.example',
        additionalComments: '',
        sharingConsent: true,
      },
      {
        userName: 'Maple Grove Elementary',
        receivingPersonName: 'S9_9_NA',
        additionalComments: '',
        userLoggedInDesignation: '',
        userAddress: '12 Maple Street|North District',
        orderDate: '2026-01-01T00:00:00.000Z',
        phoneNo: '',
        Email: 't@x.example',
      },
    );
    expect(getShipping()?.form.studentId).toBe('S9');
    const user = userEvent.setup();
    renderRoute(<Nav />);
    await user.click(screen.getByRole('button', { name: 'Logout' }));
    await user.click(screen.getByRole('button', { name: 'Yes' }));
    expect(await screen.findByText('Logout Successfully')).toBeInTheDocument();
    expect(getShipping()).toBeNull();
  });

  it("keeps a guest's two links in the header, with no Menu button to open first", () => {
    renderRoute(<Nav />, { user: null });
    expect(screen.getByRole('navigation', { name: 'Main' })).toHaveClass('nav--guest');
  });

  it('shows About Us and Login to a guest', () => {
    renderRoute(<Nav />, { user: null });
    expect(navLinks()).toEqual(['About Us', 'Login']);
  });

  it('shows a school its links with the cart count', () => {
    addToCart({
      product: 'p',
      name: 'Cap',
      price: 0,
      image: '',
      stock: 3,
      quantity: 2,
      SubCategory: 'One size',
      ProductSize: 'One size',
    });
    renderRoute(<Nav />);
    expect(navLinks()).toEqual([
      'Home',
      'My Orders',
      'About Us',
      'How To Use',
      'My Cart 2',
      'My Profile',
      'Edit Profile',
      'Change code',
    ]);
    expect(screen.getByRole('link', { name: 'Change code' })).toHaveAttribute(
      'href',
      '/password/update',
    );
    expect(screen.getByRole('button', { name: 'Logout' })).toBeInTheDocument();
  });

  it('links an admin to the console pages', () => {
    renderRoute(<Nav />, { user: { ...SCHOOL, role: 'admin' } });
    expect(navLinks()).toEqual([
      'Dashboard',
      'All Orders',
      'All Products',
      'Add Product',
      'All Users',
      'Add User',
      'How To Use',
      'My Profile',
      'Edit Profile',
      'Change code',
    ]);
    expect(screen.getByRole('link', { name: 'Add User' })).toHaveAttribute(
      'href',
      '/admin/#/users/create',
    );
  });

  it('gives a volunteer only the dashboard, orders and help', () => {
    renderRoute(<Nav />, { user: { ...SCHOOL, role: 'volunteer' } });
    expect(navLinks()).toEqual([
      'Dashboard',
      'All Orders',
      'How To Use',
      'My Profile',
      'Edit Profile',
      'Change code',
    ]);
  });

  it("asks before logging out, then says 'Logout Successfully' and goes to / after 1 s", async () => {
    jest.useFakeTimers();
    try {
      const calls = stubFetch(() => ({ body: { success: true } }));
      const user = userEvent.setup({ advanceTimers: jest.advanceTimersByTime });
      renderRoute(<Nav />, {
        path: '/orders',
        extraRoutes: [{ path: '/', element: <p>start page</p> }],
      });
      await user.click(screen.getByRole('button', { name: 'Logout' }));
      expect(screen.getByText('Are you sure you want to Logout')).toBeInTheDocument();
      await user.click(screen.getByRole('button', { name: 'Yes' }));
      expect(await screen.findByText('Logout Successfully')).toBeInTheDocument();
      // POST: the gateway refuses a GET logout sent from another site.
      expect(calls.map((c) => [c.init?.method, c.url])).toEqual([['POST', '/api/v1/logout']]);
      expect(screen.getByTestId('location')).toHaveTextContent('/orders');
      act(() => {
        jest.advanceTimersByTime(LOGOUT_DELAY_MS);
      });
      expect(await screen.findByText('start page')).toBeInTheDocument();
    } finally {
      jest.useRealTimers();
    }
  });
});
