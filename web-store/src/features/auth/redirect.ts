/**
 * Where to go after login: the page named in `?redirect=`, only if it is a path of this
 * site (no open redirect to another host), else /home. Old links used `redirect=shipping`.
 */
export function redirectTarget(param: string | null): string {
  if (!param) return '/home';
  const path = param.startsWith('/') ? param : `/${param}`;
  if (path.startsWith('//') || path.startsWith('/\\') || /^\/+[a-z]+:/i.test(path)) return '/home';
  if (path === '/login' || path.startsWith('/login?') || path === '/loginmanual') return '/home';
  return path;
}
