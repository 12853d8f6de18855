import type { ReactNode } from 'react';
import AccountIcon from '@mui/icons-material/AccountCircle';
import { AppBar, Layout, TitlePortal, UserMenu, useGetIdentity } from 'react-admin';
import { AppMenu } from './app-menu';
import { LogoutItem } from './logout-item';

/**
 * The menu button shows the user's name, so its accessible name starts with it (WCAG 2.5.3); its icon
 * is a picture, not react-admin's letter avatar, whose letter would be read as part of the name.
 */
function AppUserMenu() {
  const { identity } = useGetIdentity();
  return (
    <UserMenu
      icon={<AccountIcon />}
      label={identity?.fullName ? `${identity.fullName}: account menu` : 'Account menu'}
    >
      <LogoutItem />
    </UserMenu>
  );
}

/** The page title each page sets (<Title>) is the page's one h1, for screen-reader navigation. */
function AppAppBar() {
  return (
    <AppBar userMenu={<AppUserMenu />} className="no-print">
      <TitlePortal component="h1" />
    </AppBar>
  );
}

export function AppLayout({ children }: { children: ReactNode }) {
  return (
    <Layout menu={AppMenu} appBar={AppAppBar}>
      {children}
    </Layout>
  );
}
