import { Navigate, Route, useParams } from 'react-router-dom';

/**
 * The original app's admin paths as hash routes, so `#/admin/order/:id` and friends open the
 * matching console page; the gateway maps the real paths (/admin/order/:id) to these.
 */
function ToWithId({ prefix }: { prefix: string }) {
  const { id = '' } = useParams();
  return <Navigate to={`${prefix}/${encodeURIComponent(id)}`} replace />;
}

export const SPEC_PATH_ALIASES: ReadonlyArray<[string, string]> = [
  ['/admin/dashboard', '/'],
  ['/admin/orders', '/orders'],
  ['/admin/products', '/products'],
  ['/admin/product', '/products/create'],
  ['/admin/users', '/users'],
  ['/register', '/users/create'],
  ['/registersuccess', '/users/registered'],
  ['/generate-report', '/report'],
  ['/helpuse', '/how-to-use'],
];

export function specPathAliasRoutes() {
  return [
    ...SPEC_PATH_ALIASES.map(([from, to]) => (
      <Route key={from} path={from} element={<Navigate to={to} replace />} />
    )),
    <Route key="order" path="/admin/order/:id" element={<ToWithId prefix="/orders" />} />,
    <Route key="product" path="/admin/product/:id" element={<ToWithId prefix="/products" />} />,
    <Route key="user" path="/admin/user/:id" element={<ToWithId prefix="/users" />} />,
  ];
}
