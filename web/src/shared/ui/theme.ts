import { createTheme } from '@mui/material/styles';
import { colours } from './tokens';

const focusRing = { outline: `3px solid ${colours.focusRing}`, outlineOffset: 2 } as const;

/**
 * The one theme of the fan/creator app. Besides the brand's colours (./tokens.ts, contrast-checked) it carries what
 * every screen inherits for phones and accessibility: dialogs that fit a 360 px screen with their actions in view,
 * tables that scroll inside their own box, a visible focus ring on everything focusable with the keyboard, and touch
 * targets of at least 24 × 24 px (WCAG 2.2 AA 2.5.8).
 */
export const theme = createTheme({
  palette: {
    primary: { main: colours.primary, dark: colours.primaryDark, contrastText: '#ffffff' },
    secondary: { main: colours.secondary },
    // The library's orange (#ed6c02, 3.1:1 under white text) and light blue (#0288d1, 3.9:1) fail contrast on filled
    // chips and buttons: darker shades of the same hues pass 4.5:1 both as fills and as text on white.
    warning: { main: '#b45309', contrastText: '#ffffff' },
    info: { main: '#0277bd', contrastText: '#ffffff' },
    background: { default: colours.background },
    text: { primary: colours.text, secondary: colours.textSecondary },
  },
  shape: { borderRadius: 12 },
  typography: {
    fontFamily: "'Pretendard', 'Noto Sans KR', 'Noto Sans CJK KR', 'Noto Sans CJK JP', system-ui, sans-serif",
    button: { textTransform: 'none', fontWeight: 700 },
  },
  components: {
    MuiButtonBase: {
      styleOverrides: { root: { '&.Mui-focusVisible': focusRing } },
    },
    MuiButton: { defaultProps: { disableElevation: true }, styleOverrides: { root: { minHeight: 36 } } },
    MuiIconButton: { styleOverrides: { root: { minWidth: 32, minHeight: 32 } } },
    MuiLink: { styleOverrides: { root: { '&:focus-visible': focusRing } } },
    // Links inside a tinted alert take the darker pink: the brand pink reads 4.4:1 on the warning alert's cream.
    MuiAlert: { styleOverrides: { root: { '& .MuiLink-root': { color: colours.primaryDark } } } },
    MuiTextField: { defaultProps: { fullWidth: true, size: 'medium' } },
    MuiDialog: {
      styleOverrides: {
        // On a phone the dialog takes the screen's width less a small margin, and never its full height: the title
        // and the actions stay in view while the content scrolls between them (scroll="paper", the default).
        paper: ({ theme: t }) => ({
          [t.breakpoints.down('sm')]: {
            margin: 12,
            width: 'calc(100% - 24px)',
            maxWidth: 'calc(100% - 24px)',
            maxHeight: 'calc(100% - 24px)',
          },
        }),
      },
    },
    MuiDialogActions: {
      styleOverrides: { root: { flexWrap: 'wrap', gap: 8, '& > :not(style) ~ :not(style)': { marginLeft: 0 } } },
    },
    MuiTableContainer: {
      // A wide table scrolls inside its own box instead of widening the page, and that box can be scrolled with the
      // keyboard (it takes the focus: WCAG 2.1.1, axe's scrollable-region-focusable).
      defaultProps: { tabIndex: 0 },
      styleOverrides: { root: { overflowX: 'auto', maxWidth: '100%' } },
    },
    MuiDialogContent: {
      // Long content (terms, forms on a phone) scrolls between the title and the actions: reachable by keyboard.
      defaultProps: { tabIndex: 0 },
    },
    MuiToggleButton: {
      // The selected button's tinted background needs the darker pink for its text (4.5:1).
      styleOverrides: { root: ({ theme: t }) => ({ '&.Mui-selected': { color: t.palette.primary.dark } }) },
    },
    MuiTabs: {
      defaultProps: { variant: 'scrollable', allowScrollButtonsMobile: true, scrollButtons: 'auto' },
    },
    MuiAvatar: {
      // Avatars sit beside the person's name or inside a labelled button: decorative unless a screen says otherwise.
      defaultProps: { alt: '' },
    },
    MuiTableCell: {
      // Narrower cells on a phone, so that four or five columns fit 360 px before the box has to scroll.
      styleOverrides: {
        root: ({ theme: t }) => ({ [t.breakpoints.down('sm')]: { padding: '10px 8px', fontSize: '0.8125rem' } }),
      },
    },
    MuiPaginationItem: { styleOverrides: { root: { minWidth: 32, height: 32 } } },
  },
});
