import { normalizeLanguage, type TermsKind } from '@fanmission/contracts';
import Paper from '@mui/material/Paper';
import { useTranslation } from 'react-i18next';
import { Page } from '../../shared/ui/page';
import { LegalSections } from '../../shared/legal/legal-content';
import { collectNotice } from '../../shared/legal/texts';
import { TermsDocument } from '../../shared/legal/terms-document';

function LegalPage({ kind }: { kind: TermsKind }) {
  const { t } = useTranslation();
  return (
    <Page title={t(`legal.titles.${kind}`)} width="md">
      <Paper variant="outlined" sx={{ p: { xs: 3, md: 5 }, borderRadius: 3 }}>
        <TermsDocument kind={kind} />
      </Paper>
    </Page>
  );
}

/** `/provideterms` */
export function TermsOfServicePage() {
  return <LegalPage kind="terms" />;
}

/** `/privacyTerms` */
export function PrivacyPolicyPage() {
  return <LegalPage kind="privacy" />;
}

/** `/operating-policies` */
export function OperatingPolicyPage() {
  return <LegalPage kind="operating" />;
}

/** `/collectterms`, linked from the sign-in page */
export function CollectTermsPage() {
  const { t, i18n } = useTranslation();
  return (
    <Page title={t('legal.titles.collect')} width="md">
      <Paper variant="outlined" sx={{ p: { xs: 3, md: 5 }, borderRadius: 3 }}>
        <LegalSections sections={collectNotice(normalizeLanguage(i18n.language)).sections} />
      </Paper>
    </Page>
  );
}
