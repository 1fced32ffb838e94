import { useSyncExternalStore, type ReactNode } from 'react';
import { useLocation } from 'react-router';

/**
 * The first view of a creator page, painted by the shell while the page's code and the component library still
 * download (on a phone under Slow 4G and a 4× slower CPU, about two seconds): the creator's picture where the page will
 * show it, at the same size (features/creator-page/components/creator-profile.tsx), so that the page replaces it
 * without moving or flashing. Its data is the creator answer the entry asked for (./first-page-data.ts), only for a
 * verified creator without an intro video (the page shows the video instead); anything else keeps the plain loading
 * placeholder.
 */
export interface CreatorFirstViewData {
  /** The route's `:creatorId` segment (an id or a custom url), decoded. */
  idOrUrl: string;
  name: string;
  picture: string;
}

let known: CreatorFirstViewData | null = null;
const listeners = new Set<() => void>();

export function rememberCreatorFirstView(data: CreatorFirstViewData): void {
  known = data;
  for (const listener of listeners) listener();
}

function subscribe(listener: () => void) {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

function creatorSegment(pathname: string): string | null {
  const match = /^\/creator\/([^/]+)\/?$/.exec(pathname);
  if (!match) return null;
  try {
    return decodeURIComponent(match[1]!);
  } catch {
    return null;
  }
}

/** The first view for this creator (`idOrUrl` as the route names it), or null when the shell knows nothing of it. */
export function creatorFirstView(idOrUrl: string): ReactNode {
  return known && known.idOrUrl === idOrUrl ? <CreatorFirstView data={known} /> : null;
}

function CreatorFirstView({ data }: { data: CreatorFirstViewData }) {
  return (
    <main className="creator-first-view" aria-busy="true">
      <div className="creator-first-view__picture">
        <img src={data.picture} alt={data.name} fetchPriority="high" />
      </div>
    </main>
  );
}

/** What a page shows while its code loads: a creator page's first view, else an empty placeholder. */
export function PageLoading() {
  const { pathname } = useLocation();
  const current = useSyncExternalStore(subscribe, () => known);
  const segment = creatorSegment(pathname);
  if (current && segment !== null && current.idOrUrl === segment) return <CreatorFirstView data={current} />;
  return <div className="page-loading" role="progressbar" aria-label="loading" />;
}
