/** Every route of spec 2.1; admin paths open the matching console page. */
import type { RouteObject } from 'react-router-dom';
import { AccountPage } from '../features/account/components/account-page';
import { ForgotPasswordPage } from '../features/account/components/forgot-password-page';
import { ResetPasswordPage } from '../features/account/components/reset-password-page';
import { UpdatePasswordPage } from '../features/account/components/update-password-page';
import { UpdateProfilePage } from '../features/account/components/update-profile-page';
import { LoginManualPage } from '../features/auth/components/login-manual-page';
import { LoginPage } from '../features/auth/components/login-page';
import { CartPage } from '../features/cart/components/cart-page';
import { ConfirmOrderPage } from '../features/checkout/components/confirm-order-page';
import { PaymentPage } from '../features/checkout/components/payment-page';
import { ShippingPage } from '../features/checkout/components/shipping-page';
import { SuccessPage } from '../features/checkout/components/success-page';
import { MyOrdersPage } from '../features/orders/components/my-orders-page';
import { OrderDetailsPage } from '../features/orders/components/order-details-page';
import { HomePage } from '../features/products/components/home-page';
import { ProductDetailsPage } from '../features/products/components/product-details-page';
import { ProductsPage } from '../features/products/components/products-page';
import { SearchPage } from '../features/products/components/search-page';
import { ReplicaPage } from '../features/request-form/components/replica-page';
import { RequestFormPage } from '../features/request-form/components/request-form-page';
import { AboutPage } from '../features/static-pages/components/about-page';
import { ContactPage } from '../features/static-pages/components/contact-page';
import { DonatePage } from '../features/static-pages/components/donate-page';
import { HelpUsePage } from '../features/static-pages/components/help-use-page';
import { NotFoundPage } from '../features/static-pages/components/not-found-page';
import { PrivacyPage } from '../features/static-pages/components/privacy-page';
import { TermsPage } from '../features/static-pages/components/terms-page';
import { ConsoleRedirect } from './console-redirect';
import { HomeRedirect } from './home-redirect';
import { Layout } from './layout';
import { RequireAuth } from './require-auth';

/** Spec admin path -> console hash path. */
export const CONSOLE_ROUTES: readonly [string, (p: Record<string, string | undefined>) => string][] = [
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
    children: [
      { index: true, element: <HomeRedirect /> },
      { path: 'home', element: <HomePage /> },
      { path: 'replica', element: <ReplicaPage /> },
      { path: 'requestform', element: <RequestFormPage /> },
      { path: 'donate', element: <DonatePage /> },
      { path: 'products', element: <ProductsPage /> },
      { path: 'products/:keyword', element: <ProductsPage /> },
      { path: 'product/:id', element: <ProductDetailsPage /> },
      { path: 'search', element: <SearchPage /> },
      { path: 'cart', element: <CartPage /> },
      { path: 'login', element: <LoginPage /> },
      { path: 'loginmanual', element: <LoginManualPage /> },
      { path: 'contact', element: <ContactPage /> },
      { path: 'about', element: <AboutPage /> },
      { path: 'termsofuse', element: <TermsPage /> },
      { path: 'privacypolicy', element: <PrivacyPage /> },
      { path: 'helpuse', element: <HelpUsePage /> },
      { path: 'password/forgot', element: <ForgotPasswordPage /> },
      { path: 'password/reset/:token', element: <ResetPasswordPage /> },
      {
        element: <RequireAuth />,
        children: [
          { path: 'account', element: <AccountPage /> },
          { path: 'me/update', element: <UpdateProfilePage /> },
          { path: 'password/update', element: <UpdatePasswordPage /> },
          { path: 'shipping', element: <ShippingPage /> },
          { path: 'order/confirm', element: <ConfirmOrderPage /> },
          { path: 'process/payment', element: <PaymentPage /> },
          { path: 'success', element: <SuccessPage /> },
          { path: 'orders', element: <MyOrdersPage /> },
          { path: 'order/:id', element: <OrderDetailsPage /> },
        ],
      },
      ...CONSOLE_ROUTES.map(([path, to]) => ({ path, element: <ConsoleRedirect to={to} /> })),
      { path: '*', element: <NotFoundPage /> },
    ],
  },
];
