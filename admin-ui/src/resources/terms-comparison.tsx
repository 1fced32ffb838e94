import {
  SUPPORTED_LANGUAGES,
  compareTermsTexts,
  comparisonAsText,
  comparisonHasChanges,
  isTermsHeading,
  type AdminTermsVersion,
  type ComparisonPiece,
  type ComparisonRow,
  type Language,
  type TermsKind,
} from '@fanmission/contracts';
import ContentCopyIcon from '@mui/icons-material/ContentCopy';
import {
  Box,
  Button,
  Tab,
  Table,
  TableBody,
  TableCell,
  TableHead,
  TableRow,
  Tabs,
  Typography,
  type SxProps,
  type Theme,
} from '@mui/material';
import { useDeferredValue, useId, useMemo, useState, type ReactNode } from 'react';
import { useGetList, useNotify, useTranslate } from 'react-admin';
import { formatKst } from '../format/kst';
import { useCodeLabel } from './code-field';

/*
 * The 신·구 조문 대비표 of a terms version (contracts/src/terms-comparison.ts computes it): the version it replaces
 * against its own text, per language, the changed words marked as Korean notices mark them (deleted text struck
 * through in the old column, added text underlined and bold in the new one), and the table as plain text for the
 * notice.
 */

/** The texts of a version in each language. */
export type TermsBodies = Partial<Record<Language, string>>;

/** The newest versions of a kind: the one a version is compared with is among them. */
const RECENT_VERSIONS = 25;

/**
 * The version the next version of a kind follows (`below` unset) or the one the version numbered `below` followed:
 * the newest not withdrawn, in force or announced (a new version takes effect after those already announced).
 */
export function versionComparedWith(
  versions: readonly AdminTermsVersion[],
  below = Number.POSITIVE_INFINITY,
): AdminTermsVersion | null {
  let found: AdminTermsVersion | null = null;
  for (const version of versions) {
    if (version.state === 'WITHDRAWN' || version.version >= below) continue;
    if (!found || version.version > found.version) found = version;
  }
  return found;
}

/** That version of a kind, fetched: undefined while it loads or without a kind, null when there is none. */
export function useVersionComparedWith(
  kind: TermsKind | undefined,
  below?: number,
): AdminTermsVersion | null | undefined {
  const { data, isPending } = useGetList<AdminTermsVersion>(
    'terms-versions',
    { filter: { kind }, sort: { field: 'id', order: 'DESC' }, pagination: { page: 1, perPage: RECENT_VERSIONS } },
    { enabled: kind !== undefined },
  );
  if (kind === undefined || isPending || !data) return undefined;
  return versionComparedWith(data, below);
}

const HEADING_MARK = '## ';

/** A heading's text without its mark, bold; any other paragraph as it is. */
function Paragraph({ text, sx }: { text: string; sx?: SxProps<Theme> }) {
  const heading = isTermsHeading(text);
  return (
    <Box component="span" sx={[{ fontWeight: heading ? 700 : undefined }, ...(Array.isArray(sx) ? sx : [sx])]}>
      {heading ? text.slice(HEADING_MARK.length) : text}
    </Box>
  );
}

const removedStyle = {
  textDecoration: 'line-through',
  bgcolor: '#fdecea',
  color: 'inherit',
} as const;
const addedStyle = {
  textDecoration: 'underline',
  fontWeight: 700,
  bgcolor: '#e6f4ea',
  color: 'inherit',
} as const;

/** One side of a changed paragraph: deleted words in <del>, added ones in <ins>. */
function Pieces({ pieces }: { pieces: readonly ComparisonPiece[] }) {
  const heading = isTermsHeading(pieces.map((piece) => piece.text).join(''));
  let markLeft = heading ? HEADING_MARK.length : 0;
  return (
    <Box component="span" sx={{ fontWeight: heading ? 700 : undefined }}>
      {pieces.map((piece, index) => {
        // A heading's mark is in its first pieces: left out as a whole heading leaves it out.
        const cut = Math.min(markLeft, piece.text.length);
        markLeft -= cut;
        const text = piece.text.slice(cut);
        if (text === '') return null;
        if (piece.change === 'removed') {
          return (
            <Box key={index} component="del" sx={removedStyle}>
              {text}
            </Box>
          );
        }
        if (piece.change === 'added') {
          return (
            <Box key={index} component="ins" sx={addedStyle}>
              {text}
            </Box>
          );
        }
        return <span key={index}>{text}</span>;
      })}
    </Box>
  );
}

const cellSx = {
  verticalAlign: 'top',
  whiteSpace: 'pre-wrap',
  overflowWrap: 'anywhere',
  wordBreak: 'keep-all',
  px: { xs: 1, sm: 2 },
} as const;

const Note = ({ children }: { children: ReactNode }) => (
  <Typography component="span" variant="body2" color="text.secondary">
    {children}
  </Typography>
);

/** Unchanged paragraphs: one line that opens them, each then once across both columns. */
function CollapsedRows({ paragraphs }: { paragraphs: readonly string[] }) {
  const translate = useTranslate();
  const [open, setOpen] = useState(false);
  return (
    <>
      <TableRow>
        <TableCell colSpan={2} sx={{ ...cellSx, py: 0.5, bgcolor: 'grey.50' }}>
          <Button size="small" onClick={() => setOpen(!open)} aria-expanded={open}>
            {translate(open ? 'console.terms.collapseUnchanged' : 'console.terms.unchanged', {
              count: paragraphs.length,
            })}
          </Button>
        </TableCell>
      </TableRow>
      {open &&
        paragraphs.map((paragraph, index) => (
          <TableRow key={index}>
            <TableCell colSpan={2} sx={{ ...cellSx, color: 'text.secondary' }}>
              <Paragraph text={paragraph} />
            </TableCell>
          </TableRow>
        ))}
    </>
  );
}

function ComparisonTableRow({ row }: { row: ComparisonRow }) {
  const translate = useTranslate();
  switch (row.change) {
    case 'collapsed':
      return <CollapsedRows paragraphs={row.paragraphs} />;
    case 'same':
      return (
        <TableRow>
          <TableCell colSpan={2} sx={cellSx}>
            <Paragraph text={row.text} />
          </TableCell>
        </TableRow>
      );
    case 'changed':
      return (
        <TableRow>
          <TableCell sx={cellSx}>
            <Pieces pieces={row.old} />
          </TableCell>
          <TableCell sx={cellSx}>
            <Pieces pieces={row.new} />
          </TableCell>
        </TableRow>
      );
    case 'added':
      return (
        <TableRow>
          <TableCell sx={cellSx}>
            <Note>{translate('console.terms.newParagraph')}</Note>
          </TableCell>
          <TableCell sx={cellSx}>
            <Box component="ins" sx={addedStyle}>
              <Paragraph text={row.text} />
            </Box>
          </TableCell>
        </TableRow>
      );
    case 'removed':
      return (
        <TableRow>
          <TableCell sx={cellSx}>
            <Box component="del" sx={removedStyle}>
              <Paragraph text={row.text} />
            </Box>
          </TableCell>
          <TableCell sx={cellSx}>
            <Note>{translate('console.terms.deletedParagraph')}</Note>
          </TableCell>
        </TableRow>
      );
  }
}

/** The table of one language and its "copy as text" button. */
function LanguageComparison({
  language,
  kind,
  before,
  after,
}: {
  language: Language;
  kind: TermsKind;
  before: string;
  after: string;
}) {
  const translate = useTranslate();
  const notify = useNotify();
  const label = useCodeLabel();
  const rows = useMemo(() => compareTermsTexts(before, after), [before, after]);
  const languageName = translate(`console.terms.languages.${language}`);
  const copy = async () => {
    const text = comparisonAsText(rows, {
      title: translate('console.terms.textTitle', { document: label('termsKind', kind), language: languageName }),
      legend: translate('console.terms.textLegend'),
      old: translate('console.terms.oldColumn'),
      new: translate('console.terms.newColumn'),
      added: translate('console.terms.newParagraph'),
      removed: translate('console.terms.deletedParagraph'),
      collapsed: (count) => translate('console.terms.textUnchanged', { count }),
    });
    try {
      await navigator.clipboard.writeText(text);
      notify('console.terms.copied', { type: 'info', messageArgs: { language: languageName } });
    } catch {
      notify('console.terms.copyFailed', { type: 'error' });
    }
  };
  if (!comparisonHasChanges(rows)) {
    return <Typography variant="body2">{translate('console.terms.noChanges')}</Typography>;
  }
  return (
    <>
      <Table
        size="small"
        aria-label={translate('console.terms.comparisonOf', { language: languageName })}
        sx={{ tableLayout: 'fixed', width: '100%', border: 1, borderColor: 'divider' }}
      >
        <TableHead>
          <TableRow>
            <TableCell sx={{ ...cellSx, fontWeight: 700, width: '50%' }}>
              {translate('console.terms.oldColumn')}
            </TableCell>
            <TableCell sx={{ ...cellSx, fontWeight: 700, width: '50%' }}>
              {translate('console.terms.newColumn')}
            </TableCell>
          </TableRow>
        </TableHead>
        <TableBody>
          {rows.map((row, index) => (
            <ComparisonTableRow key={index} row={row} />
          ))}
        </TableBody>
      </Table>
      <Button size="small" startIcon={<ContentCopyIcon />} onClick={() => void copy()} sx={{ mt: 1 }}>
        {translate('console.terms.copyText', { language: languageName })}
      </Button>
    </>
  );
}

/**
 * The 신·구 조문 대비표 section: `base` is the version compared with (undefined while it loads), `bodies` the new
 * text in each language. Typing in a long text stays smooth: the table follows the text a moment later.
 */
export function TermsComparison({
  kind,
  base,
  bodies,
}: {
  kind: TermsKind | undefined;
  base: AdminTermsVersion | null | undefined;
  bodies: TermsBodies;
}) {
  const translate = useTranslate();
  const label = useCodeLabel();
  const titleId = useId();
  const [language, setLanguage] = useState<Language>('ko');
  const deferred = useDeferredValue(bodies);
  let content: ReactNode;
  if (kind === undefined) content = <Note>{translate('console.terms.comparisonNeedsKind')}</Note>;
  else if (base === undefined) content = null;
  else if (base === null) content = <Note>{translate('console.terms.comparisonNoBase')}</Note>;
  else {
    content = (
      <>
        <Typography variant="body2" sx={{ mb: 0.5 }}>
          {translate('console.terms.comparedWith', {
            version: base.version,
            state: label('termsVersionState', base.state),
            date: formatKst(base.effectiveAt),
          })}
        </Typography>
        <Note>{translate('console.terms.legend')}</Note>
        <Tabs
          value={language}
          onChange={(_, value: Language) => setLanguage(value)}
          aria-label={translate('console.terms.comparisonLanguage')}
          sx={{ my: 1 }}
        >
          {SUPPORTED_LANGUAGES.map((code) => (
            <Tab key={code} value={code} label={translate(`console.terms.languages.${code}`)} />
          ))}
        </Tabs>
        <LanguageComparison
          key={language}
          language={language}
          kind={kind}
          before={base.body[language]}
          after={deferred[language] ?? ''}
        />
      </>
    );
  }
  return (
    <Box component="section" aria-labelledby={titleId} sx={{ width: '100%', minWidth: 0, mt: 2 }}>
      <Typography id={titleId} component="h2" variant="h6" sx={{ mb: 1 }}>
        {translate('console.terms.comparison')}
      </Typography>
      {content}
    </Box>
  );
}
