import Paper from '@mui/material/Paper';
import { useTranslation } from 'react-i18next';
import { Page } from '../../shared/ui/page';
import { LegalContent, legalTitle } from '../../shared/legal/legal-content';
import type { LegalDoc } from '../../shared/legal/texts';

function LegalPage({ doc }: { doc: LegalDoc }) {
  const { i18n } = useTranslation();
  return (
    <Page title={legalTitle(doc, i18n.language)} width="md">
      <Paper variant="outlined" sx={{ p: { xs: 3, md: 5 }, borderRadius: 3 }}>
        <LegalContent doc={doc} />
      </Paper>
    </Page>
  );
}

/** `/provideterms` */
export function TermsOfServicePage() {
  return <LegalPage doc="terms" />;
}

/** `/privacyTerms` */
export function PrivacyPolicyPage() {
  return <LegalPage doc="privacy" />;
}

/** `/operating-policies` */
export function OperatingPolicyPage() {
  return <LegalPage doc="operating" />;
}

/** `/collectterms`, linked from the sign-in page */
export function CollectTermsPage() {
  return <LegalPage doc="collect" />;
}
