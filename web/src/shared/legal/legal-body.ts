import type { LegalSection } from './legal-constants';

/**
 * A version's full text as sections: a line starting with `## ` is a heading, blank lines separate paragraphs (the
 * format the console publishes in, services/src/terms).
 */
export function legalSections(body: string): LegalSection[] {
  const sections: LegalSection[] = [];
  let current: LegalSection | undefined;
  for (const block of body.replace(/\r\n/g, '\n').split(/\n\s*\n/)) {
    const lines = block.trim().split('\n');
    if (lines[0] === '') continue;
    if (lines[0]!.startsWith('## ')) {
      current = { heading: lines[0]!.slice(3).trim(), paragraphs: [] };
      sections.push(current);
      lines.shift();
    }
    const paragraph = lines.join('\n').trim();
    if (!paragraph) continue;
    if (!current) {
      current = { heading: '', paragraphs: [] };
      sections.push(current);
    }
    current.paragraphs.push(paragraph);
  }
  return sections;
}
