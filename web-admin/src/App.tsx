import { CssBaseline } from '@mui/material';
import {
  AccessDenied,
  AdminContext,
  AuthenticationError,
  CoreAdminUI,
  CustomRoutes,
  Error as ErrorPage,
  Resource,
  localStorageStore,
} from 'react-admin';
import { Route } from 'react-router-dom';
import { authProvider } from './authProvider';
import { dataProvider } from './dataProvider';
import { i18nProvider } from './i18n';
import { AppLayout } from './layout/app-layout';
import { AppNotification } from './layout/app-notification';
import { CatchAllPage } from './layout/catch-all-page';
import { LoadingPage } from './layout/loading-page';
import { LoginPage } from './layout/login-page';
import { lazyNamed } from './lib/lazy-named';
import { createQueryClient } from './query-client';
import { theme } from './theme';
import { accessLog } from './access-log';
import { demand } from './demand';
import { donationSources, donations } from './donations';
import { notices } from './notices';
import { orders, PickListsPage } from './orders';
import { pickupSlots } from './pickups';
import { products } from './products';
import { reviews } from './reviews';
import { specPathAliasRoutes } from './spec-path-aliases';
import { stockCounts } from './stock-counts';
import { settings } from './settings';
import { USER_REGISTERED_PATH, UserRegistered, users } from './users';

// Every page loads only when opened (lib/lazy-named.ts); the resources' pages in their index files.
const Dashboard = lazyNamed(() => import('./dashboard/dashboard'), 'Dashboard');
const HowToUsePage = lazyNamed(() => import('./how-to-use/how-to-use-page'), 'HowToUsePage');
const ReportPage = lazyNamed(() => import('./report/report-page'), 'default');
const ImpactPage = lazyNamed(() => import('./impact/impact-page'), 'ImpactPage');
const PrivacyPage = lazyNamed(() => import('./privacy/privacy-page'), 'PrivacyPage');

const queryClient = createQueryClient();
const store = localStorageStore();

/**
 * The admin and volunteer console. Admins get every resource; volunteers get orders (with pick
 * lists), donations, stock counts, demand and How To Use, not products, users, reviews or the report (the
 * gateway refuses them those anyway).
 *
 * react-admin's <Admin> is <AdminContext> + <AdminUI>; AdminUI imports react-admin's own login form
 * (and with it the whole form library) as a default even when a login page is given, so the console
 * puts CoreAdminUI together itself with every page named and keeps that out of its first load.
 */
export function App() {
  return (
    <AdminContext
      dataProvider={dataProvider}
      queryClient={queryClient}
      authProvider={authProvider}
      i18nProvider={i18nProvider}
      store={store}
      theme={theme}
    >
      <CssBaseline enableColorScheme>
        <ConsoleRoutes />
        <AppNotification />
      </CssBaseline>
    </AdminContext>
  );
}

function ConsoleRoutes() {
  return (
    <CoreAdminUI
      title="LR345 Console"
      accessDenied={AccessDenied}
      authCallbackPage={LoadingPage}
      authenticationError={AuthenticationError}
      catchAll={CatchAllPage}
      error={ErrorPage}
      loading={LoadingPage}
      loginPage={LoginPage}
      layout={AppLayout}
      dashboard={Dashboard}
      requireAuth
      disableTelemetry
    >
      {(permissions: string) => (
        <>
          <Resource name="orders" options={{ label: 'All Orders' }} {...orders} />
          <Resource name="donations" options={{ label: 'Donations' }} {...donations} />
          <Resource
            name="donation-sources"
            options={{ label: 'Donation sources' }}
            {...(permissions === 'admin' ? donationSources : {})}
          />
          <Resource name="donation-products" />
          <Resource name="stock-counts" options={{ label: 'Stock counts' }} {...stockCounts} />
          <Resource name="demand" options={{ label: 'Demand' }} {...demand} />
          {permissions === 'admin' ? (
            <>
              <Resource name="products" options={{ label: 'All Products' }} {...products} />
              <Resource name="users" options={{ label: 'All Users' }} {...users} />
              <Resource name="movements" />
              <Resource name="reviews" options={{ label: 'Reviews' }} {...reviews} />
              <Resource name="access-log" options={{ label: 'Access log' }} {...accessLog} />
              <Resource name="pickup-slots" options={{ label: 'Pickup slots' }} {...pickupSlots} />
              <Resource name="notices" options={{ label: 'Notices' }} {...notices} />
              <Resource name="settings" options={{ label: 'Settings' }} {...settings} />
            </>
          ) : null}
          <CustomRoutes>
            <Route path="/how-to-use" element={<HowToUsePage />} />
            <Route path="/pick-lists" element={<PickListsPage />} />
            {permissions === 'admin' ? (
              <>
                <Route path="/report" element={<ReportPage />} />
                <Route path="/impact" element={<ImpactPage />} />
                <Route path="/privacy" element={<PrivacyPage />} />
                <Route path={USER_REGISTERED_PATH} element={<UserRegistered />} />
              </>
            ) : null}
            {specPathAliasRoutes()}
          </CustomRoutes>
        </>
      )}
    </CoreAdminUI>
  );
}
