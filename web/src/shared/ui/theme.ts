import { createTheme } from '@mui/material/styles';

/** The one theme of the fan/creator app. */
export const theme = createTheme({
  palette: {
    primary: { main: '#ff3d6e', contrastText: '#ffffff' },
    secondary: { main: '#5b3cc4' },
    background: { default: '#fafafa' },
    text: { primary: '#1d1d1f' },
  },
  shape: { borderRadius: 12 },
  typography: {
    fontFamily: "'Pretendard', 'Noto Sans KR', 'Noto Sans CJK KR', 'Noto Sans CJK JP', system-ui, sans-serif",
    button: { textTransform: 'none', fontWeight: 700 },
  },
  components: {
    MuiButton: { defaultProps: { disableElevation: true } },
    MuiTextField: { defaultProps: { fullWidth: true, size: 'medium' } },
  },
});
