import { normalizeLanguage } from '@fanmission/contracts';
import Box from '@mui/material/Box';
import Typography from '@mui/material/Typography';
import { useTranslation } from 'react-i18next';
import { legalText, type LegalDoc } from './texts';

/** The full text of one legal document in the current language. */
export function LegalContent({ doc, headingLevel = 'h2' }: { doc: LegalDoc; headingLevel?: 'h2' | 'h3' }) {
  const { i18n } = useTranslation();
  const text = legalText(doc, normalizeLanguage(i18n.language));
  return (
    <Box>
      {text.sections.map((section) => (
        <Box component="section" key={section.heading} sx={{ mb: 3 }}>
          <Typography variant="h6" component={headingLevel} sx={{ fontWeight: 700, mb: 1 }}>
            {section.heading}
          </Typography>
          {section.paragraphs.map((paragraph) => (
            <Typography key={paragraph} sx={{ mb: 1, lineHeight: 1.8, color: 'text.secondary' }}>
              {paragraph}
            </Typography>
          ))}
        </Box>
      ))}
    </Box>
  );
}

export function legalTitle(doc: LegalDoc, language: string): string {
  return legalText(doc, normalizeLanguage(language)).title;
}
