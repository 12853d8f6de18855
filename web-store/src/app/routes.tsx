/** Every route of the original store; admin paths open the matching console page. */
import type { ComponentType } from 'react';
import type { RouteObject } from 'react-router-dom';
import { LoginPage } from '../features/auth/components/login-page';
import { HomePage } from '../features/products/components/home-page';
import { ProductsPage } from '../features/products/components/products-page';
import { AboutPage } from '../features/static-pages/components/about-page';
import { NotFoundPage } from '../features/static-pages/components/not-found-page';
import { ConsoleRedirect } from './console-redirect';
import { HomeRedirect } from './home-redirect';
import { Layout, LayoutLoading } from './layout';
import { RequireAuth } from './require-auth';

/**
 * Screens off the first visit's path load on demand, so /home and /about start with less JavaScript.
 */
function page<M extends Record<string, unknown>>(load: () => Promise<M>, name: keyof M & string) {
  return async () => {
    const module = await load();
    return { Component: module[name] as ComponentType };
  };
}

/** The original app's admin path -> the console's hash path. */
export const CONSOLE_ROUTES: readonly [
  string,
  (p: Record<string, string | undefined>) => string,
][] = [
  ['/admin/dashboard', () => '/'],
  ['/admin/products', () => '/products'],
  ['/admin/product', () => '/products/create'],
  ['/admin/product/:id', (p) => `/products/${encodeURIComponent(p.id ?? '')}`],
  ['/admin/orders', () => '/orders'],
  ['/admin/order/:id', (p) => `/orders/${encodeURIComponent(p.id ?? '')}`],
  ['/admin/users', () => '/users'],
  ['/admin/user/:id', (p) => `/users/${encodeURIComponent(p.id ?? '')}`],
  ['/register', () => '/users/create'],
  ['/registersuccess', () => '/users'],
  ['/generate-report/*', () => '/report'],
];

export const routes: RouteObject[] = [
  {
    element: <Layout />,
    // Shown while the first page's code loads; without it react-router renders nothing and warns.
    HydrateFallback: LayoutLoading,
    children: [
      { index: true, element: <HomeRedirect /> },
      { path: 'home', element: <HomePage /> },
      {
        path: 'replica',
        lazy: page(() => import('../features/request-form/components/replica-page'), 'ReplicaPage'),
      },
      {
        path: 'requestform',
        lazy: page(
          () => import('../features/request-form/components/request-form-page'),
          'RequestFormPage',
        ),
      },
      {
        path: 'donate',
        lazy: page(() => import('../features/static-pages/components/donate-page'), 'DonatePage'),
      },
      { path: 'products', element: <ProductsPage /> },
      // Not exact: anything under /products/<keyword> lists that keyword.
      { path: 'products/:keyword/*', element: <ProductsPage /> },
      {
        path: 'product/:id',
        lazy: page(
          () => import('../features/products/components/product-details-page'),
          'ProductDetailsPage',
        ),
      },
      {
        path: 'search',
        lazy: page(() => import('../features/products/components/search-page'), 'SearchPage'),
      },
      {
        path: 'cart',
        lazy: page(() => import('../features/cart/components/cart-page'), 'CartPage'),
      },
      { path: 'login', element: <LoginPage /> },
      {
        path: 'loginmanual',
        lazy: page(
          () => import('../features/auth/components/login-manual-page'),
          'LoginManualPage',
        ),
      },
      {
        path: 'contact',
        lazy: page(() => import('../features/static-pages/components/contact-page'), 'ContactPage'),
      },
      { path: 'about', element: <AboutPage /> },
      {
        path: 'termsofuse',
        lazy: page(() => import('../features/static-pages/components/terms-page'), 'TermsPage'),
      },
      {
        path: 'privacypolicy',
        lazy: page(() => import('../features/static-pages/components/privacy-page'), 'PrivacyPage'),
      },
      {
        path: 'helpuse',
        lazy: page(
          () => import('../features/static-pages/components/help-use-page'),
          'HelpUsePage',
        ),
      },
      {
        path: 'password/forgot',
        lazy: page(
          () => import('../features/account/components/forgot-password-page'),
          'ForgotPasswordPage',
        ),
      },
      {
        path: 'password/reset/:token',
        lazy: page(
          () => import('../features/account/components/reset-password-page'),
          'ResetPasswordPage',
        ),
      },
      {
        element: <RequireAuth />,
        children: [
          {
            path: 'account',
            lazy: page(() => import('../features/account/components/account-page'), 'AccountPage'),
          },
          {
            path: 'me/update',
            lazy: page(
              () => import('../features/account/components/update-profile-page'),
              'UpdateProfilePage',
            ),
          },
          {
            path: 'password/update',
            lazy: page(
              () => import('../features/account/components/update-password-page'),
              'UpdatePasswordPage',
            ),
          },
          {
            path: 'shipping',
            lazy: page(
              () => import('../features/checkout/components/shipping-page'),
              'ShippingPage',
            ),
          },
          {
            path: 'order/confirm',
            lazy: page(
              () => import('../features/checkout/components/confirm-order-page'),
              'ConfirmOrderPage',
            ),
          },
          {
            path: 'process/payment',
            lazy: page(() => import('../features/checkout/components/payment-page'), 'PaymentPage'),
          },
          {
            path: 'success',
            lazy: page(() => import('../features/checkout/components/success-page'), 'SuccessPage'),
          },
          {
            path: 'orders',
            lazy: page(
              () => import('../features/orders/components/my-orders-page'),
              'MyOrdersPage',
            ),
          },
          {
            path: 'order/:id',
            lazy: page(
              () => import('../features/orders/components/order-details-page'),
              'OrderDetailsPage',
            ),
          },
        ],
      },
      ...CONSOLE_ROUTES.map(([path, to]) => ({ path, element: <ConsoleRedirect to={to} /> })),
      { path: '*', element: <NotFoundPage /> },
    ],
  },
];
