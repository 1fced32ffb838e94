import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Checkbox from '@mui/material/Checkbox';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import Divider from '@mui/material/Divider';
import FormControlLabel from '@mui/material/FormControlLabel';
import Stack from '@mui/material/Stack';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { Card, Page } from '../../shared/ui/page';
import type { TermsKind } from '@fanmission/contracts';
import { TermsDocument } from '../../shared/legal/terms-document';

/** What the terms page hands to /sign-up. */
export interface SignUpState {
  termsAccepted: true;
}

/**
 * Agree to all, two required boxes with their full texts in modals; Next goes to /sign-up, or, with a required box
 * left, says that both are needed.
 */
export function AcceptTermsPage() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const [service, setService] = useState(false);
  const [privacy, setPrivacy] = useState(false);
  const [detail, setDetail] = useState<TermsKind | null>(null);
  // The warning waits for Next: a page that scolds before anything is touched reads as an error.
  const [tried, setTried] = useState(false);
  const all = service && privacy;

  const row = (label: string, checked: boolean, set: (value: boolean) => void, doc: TermsKind) => (
    <Stack direction="row" sx={{ alignItems: 'center', justifyContent: 'space-between' }}>
      <FormControlLabel control={<Checkbox checked={checked} onChange={(_, value) => set(value)} />} label={label} />
      <Button size="small" onClick={() => setDetail(doc)} aria-label={`${label} ${t('terms.detail')}`}>
        {t('terms.detail')}
      </Button>
    </Stack>
  );

  return (
    <Page title={t('terms.title')} width="sm">
      <Card>
        <FormControlLabel
          control={
            <Checkbox
              checked={all}
              indeterminate={service !== privacy}
              onChange={(_, value) => {
                setService(value);
                setPrivacy(value);
              }}
            />
          }
          label={t('terms.agreeAll')}
          sx={{ '& .MuiFormControlLabel-label': { fontWeight: 800 } }}
        />
        <Divider />
        {row(t('terms.service'), service, setService, 'terms')}
        {row(t('terms.privacy'), privacy, setPrivacy, 'privacy')}
        {tried && !all ? (
          <Alert severity="warning" role="alert">
            {t('terms.required')}
          </Alert>
        ) : null}
        <Button
          variant="contained"
          size="large"
          onClick={() => {
            if (all) void navigate('/sign-up', { state: { termsAccepted: true } satisfies SignUpState });
            else setTried(true);
          }}
        >
          {t('common.next')}
        </Button>
      </Card>
      <Dialog open={detail !== null} onClose={() => setDetail(null)} maxWidth="md" fullWidth scroll="paper">
        {detail ? (
          <>
            <DialogTitle>{t(`legal.titles.${detail}`)}</DialogTitle>
            <DialogContent dividers>
              <TermsDocument kind={detail} headingLevel="h3" />
            </DialogContent>
          </>
        ) : null}
        <DialogActions>
          <Button onClick={() => setDetail(null)}>{t('common.close')}</Button>
        </DialogActions>
      </Dialog>
    </Page>
  );
}
