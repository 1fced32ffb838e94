import Menu from '@mui/material/Menu';
import MenuItem from '@mui/material/MenuItem';

import { PageProviders } from './page-providers';

export interface MenuPopupItem {
  key: string;
  label: string;
  selected?: boolean;
  onClick: () => void;
}

/** A menu anchored to a button; loaded on first open (header menus stay out of the landing page's bundle). */
export default function MenuPopup({
  anchor,
  items,
  onClose,
}: {
  anchor: HTMLElement;
  items: MenuPopupItem[];
  onClose: () => void;
}) {
  return (
    <PageProviders>
      <Menu anchorEl={anchor} open onClose={onClose}>
        {items.map((item) => (
          <MenuItem
            key={item.key}
            selected={item.selected ?? false}
            onClick={() => {
              onClose();
              item.onClick();
            }}
          >
            {item.label}
          </MenuItem>
        ))}
      </Menu>
    </PageProviders>
  );
}
