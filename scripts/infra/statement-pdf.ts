// What statement PDFs need (services/src/income/documents.ts): Debian's fonts-noto-cjk for the Korean and Japanese
// text, and poppler-utils (pdftotext, pdftoppm) with which the tests read and render them.
//
//   tsx scripts/infra/statement-pdf.ts      prints the font's path (installing the packages first when missing and root)
import { existsSync } from 'node:fs';
import { aptInstall, aptInstallCommand, commandExists, isExecutable } from './debian-packages';

export const NOTO_CJK_FONT = '/usr/share/fonts/opentype/noto/NotoSansCJK-Regular.ttc';
export const PDFTOPPM = '/usr/bin/pdftoppm';
const PACKAGES = ['fonts-noto-cjk', 'poppler-utils'] as const;

let pending: Promise<string> | undefined;

/** Returns the CJK font path, installing fonts-noto-cjk and poppler-utils with apt-get when missing (as root). */
export function ensureStatementPdfTools(options: { log?: (line: string) => void } = {}): Promise<string> {
  pending ??= ensure(options.log ?? ((line) => console.log(line))).catch((error: unknown) => {
    pending = undefined;
    throw error;
  });
  return pending;
}

async function ensure(log: (line: string) => void): Promise<string> {
  if (existsSync(NOTO_CJK_FONT) && isExecutable(PDFTOPPM)) return NOTO_CJK_FONT;
  const isRoot = process.getuid?.() === 0;
  if (!isRoot || !commandExists('apt-get')) {
    throw new Error(
      `statement PDFs need ${NOTO_CJK_FONT} (fonts-noto-cjk) and their tests ${PDFTOPPM} (poppler-utils): ` +
        `run as root: sudo sh -c '${aptInstallCommand(PACKAGES)}'`,
    );
  }
  log('[statement-pdf] installing fonts-noto-cjk and poppler-utils with apt-get (once per machine)…');
  const started = performance.now();
  await aptInstall(PACKAGES);
  if (!existsSync(NOTO_CJK_FONT) || !isExecutable(PDFTOPPM)) {
    throw new Error(`apt-get installed ${PACKAGES.join(' ')} but ${NOTO_CJK_FONT} or ${PDFTOPPM} is still missing`);
  }
  log(`[statement-pdf] installed in ${((performance.now() - started) / 1000).toFixed(1)} s`);
  return NOTO_CJK_FONT;
}

if (import.meta.url === `file://${process.argv[1]}`) {
  try {
    console.log(await ensureStatementPdfTools());
  } catch (error) {
    console.error(error instanceof Error ? error.message : String(error));
    process.exit(1);
  }
}
