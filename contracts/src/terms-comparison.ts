/*
 * The old and new text of a terms version side by side (신·구 조문 대비표), as Korean notices of a terms change show
 * it: paragraph by paragraph (a blank line separates paragraphs, a line starting with `## ` is a heading; see
 * `termsVersionSchema`), a changed paragraph once in each column with the deleted words struck through in the old one
 * and the added words underlined in the new one, a new paragraph against "<신설>", a deleted one against "<삭제>".
 * Unchanged paragraphs are collapsed; the heading of a section that changed stays in view, once, for context.
 */

/** A run of a changed paragraph's text: in both versions, only in the old one, or only in the new one. */
export interface ComparisonPiece {
  text: string;
  change: 'kept' | 'removed' | 'added';
}

/** One row of the table. */
export type ComparisonRow =
  /** An unchanged heading of a section that changed, shown once across both columns. */
  | { change: 'same'; text: string }
  /** Unchanged paragraphs in a row, collapsed. */
  | { change: 'collapsed'; paragraphs: string[] }
  /** A paragraph in both versions, worded differently. */
  | { change: 'changed'; old: ComparisonPiece[]; new: ComparisonPiece[] }
  /** A paragraph only the new version has. */
  | { change: 'added'; text: string }
  /** A paragraph only the old version has. */
  | { change: 'removed'; text: string };

/** The paragraphs of a text: blank lines separate them; each trimmed, line ends normalised, none empty. */
export function termsParagraphs(text: string): string[] {
  return text
    .replace(/\r\n?/g, '\n')
    .split(/\n[ \t]*\n/)
    .map((paragraph) => paragraph.trim())
    .filter((paragraph) => paragraph.length > 0);
}

export const isTermsHeading = (paragraph: string) => paragraph.startsWith('## ');

/**
 * The words of a paragraph, every character kept (joining them gives the paragraph back): a word of letters or digits,
 * a run of spaces, a punctuation mark, and each Chinese character or kana alone (Japanese has no spaces between words).
 */
export function comparisonTokens(text: string): string[] {
  return (
    text.match(
      /[\p{scx=Han}\p{scx=Hiragana}\p{scx=Katakana}]|(?:(?![\p{scx=Han}\p{scx=Hiragana}\p{scx=Katakana}])[\p{L}\p{N}\p{M}])+|\s+|./gsu,
    ) ?? []
  );
}

/**
 * Above this many cells (old items × new items, after the common start and end) the longest common subsequence is not
 * computed and the middle counts as replaced whole: a 100,000-character text stays a bounded amount of work.
 */
const MAX_CELLS = 4_000_000;

type Step = { op: 'keep'; old: number; new: number } | { op: 'remove'; old: number } | { op: 'add'; new: number };

/** An edit script from `before` to `after` (indexes into each), by the longest common subsequence. */
function editScript<T>(before: readonly T[], after: readonly T[]): Step[] {
  let start = 0;
  while (start < before.length && start < after.length && before[start] === after[start]) start += 1;
  let endBefore = before.length;
  let endAfter = after.length;
  while (endBefore > start && endAfter > start && before[endBefore - 1] === after[endAfter - 1]) {
    endBefore -= 1;
    endAfter -= 1;
  }
  const rows = endBefore - start;
  const columns = endAfter - start;
  const steps: Step[] = [];
  for (let index = 0; index < start; index += 1) steps.push({ op: 'keep', old: index, new: index });
  if (rows * columns > MAX_CELLS) {
    for (let index = start; index < endBefore; index += 1) steps.push({ op: 'remove', old: index });
    for (let index = start; index < endAfter; index += 1) steps.push({ op: 'add', new: index });
  } else {
    // lengths[i][j]: the common subsequence of before[start+i..] and after[start+j..], in one flat array.
    const width = columns + 1;
    const lengths = new Uint32Array((rows + 1) * width);
    for (let i = rows - 1; i >= 0; i -= 1) {
      for (let j = columns - 1; j >= 0; j -= 1) {
        lengths[i * width + j] =
          before[start + i] === after[start + j]
            ? lengths[(i + 1) * width + j + 1]! + 1
            : Math.max(lengths[(i + 1) * width + j]!, lengths[i * width + j + 1]!);
      }
    }
    let i = 0;
    let j = 0;
    while (i < rows || j < columns) {
      if (i < rows && j < columns && before[start + i] === after[start + j]) {
        steps.push({ op: 'keep', old: start + i, new: start + j });
        i += 1;
        j += 1;
      } else if (j === columns || (i < rows && lengths[(i + 1) * width + j]! >= lengths[i * width + j + 1]!)) {
        // On a tie the removal first: the old column reads in order, then the new.
        steps.push({ op: 'remove', old: start + i });
        i += 1;
      } else {
        steps.push({ op: 'add', new: start + j });
        j += 1;
      }
    }
  }
  for (let offset = 0; offset < before.length - endBefore; offset += 1) {
    steps.push({ op: 'keep', old: endBefore + offset, new: endAfter + offset });
  }
  return steps;
}

/** Adjacent pieces of the same kind as one; a run of spaces between two changes of one side joins them. */
function mergePieces(pieces: ComparisonPiece[], changed: 'removed' | 'added'): ComparisonPiece[] {
  const joined = pieces.map((piece, index) =>
    piece.change === 'kept' &&
    /^\s+$/.test(piece.text) &&
    pieces[index - 1]?.change === changed &&
    pieces[index + 1]?.change === changed
      ? { ...piece, change: changed }
      : piece,
  );
  const merged: ComparisonPiece[] = [];
  for (const piece of joined) {
    const last = merged.at(-1);
    if (last && last.change === piece.change) last.text += piece.text;
    else merged.push({ ...piece });
  }
  return merged;
}

/** The words of two versions of a paragraph: what each column shows, the changes marked. */
export function compareParagraphs(before: string, after: string): { old: ComparisonPiece[]; new: ComparisonPiece[] } {
  const oldTokens = comparisonTokens(before);
  const newTokens = comparisonTokens(after);
  const old: ComparisonPiece[] = [];
  const added: ComparisonPiece[] = [];
  for (const step of editScript(oldTokens, newTokens)) {
    if (step.op === 'keep') {
      old.push({ text: oldTokens[step.old]!, change: 'kept' });
      added.push({ text: newTokens[step.new]!, change: 'kept' });
    } else if (step.op === 'remove') old.push({ text: oldTokens[step.old]!, change: 'removed' });
    else added.push({ text: newTokens[step.new]!, change: 'added' });
  }
  return { old: mergePieces(old, 'removed'), new: mergePieces(added, 'added') };
}

/** How alike two paragraphs are: the share of their words (spaces aside) in common, 0 to 1. */
function likeness(before: string, after: string): number {
  const words = (text: string) => comparisonTokens(text).filter((token) => !/^\s+$/.test(token));
  const oldWords = words(before);
  const newWords = words(after);
  if (oldWords.length + newWords.length === 0) return 1;
  const common = editScript(oldWords, newWords).filter((step) => step.op === 'keep').length;
  return (2 * common) / (oldWords.length + newWords.length);
}

/** Paragraphs at least this alike are one paragraph reworded; less alike, one deleted and another added. */
const REWORDED = 0.4;
/** Above this many pairs in one stretch of changes the paragraphs are paired in order without measuring them. */
const MAX_PAIRINGS = 400;

/**
 * A stretch of deleted and added paragraphs between two unchanged ones, as rows: a deleted paragraph and an added one
 * alike enough are one changed row; the others stand alone, each in the order of its own text.
 */
function pairStretch(removed: string[], added: string[]): ComparisonRow[] {
  const rows: ComparisonRow[] = [];
  if (removed.length * added.length > MAX_PAIRINGS) {
    const pairs = Math.min(removed.length, added.length);
    for (let index = 0; index < pairs; index += 1) {
      rows.push({ change: 'changed', ...compareParagraphs(removed[index]!, added[index]!) });
    }
    for (const text of removed.slice(pairs)) rows.push({ change: 'removed', text });
    for (const text of added.slice(pairs)) rows.push({ change: 'added', text });
    return rows;
  }
  let i = 0;
  let j = 0;
  while (i < removed.length && j < added.length) {
    if (likeness(removed[i]!, added[j]!) >= REWORDED) {
      rows.push({ change: 'changed', ...compareParagraphs(removed[i]!, added[j]!) });
      i += 1;
      j += 1;
    } else if (added.slice(j + 1).some((later) => likeness(removed[i]!, later) >= REWORDED)) {
      // The old paragraph matches a later new one: this new one was inserted before it.
      rows.push({ change: 'added', text: added[j]! });
      j += 1;
    } else {
      rows.push({ change: 'removed', text: removed[i]! });
      i += 1;
    }
  }
  for (const text of removed.slice(i)) rows.push({ change: 'removed', text });
  for (const text of added.slice(j)) rows.push({ change: 'added', text });
  return rows;
}

/** A row's text as the new version has it (the old one for a deleted paragraph). */
function rowText(row: ComparisonRow): string {
  if (row.change === 'collapsed') return row.paragraphs.join('\n\n');
  if (row.change === 'changed') return row.new.map((piece) => piece.text).join('');
  return row.text;
}

/**
 * Unchanged paragraphs collapsed, run by run; an unchanged heading stays, once, when its section (up to the next
 * heading) changed.
 */
function collapseUnchanged(rows: ComparisonRow[]): ComparisonRow[] {
  const sectionChanged = new Set<number>();
  let heading = -1;
  rows.forEach((row, index) => {
    if (row.change === 'same') {
      if (isTermsHeading(row.text)) heading = index;
    } else if (isTermsHeading(rowText(row))) {
      // A changed heading is in view already and starts a section of its own.
      heading = -1;
    } else if (heading >= 0) sectionChanged.add(heading);
  });
  const result: ComparisonRow[] = [];
  rows.forEach((row, index) => {
    if (row.change !== 'same' || sectionChanged.has(index)) {
      result.push(row);
      return;
    }
    const last = result.at(-1);
    if (last?.change === 'collapsed') last.paragraphs.push(row.text);
    else result.push({ change: 'collapsed', paragraphs: [row.text] });
  });
  return result;
}

/** The comparison table of two texts (the version in force, the new one). */
export function compareTermsTexts(before: string, after: string): ComparisonRow[] {
  const oldParagraphs = termsParagraphs(before);
  const newParagraphs = termsParagraphs(after);
  const rows: ComparisonRow[] = [];
  let removed: string[] = [];
  let added: string[] = [];
  const flush = () => {
    rows.push(...pairStretch(removed, added));
    removed = [];
    added = [];
  };
  for (const step of editScript(oldParagraphs, newParagraphs)) {
    if (step.op === 'remove') removed.push(oldParagraphs[step.old]!);
    else if (step.op === 'add') added.push(newParagraphs[step.new]!);
    else {
      flush();
      rows.push({ change: 'same', text: oldParagraphs[step.old]! });
    }
  }
  flush();
  return collapseUnchanged(rows);
}

/** Whether the table shows any change. */
export const comparisonHasChanges = (rows: readonly ComparisonRow[]) =>
  rows.some((row) => row.change !== 'same' && row.change !== 'collapsed');

/** The words of the plain-text table, in the reader's language. */
export interface ComparisonTextLabels {
  /** The table's title line. */
  title: string;
  /** The line that explains the marks (`[-…-]` deleted, `[+…+]` added). */
  legend: string;
  /** The old column's name (현행). */
  old: string;
  /** The new column's name (개정안). */
  new: string;
  /** The old column of a new paragraph (<신설>). */
  added: string;
  /** The new column of a deleted paragraph (<삭제>). */
  removed: string;
  /** The line that stands for unchanged paragraphs left out. */
  collapsed: (count: number) => string;
}

const marked = (pieces: readonly ComparisonPiece[]) =>
  pieces
    .map((piece) =>
      piece.change === 'removed' ? `[-${piece.text}-]` : piece.change === 'added' ? `[+${piece.text}+]` : piece.text,
    )
    .join('');

/**
 * The table as plain text for a notice (a board post, a mail): each change as the old text then the new one under the
 * columns' names, deleted words as `[-…-]` and added ones as `[+…+]`, unchanged paragraphs as one line.
 */
export function comparisonAsText(rows: readonly ComparisonRow[], labels: ComparisonTextLabels): string {
  const blocks = [`${labels.title}\n${labels.legend}`];
  const pair = (old: string, added: string) => `[${labels.old}]\n${old}\n[${labels.new}]\n${added}`;
  for (const row of rows) {
    if (row.change === 'same') blocks.push(row.text);
    else if (row.change === 'collapsed') blocks.push(labels.collapsed(row.paragraphs.length));
    else if (row.change === 'changed') blocks.push(pair(marked(row.old), marked(row.new)));
    else if (row.change === 'added') blocks.push(pair(labels.added, `[+${row.text}+]`));
    else blocks.push(pair(`[-${row.text}-]`, labels.removed));
  }
  return `${blocks.join('\n\n')}\n`;
}
