import { Box, CircularProgress } from '@mui/material';

/**
 * Shown while the console checks the session. A spinner with a name, instead of react-admin's
 * loading page, which brings its own toolbar and resource helpers into the first load.
 */
export function LoadingPage() {
  return (
    <Box
      sx={{ display: 'flex', justifyContent: 'center', alignItems: 'center', minHeight: '60vh' }}
    >
      <CircularProgress aria-label="Loading" />
    </Box>
  );
}
