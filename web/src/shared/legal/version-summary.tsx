import type { TermsVersion } from '@fanmission/contracts';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Typography from '@mui/material/Typography';
import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { legalSections } from './legal-body';
import { LegalSections } from './legal-content';

/** A version's summary of changes, and its full text behind a button (the legal page's next version, the consent). */
export function VersionSummary({
  version,
  labels,
  headingLevel,
}: {
  version: TermsVersion;
  labels: { show: string; hide: string };
  headingLevel: 'h3' | 'h4';
}) {
  const { t } = useTranslation();
  const [open, setOpen] = useState(false);
  const textId = useId();
  return (
    <>
      <Typography sx={{ fontWeight: 600 }}>{t('legal.nextSummary')}</Typography>
      <Typography sx={{ whiteSpace: 'pre-line', mb: 1 }}>{version.summary}</Typography>
      <Button
        size="small"
        variant="outlined"
        color="inherit"
        aria-expanded={open}
        aria-controls={textId}
        onClick={() => setOpen((value) => !value)}
      >
        {open ? labels.hide : labels.show}
      </Button>
      {open ? (
        <Box id={textId} sx={{ mt: 1 }}>
          <LegalSections sections={legalSections(version.body)} headingLevel={headingLevel} />
        </Box>
      ) : null}
    </>
  );
}
