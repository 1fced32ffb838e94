/** `filter.id` of getMany / getManyReference: one id or a list. */
export function idsOf(id: number | number[] | undefined): number[] | undefined {
  if (id === undefined) return undefined;
  return Array.isArray(id) ? id : [id];
}

/** Escapes LIKE wildcards in a search term. */
export const likePattern = (term: string) => `%${term.replace(/[\\%_]/g, (char) => `\\${char}`)}%`;

export const iso = (instant: Date | null) => instant?.toISOString() ?? null;
