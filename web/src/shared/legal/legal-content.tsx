import Box from '@mui/material/Box';
import Typography from '@mui/material/Typography';
import type { LegalSection } from './legal-constants';

/** Sections of a legal text: each heading, then its paragraphs. */
export function LegalSections({
  sections,
  headingLevel = 'h2',
}: {
  sections: readonly LegalSection[];
  headingLevel?: 'h2' | 'h3' | 'h4';
}) {
  return (
    <Box>
      {sections.map((section, index) => (
        <Box component="section" key={`${index}-${section.heading}`} sx={{ mb: 3 }}>
          {section.heading ? (
            <Typography variant="h6" component={headingLevel} sx={{ fontWeight: 700, mb: 1 }}>
              {section.heading}
            </Typography>
          ) : null}
          {section.paragraphs.map((paragraph, line) => (
            <Typography key={line} sx={{ mb: 1, lineHeight: 1.8, color: 'text.secondary', whiteSpace: 'pre-line' }}>
              {paragraph}
            </Typography>
          ))}
        </Box>
      ))}
    </Box>
  );
}
