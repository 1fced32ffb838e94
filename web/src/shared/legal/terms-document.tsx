import type { TermsKind, TermsVersion } from '@fanmission/contracts';
import Alert from '@mui/material/Alert';
import AlertTitle from '@mui/material/AlertTitle';
import Box from '@mui/material/Box';
import Typography from '@mui/material/Typography';
import { useTranslation } from 'react-i18next';
import { formatDotDate } from '../format/date';
import { legalSections } from './legal-body';
import { LegalSections } from './legal-content';
import { useTermsPage } from './terms-api';
import { VersionSummary } from './version-summary';

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
  return (
    <Alert severity="info" sx={{ mb: 3, '& .MuiAlert-message': { width: '100%', minWidth: 0 } }}>
      <AlertTitle sx={{ fontWeight: 700 }}>
        {t('legal.nextTitle', { version: version.version, date: formatDotDate(version.effectiveAt) })}
      </AlertTitle>
      <VersionSummary
        version={version}
        labels={{ show: t('legal.showNext'), hide: t('legal.hideNext') }}
        headingLevel={headingLevel === 'h2' ? 'h3' : 'h4'}
      />
    </Alert>
  );
}
