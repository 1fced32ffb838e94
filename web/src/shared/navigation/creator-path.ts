/** The creator page address: its custom url when it has one, else its id. */
export function creatorPath(creator: { id: number; url: string | null }): string {
  return creator.url ? `/${creator.url}` : `/creator/${creator.id}`;
}
