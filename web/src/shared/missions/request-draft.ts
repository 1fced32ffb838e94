/**
 * A mission request the fan was typing when too few coins sent him to charge: kept in this tab's sessionStorage
 * through the provider's checkout, so that the charge's return takes him back to the creator's page with the request
 * open as he left it. The attachment is not kept (the file would have to be uploaded again).
 */
export interface RequestDraft {
  /** The creator page the request was made on. */
  path: string;
  productId: number;
  fields: Record<string, string | boolean>;
}

const REQUEST_DRAFT = 'fm.missionRequest.draft';

export function keepRequestDraft(draft: RequestDraft): void {
  sessionStorage.setItem(REQUEST_DRAFT, JSON.stringify(draft));
}

/** The kept draft, or null when there is none or what is stored is not one. */
export function readRequestDraft(): RequestDraft | null {
  let stored: unknown;
  try {
    stored = JSON.parse(sessionStorage.getItem(REQUEST_DRAFT) ?? 'null');
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
}
