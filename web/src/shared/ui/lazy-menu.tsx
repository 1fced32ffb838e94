import { lazy, Suspense } from 'react';
import type { MenuPopupItem } from './menu-popup';

const MenuPopup = lazy(() => import('./menu-popup'));

export type { MenuPopupItem };

/** Renders the menu only while open, loading its code on the first open. */
export function LazyMenu({
  anchor,
  items,
  onClose,
}: {
  anchor: HTMLElement | null;
  items: MenuPopupItem[];
  onClose: () => void;
}) {
  if (!anchor) return null;
  return (
    <Suspense fallback={null}>
      <MenuPopup anchor={anchor} items={items} onClose={onClose} />
    </Suspense>
  );
}
