/**
 * Navigation per role. Staff links open the console pages. Everyone logged in has an
 * account menu (profile, edit profile, change password), the old app's user menu.
 */
import { useState, type MouseEvent } from 'react';
import { Link, NavLink, useNavigate } from 'react-router-dom';
import { UI_MESSAGES } from '@lr/contracts';
import { errorMessage } from '../lib/api';
import { useCurrentUser, type CurrentUser } from '../lib/auth';
import { cartCount, useCartItems } from '../lib/cart';
import { ConfirmDialog } from '../components/confirm-dialog';
import { useToast } from '../components/toast';
import { useLogout } from '../features/auth/api/logout';
import { consoleUrl } from './console-redirect';
import './nav.css';

export const LOGOUT_DELAY_MS = 1000;

export function Nav() {
  const me = useCurrentUser();
  const user = me.data ?? null;
  const [open, setOpen] = useState(false);
  // Following a link closes the phone menu; opening a sub-menu (<summary>) inside it does not.
  const closeOnLink = (event: MouseEvent<HTMLElement>) => {
    if ((event.target as HTMLElement).closest('a')) setOpen(false);
  };

  // A guest has two links: they stay in the header on a phone too, so Login is an early Tab stop.
  return (
    <nav className={user ? 'nav' : 'nav nav--guest'} aria-label="Main">
      <button
        type="button"
        className="nav__toggle"
        aria-expanded={open}
        aria-controls="nav-links"
        onClick={() => setOpen((o) => !o)}
      >
        Menu
      </button>
      <ul id="nav-links" className={`nav__links${open ? ' is-open' : ''}`} onClick={closeOnLink}>
        {!user && <GuestLinks />}
        {user?.role === 'user' && <SchoolLinks />}
        {user && user.role !== 'user' && <StaffLinks user={user} />}
        {user && (
          <li>
            <AccountMenu />
          </li>
        )}
        {user && (
          <li>
            <LogoutButton />
          </li>
        )}
      </ul>
    </nav>
  );
}

function GuestLinks() {
  return (
    <>
      <li>
        <NavLink to="/about">About Us</NavLink>
      </li>
      <li>
        <NavLink to="/login">Login</NavLink>
      </li>
    </>
  );
}

function SchoolLinks() {
  const count = cartCount(useCartItems());
  return (
    <>
      <li>
        <NavLink to="/home">Home</NavLink>
      </li>
      <li>
        <NavLink to="/orders">My Orders</NavLink>
      </li>
      <li>
        <NavLink to="/about">About Us</NavLink>
      </li>
      <li>
        <NavLink to="/helpuse">How To Use</NavLink>
      </li>
      <li>
        <NavLink to="/cart" aria-label={`My Cart, ${count} items`}>
          My Cart <span className="badge">{count}</span>
        </NavLink>
      </li>
    </>
  );
}

function StaffLinks({ user }: { user: CurrentUser }) {
  const isAdmin = user.role === 'admin';
  return (
    <>
      <li>
        <a href={consoleUrl('/')}>Dashboard</a>
      </li>
      <li>
        <a href={consoleUrl('/orders')}>All Orders</a>
      </li>
      {isAdmin && (
        <li>
          <details className="nav__menu">
            <summary>Products</summary>
            <ul>
              <li>
                <a href={consoleUrl('/products')}>All Products</a>
              </li>
              <li>
                <a href={consoleUrl('/products/create')}>Add Product</a>
              </li>
            </ul>
          </details>
        </li>
      )}
      {isAdmin && (
        <li>
          <details className="nav__menu">
            <summary>Users</summary>
            <ul>
              <li>
                <a href={consoleUrl('/users')}>All Users</a>
              </li>
              <li>
                <a href={consoleUrl('/users/create')}>Add User</a>
              </li>
            </ul>
          </details>
        </li>
      )}
      <li>
        <NavLink to="/helpuse">How To Use</NavLink>
      </li>
    </>
  );
}

/** A link chosen inside a <details> menu closes that menu (the page behind it changes). */
function closeMenu(event: MouseEvent<HTMLElement>) {
  event.currentTarget.closest('details')?.removeAttribute('open');
}

function AccountMenu() {
  return (
    <details className="nav__menu">
      <summary>My Account</summary>
      <ul>
        <li>
          <NavLink to="/account" end onClick={closeMenu}>
            My Profile
          </NavLink>
        </li>
        <li>
          <NavLink to="/me/update" onClick={closeMenu}>
            Edit Profile
          </NavLink>
        </li>
        <li>
          <NavLink to="/password/update" onClick={closeMenu}>
            Change code
          </NavLink>
        </li>
      </ul>
    </details>
  );
}

function LogoutButton() {
  const [asking, setAsking] = useState(false);
  const logoutMutation = useLogout();
  const toast = useToast();
  const navigate = useNavigate();

  // mutateAsync, not mutate callbacks: this button unmounts as soon as the user becomes a guest,
  // and per-call callbacks of an unmounted observer never run.
  const confirm = async () => {
    try {
      await logoutMutation.mutateAsync();
      toast.success(UI_MESSAGES.logout);
      setTimeout(() => void navigate('/'), LOGOUT_DELAY_MS);
    } catch (error) {
      setAsking(false);
      toast.error(errorMessage(error));
    }
  };

  return (
    <>
      <button
        type="button"
        className="nav__button"
        onClick={(e) => (e.stopPropagation(), setAsking(true))}
      >
        Logout
      </button>
      <ConfirmDialog
        open={asking}
        title="Logout"
        message={UI_MESSAGES.confirmLogout}
        busy={logoutMutation.isPending}
        onConfirm={() => void confirm()}
        onCancel={() => setAsking(false)}
      />
    </>
  );
}

export function Brand() {
  return (
    <Link to="/" className="brand">
      <span className="brand__mark" aria-hidden="true">
        LR
      </span>
      <span className="brand__name">Locker Room 345</span>
    </Link>
  );
}
