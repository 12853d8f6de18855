import type { ReactNode } from 'react';
import { AppBar, Layout, UserMenu } from 'react-admin';
import { AppMenu } from './app-menu';
import { LogoutItem } from './logout-item';

function AppUserMenu() {
  return (
    <UserMenu>
      <LogoutItem />
    </UserMenu>
  );
}

function AppAppBar() {
  return <AppBar userMenu={<AppUserMenu />} className="no-print" />;
}

export function AppLayout({ children }: { children: ReactNode }) {
  return (
    <Layout menu={AppMenu} appBar={AppAppBar}>
      {children}
    </Layout>
  );
}
