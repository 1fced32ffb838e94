import type { TermsVersion } from '@fanmission/contracts';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import Divider from '@mui/material/Divider';
import Typography from '@mui/material/Typography';
import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { formatDotDate } from '../../shared/format/date';
import { VersionSummary } from '../../shared/legal/version-summary';

export interface TermsConsentDialogProps {
  pending: readonly TermsVersion[];
  /** A creator leaves through customer support (his settlement first): he is offered only to log out. */
  creator: boolean;
  accepting: boolean;
  failed: boolean;
  onAccept(): void;
  onWithdraw(): void;
  onLogout(): void;
}

/**
 * The blocking question of new terms: each version's summary, date and full text; accepting goes on, refusing offers
 * to close the account (the account deletion page) or to log out. It cannot be dismissed otherwise.
 */
export function TermsConsentDialog(props: TermsConsentDialogProps) {
  const { t } = useTranslation();
  const [refused, setRefused] = useState(false);
  const titleId = useId();
  return (
    <Dialog open aria-labelledby={titleId} maxWidth="sm" fullWidth scroll="paper">
      <DialogTitle id={titleId} sx={{ fontWeight: 800 }}>
        {refused ? t('legal.consent.refusedTitle') : t('legal.consent.title')}
      </DialogTitle>
      {refused ? (
        <>
          <DialogContent dividers>
            <Typography>
              {props.creator ? t('legal.consent.creatorRefused') : t('legal.consent.refusedBody')}
            </Typography>
          </DialogContent>
          <DialogActions sx={{ flexWrap: 'wrap', gap: 1 }}>
            <Button onClick={() => setRefused(false)}>{t('legal.consent.back')}</Button>
            <Button variant="outlined" onClick={props.onLogout}>
              {t('legal.consent.logout')}
            </Button>
            {props.creator ? null : (
              <Button variant="contained" color="error" onClick={props.onWithdraw}>
                {t('legal.consent.withdraw')}
              </Button>
            )}
          </DialogActions>
        </>
      ) : (
        <>
          <DialogContent dividers>
            <Typography sx={{ mb: 2 }}>{t('legal.consent.intro')}</Typography>
            {props.pending.map((version, index) => (
              <Box key={version.id}>
                {index > 0 ? <Divider sx={{ my: 2 }} /> : null}
                <PendingVersion version={version} />
              </Box>
            ))}
            {props.failed ? (
              <Alert severity="error" sx={{ mt: 2 }}>
                {t('legal.consent.failed')}
              </Alert>
            ) : null}
          </DialogContent>
          <DialogActions sx={{ flexWrap: 'wrap', gap: 1 }}>
            <Button onClick={() => setRefused(true)}>{t('legal.consent.refuse')}</Button>
            <Button variant="contained" onClick={props.onAccept} disabled={props.accepting}>
              {t('legal.consent.agree')}
            </Button>
          </DialogActions>
        </>
      )}
    </Dialog>
  );
}

function PendingVersion({ version }: { version: TermsVersion }) {
  const { t } = useTranslation();
  return (
    <Box component="section">
      <Typography variant="h6" component="h3" sx={{ fontWeight: 700 }}>
        {t(`legal.titles.${version.kind}`)}
      </Typography>
      <Typography sx={{ color: 'text.secondary', mb: 1 }}>
        {t('legal.consent.effective', { version: version.version, date: formatDotDate(version.effectiveAt) })}
      </Typography>
      <VersionSummary
        version={version}
        labels={{ show: t('legal.consent.fullText'), hide: t('legal.consent.hideFullText') }}
        headingLevel="h4"
      />
    </Box>
  );
}
