import { useEffect, useId, useRef, type ReactNode } from 'react';
import { createPortal } from 'react-dom';
import { useTranslation } from 'react-i18next';

const FOCUSABLE =
  'a[href], button:not([disabled]), input:not([disabled]), select:not([disabled]), textarea:not([disabled]), [tabindex]:not([tabindex="-1"])';

/**
 * Keeps Tab and Shift+Tab inside `container`, closes on Escape, focuses the first focusable element on open and
 * gives the focus back to what had it before (the opening button) on close: the WAI-ARIA modal dialog pattern, for
 * the shell's plain-markup dialogs (the component library's Dialog does the same for the pages' dialogs).
 */
export function useFocusTrap(container: React.RefObject<HTMLElement | null>, open: boolean, onClose: () => void) {
  const close = useRef(onClose);
  close.current = onClose;
  useEffect(() => {
    if (!open) return;
    const previous = document.activeElement instanceof HTMLElement ? document.activeElement : null;
    const focusables = () => [...(container.current?.querySelectorAll<HTMLElement>(FOCUSABLE) ?? [])];
    focusables()[0]?.focus();
    const onKeyDown = (event: KeyboardEvent) => {
      if (event.key === 'Escape') {
        event.preventDefault();
        close.current();
        return;
      }
      if (event.key !== 'Tab') return;
      const items = focusables();
      if (items.length === 0) return;
      const first = items[0]!;
      const last = items[items.length - 1]!;
      const inside = container.current?.contains(document.activeElement) ?? false;
      if (event.shiftKey && (document.activeElement === first || !inside)) {
        event.preventDefault();
        last.focus();
      } else if (!event.shiftKey && (document.activeElement === last || !inside)) {
        event.preventDefault();
        first.focus();
      }
    };
    document.addEventListener('keydown', onKeyDown);
    return () => {
      document.removeEventListener('keydown', onKeyDown);
      previous?.focus();
    };
  }, [open, container]);
}

/**
 * The header's menu drawer on a phone: a modal dialog sliding from the right with the items the bar cannot hold.
 * Rendered into `<body>`: the header's `backdrop-filter` makes it the containing block of its fixed descendants, so a
 * drawer inside it was cut to the header's 56 px and its items could not be seen.
 */
export function HeaderDrawer({ open, onClose, children }: { open: boolean; onClose: () => void; children: ReactNode }) {
  const { t } = useTranslation();
  const panel = useRef<HTMLDivElement>(null);
  const titleId = useId();
  useFocusTrap(panel, open, onClose);
  if (!open) return null;
  return createPortal(
    <>
      <div className="drawer-backdrop" onClick={onClose} aria-hidden="true" />
      <div className="drawer" id="header-drawer" role="dialog" aria-modal="true" aria-labelledby={titleId} ref={panel}>
        <div className="drawer-head">
          <span id={titleId}>{t('a11y.menu')}</span>
          <button type="button" className="shell-icon-button" aria-label={t('a11y.closeMenu')} onClick={onClose}>
            <svg width="24" height="24" viewBox="0 0 24 24" fill="currentColor" aria-hidden="true" focusable="false">
              <path d="M19 6.41 17.59 5 12 10.59 6.41 5 5 6.41 10.59 12 5 17.59 6.41 19 12 13.41 17.59 19 19 17.59 13.41 12z" />
            </svg>
          </button>
        </div>
        {/* A click on any item (a link or a button) closes the drawer after it did its work. */}
        <nav onClick={(event) => (event.target as HTMLElement).closest('a, button') && onClose()}>{children}</nav>
      </div>
    </>,
    document.body,
  );
}
