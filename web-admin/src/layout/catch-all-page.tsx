import LockIcon from '@mui/icons-material/Lock';
import { Box, Button, Typography } from '@mui/material';
import { NotFound, Title, usePermissions } from 'react-admin';
import { Link, useLocation } from 'react-router-dom';

/** Pages only admins have; the gateway refuses their data to everyone else anyway. */
export const ADMIN_ONLY_PATHS = ['/products', '/users', '/reviews', '/movements', '/report'];

export function isAdminOnlyPath(pathname: string): boolean {
  return ADMIN_ONLY_PATHS.some((path) => pathname === path || pathname.startsWith(`${path}/`));
}

/**
 * An unknown console address. A volunteer following a link to an admin page is told it is not for
 * them, not that it does not exist (it does, and an admin sharing the link would be puzzled).
 */
export function CatchAllPage() {
  const { pathname } = useLocation();
  const { permissions, isPending } = usePermissions<string>();
  if (isPending) return null;
  if (permissions === 'admin' || !isAdminOnlyPath(pathname)) return <NotFound />;
  return (
    <Box sx={{ textAlign: 'center', mt: 6, px: 2 }}>
      <Title title="No access" />
      <LockIcon sx={{ fontSize: 64, color: 'text.secondary' }} aria-hidden />
      <Typography variant="h5" component="h2" sx={{ mt: 2 }}>
        You don&apos;t have access to this page
      </Typography>
      <Typography sx={{ mt: 1 }}>
        This page is for admins. Ask an admin if you need something from it.
      </Typography>
      <Button component={Link} to="/" variant="contained" sx={{ mt: 3 }}>
        Back to the dashboard
      </Button>
    </Box>
  );
}
