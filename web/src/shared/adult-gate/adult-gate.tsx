import type { AdultGateCode } from '@fanmission/contracts';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Container from '@mui/material/Container';
import Typography from '@mui/material/Typography';
import { useTranslation } from 'react-i18next';
import { useGoToLogin } from '../auth/login-return';
import { useAdultVerification } from './use-adult-verification';

/**
 * What an adult-flagged creator's page (and his missions' and events') shows instead of its content: to a visitor a
 * login that comes back here, to a member not verified the adult verification (an identity check), and the refusal
 * when the check found a minor.
 */
export function AdultGate({ code }: { code: AdultGateCode }) {
  const { t } = useTranslation();
  const goToLogin = useGoToLogin();
  const { busy, message, verify } = useAdultVerification();
  const visitor = code === 'ADULT_LOGIN_REQUIRED';
  return (
    <Container component="main" maxWidth="sm" sx={{ py: { xs: 6, md: 10 }, textAlign: 'center' }}>
      <Box
        aria-hidden
        sx={{
          width: 88,
          height: 88,
          mx: 'auto',
          mb: 3,
          borderRadius: '50%',
          border: '6px solid',
          borderColor: 'error.main',
          display: 'flex',
          alignItems: 'center',
          justifyContent: 'center',
          fontSize: 34,
          fontWeight: 900,
          color: 'error.main',
        }}
      >
        19
      </Box>
      <Typography variant="h5" component="h1" sx={{ fontWeight: 800, mb: 2, wordBreak: 'keep-all' }}>
        {t('adultGate.title')}
      </Typography>
      <Typography color="text.secondary" sx={{ mb: 3, wordBreak: 'keep-all' }}>
        {visitor ? t('adultGate.loginBody') : t('adultGate.verifyBody')}
      </Typography>
      {message && (
        <Alert severity="error" sx={{ mb: 3, textAlign: 'left' }}>
          {message}
        </Alert>
      )}
      {visitor ? (
        <Button variant="contained" size="large" onClick={goToLogin}>
          {t('adultGate.login')}
        </Button>
      ) : (
        <Button variant="contained" size="large" onClick={() => void verify()} disabled={busy}>
          {busy ? t('adultGate.checking') : t('adultGate.verify')}
        </Button>
      )}
      <Typography variant="body2" color="text.secondary" sx={{ mt: 3, wordBreak: 'keep-all' }}>
        {t('adultGate.privacy')}
      </Typography>
    </Container>
  );
}
