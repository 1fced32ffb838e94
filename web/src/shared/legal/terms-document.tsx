import type { TermsKind, TermsVersion } from '@fanmission/contracts';
import Alert from '@mui/material/Alert';
import AlertTitle from '@mui/material/AlertTitle';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Typography from '@mui/material/Typography';
import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { formatDotDate } from '../format/date';
import { legalSections } from './legal-body';
import { LegalSections } from './legal-content';
import { useTermsPage } from './terms-api';

/** A document with versions: the version in force with its effective date, and the next one when announced. */
export function TermsDocument({ kind, headingLevel = 'h2' }: { kind: TermsKind; headingLevel?: 'h2' | 'h3' }) {
  const { t } = useTranslation();
  const page = useTermsPage(kind);
  if (page.isPending) return <Typography role="status">{t('legal.loading')}</Typography>;
  if (page.isError) return <Alert severity="error">{t('legal.failed')}</Alert>;
  const { current, next } = page.data;
  return (
    <Box>
      <Typography sx={{ mb: 2, color: 'text.secondary', fontWeight: 600 }}>
        {t('legal.inForce', { version: current.version, date: formatDotDate(current.effectiveAt) })}
      </Typography>
      {next ? <NextVersion version={next} headingLevel={headingLevel} /> : null}
      <LegalSections sections={legalSections(current.body)} headingLevel={headingLevel} />
    </Box>
  );
}

function NextVersion({ version, headingLevel }: { version: TermsVersion; headingLevel: 'h2' | 'h3' }) {
  const { t } = useTranslation();
  const [open, setOpen] = useState(false);
  const textId = useId();
  return (
    <Alert severity="info" sx={{ mb: 3, '& .MuiAlert-message': { width: '100%', minWidth: 0 } }}>
      <AlertTitle sx={{ fontWeight: 700 }}>
        {t('legal.nextTitle', { version: version.version, date: formatDotDate(version.effectiveAt) })}
      </AlertTitle>
      <Typography sx={{ fontWeight: 600 }}>{t('legal.nextSummary')}</Typography>
      <Typography sx={{ whiteSpace: 'pre-line', mb: 1 }}>{version.summary}</Typography>
      <Button size="small" aria-expanded={open} aria-controls={textId} onClick={() => setOpen((value) => !value)}>
        {open ? t('legal.hideNext') : t('legal.showNext')}
      </Button>
      {open ? (
        <Box id={textId} sx={{ mt: 2 }}>
          <LegalSections sections={legalSections(version.body)} headingLevel={headingLevel === 'h2' ? 'h3' : 'h4'} />
        </Box>
      ) : null}
    </Alert>
  );
}
