/** The login page, told where to come back to: the route guard and a guest's "Log in" links. */
export function loginPathFor(pathname: string, search = ''): string {
  return `/login?redirect=${encodeURIComponent(pathname + search)}`;
}
