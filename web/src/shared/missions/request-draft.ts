/**
 * A mission request the fan was typing when too few coins sent him to charge: kept in this tab's sessionStorage
 * through the provider's checkout, so that the charge's return takes him back to the creator's page with the request
 * open as he left it. A bank deposit's coins arrive once finance has seen the money, hours later and maybe in another
 * tab: then the draft is kept in localStorage until the deposit's deadline (`keepDraftUntil`). The attachment is not
 * kept (the file would have to be uploaded again).
 */
export interface RequestDraft {
  /** The creator page the request was made on. */
  path: string;
  productId: number;
  fields: Record<string, string | boolean>;
}

const REQUEST_DRAFT = 'fm.missionRequest.draft';
/** The draft kept beyond this tab, with the moment it is given up: `{ draft, until }`. */
const LASTING_DRAFT = 'fm.missionRequest.lastingDraft';

export function keepRequestDraft(draft: RequestDraft): void {
  sessionStorage.setItem(REQUEST_DRAFT, JSON.stringify(draft));
}

/** Keeps this tab's draft beyond it until `until` (a bank deposit's deadline); nothing when there is none. */
export function keepDraftUntil(until: Date): void {
  const draft = readRequestDraft();
  if (draft) localStorage.setItem(LASTING_DRAFT, JSON.stringify({ draft, until: until.toISOString() }));
}

/** The kept draft (this tab's, else one kept beyond it and not yet given up), or null. */
export function readRequestDraft(now: Date = new Date()): RequestDraft | null {
  const own = draftOf(sessionStorage.getItem(REQUEST_DRAFT));
  if (own) return own;
  let lasting: unknown;
  try {
    lasting = JSON.parse(localStorage.getItem(LASTING_DRAFT) ?? 'null');
  } catch {
    return null;
  }
  const { draft, until } = (lasting ?? {}) as { draft?: unknown; until?: unknown };
  if (typeof until !== 'string' || !(Date.parse(until) > now.getTime())) return null;
  return draftOf(JSON.stringify(draft));
}

/** A stored draft, or null when what is stored is not one. */
function draftOf(text: string | null): RequestDraft | null {
  let stored: unknown;
  try {
    stored = JSON.parse(text ?? 'null');
  } catch {
    return null;
  }
  if (typeof stored !== 'object' || stored === null) return null;
  const { path, productId, fields } = stored as Partial<RequestDraft>;
  if (typeof path !== 'string' || !path.startsWith('/') || typeof productId !== 'number') return null;
  if (typeof fields !== 'object' || fields === null) return null;
  return { path, productId, fields };
}

export function dropRequestDraft(): void {
  sessionStorage.removeItem(REQUEST_DRAFT);
  localStorage.removeItem(LASTING_DRAFT);
}
