import { defaultTheme, type RaThemeOptions } from 'react-admin';

/** The charity's navy; the app bar takes it too (secondary). */
const NAVY = '#1a3a6b';
/** The focus ring's outer band: bright on the navy app bar, the navy band carries it on white. */
const FOCUS_OUTER = '#ffd43b';

export const theme: RaThemeOptions = {
  ...defaultTheme,
  palette: {
    ...defaultTheme.palette,
    primary: { main: NAVY },
    secondary: { main: NAVY },
    // MUI's default blue and orange carry white text below 4.5:1; the original blue chip stays blue,
    // its yellow one becomes a true yellow with dark text.
    info: { main: '#01579b' },
    // Red text buttons (Delete) sit on the form toolbar's grey, where MUI's red falls short.
    error: { main: '#b71c1c' },
    warning: { main: '#ffc107', contrastText: 'rgba(0, 0, 0, 0.87)' },
  },
  components: {
    ...defaultTheme.components,
    MuiCssBaseline: {
      styleOverrides: {
        // One focus ring for every control, two bands so it shows on white and on the navy app bar
        // alike (3:1 against both). Text fields already mark focus with their thick navy border.
        '*:focus-visible:not(.MuiInputBase-input), .Mui-focusVisible': {
          outline: `3px solid ${NAVY} !important`,
          outlineOffset: '0',
          boxShadow: `0 0 0 6px ${FOCUS_OUTER} !important`,
          // MUI eases box-shadow in over 250 ms: the ring must be there the moment focus lands.
          transitionDuration: '0s !important',
        },
        // react-admin keeps the bulk actions in the page, collapsed, while no row is selected:
        // hidden, they must not take Tab stops.
        '.RaBulkActionsToolbar-collapsed': { visibility: 'hidden' },
      },
    },
    // An empty list's sentence is text to read, not a disabled control: full secondary contrast.
    RaEmpty: {
      styleOverrides: { root: { '& .RaEmpty-message': { color: 'rgba(0, 0, 0, 0.6)' } } },
    },
    // Every spinner is announced; pages may name theirs more precisely.
    MuiCircularProgress: { defaultProps: { 'aria-label': 'Loading' } },
    RaNotFound: {
      styleOverrides: {
        root: { '& .RaNotFound-message': { opacity: 1, color: 'rgba(0, 0, 0, 0.6)' } },
      },
    },
    MuiCheckbox: {
      defaultProps: {
        // react-admin labels its row checkboxes on the wrapping <span>, where the label means
        // nothing; the label belongs on the <input> a screen reader announces.
        slotProps: {
          root: { 'aria-label': undefined },
          input: (ownerState: { 'aria-label'?: string }) => ({
            'aria-label': ownerState['aria-label'],
          }),
        },
      },
    },
  },
};
