import { lazy } from 'react';
import { Admin, CustomRoutes, Resource, defaultTheme } from 'react-admin';
import { Route } from 'react-router-dom';
import { authProvider } from './authProvider';
import { dataProvider } from './dataProvider';
import { Dashboard } from './dashboard/dashboard';
import { HowToUsePage } from './how-to-use/how-to-use-page';
import { i18nProvider } from './i18n';
import { AppLayout } from './layout/app-layout';
import { AppNotification } from './layout/app-notification';
import { LoginPage } from './layout/login-page';
import { donations } from './donations';
import { orders, PickListsPage } from './orders';
import { products } from './products';
import { reviews } from './reviews';
import { specPathAliasRoutes } from './spec-path-aliases';
import { stockCounts } from './stock-counts';
import { USER_REGISTERED_PATH, UserRegistered, users } from './users';

// The report (and its charts) loads only when opened.
const ReportPage = lazy(() => import('./report/report-page'));

const theme = {
  ...defaultTheme,
  // The app bar takes the secondary colour: both are the charity's navy.
  palette: {
    ...defaultTheme.palette,
    primary: { main: '#1a3a6b' },
    secondary: { main: '#1a3a6b' },
  },
};

/**
 * The admin and volunteer console. Admins get every resource; volunteers only orders and How To Use
 * (the gateway refuses them the rest anyway).
 */
export function App() {
  return (
    <Admin
      title="LR345 Console"
      dataProvider={dataProvider}
      authProvider={authProvider}
      i18nProvider={i18nProvider}
      loginPage={LoginPage}
      layout={AppLayout}
      dashboard={Dashboard}
      notification={AppNotification}
      theme={theme}
      requireAuth
      disableTelemetry
    >
      {(permissions: string) => (
        <>
          <Resource name="orders" options={{ label: 'All Orders' }} {...orders} />
          <Resource name="donations" options={{ label: 'Donations' }} {...donations} />
          <Resource name="donation-sources" />
          <Resource name="donation-products" />
          <Resource name="stock-counts" options={{ label: 'Stock counts' }} {...stockCounts} />
          {permissions === 'admin' ? (
            <>
              <Resource name="products" options={{ label: 'All Products' }} {...products} />
              <Resource name="users" options={{ label: 'All Users' }} {...users} />
              <Resource name="movements" />
              <Resource name="reviews" options={{ label: 'Reviews' }} {...reviews} />
            </>
          ) : null}
          <CustomRoutes>
            <Route path="/how-to-use" element={<HowToUsePage />} />
            <Route path="/pick-lists" element={<PickListsPage />} />
            {permissions === 'admin' ? (
              <>
                <Route path="/report" element={<ReportPage />} />
                <Route path={USER_REGISTERED_PATH} element={<UserRegistered />} />
              </>
            ) : null}
            {specPathAliasRoutes()}
          </CustomRoutes>
        </>
      )}
    </Admin>
  );
}
