import { useMediaQuery, type Theme } from '@mui/material';

/**
 * Phones (below MUI's `sm`, 600 px): lists show react-admin's one-column SimpleList instead of a
 * table several screens wide, and forms stack. `noSsr` answers on the first render, so a phone never
 * draws the wide table first.
 */
export function useSmallScreen(): boolean {
  return useMediaQuery((theme: Theme) => theme.breakpoints.down('sm'), { noSsr: true });
}
