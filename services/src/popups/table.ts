import type { Generated, Insertable, Selectable } from 'kysely';

export interface PopupsTable {
  id: Generated<number>;
  title: string;
  web_image_file_id: number | null;
  link_background_color: Generated<string>;
  link_text_color: Generated<string>;
  link_logged_on: string | null;
  link_logged_off: string | null;
  link_text_logged_on: string | null;
  link_text_logged_off: string | null;
  active: Generated<boolean>;
  starts_at: Date | null;
  ends_at: Date | null;
  created_at: Generated<Date>;
  updated_at: Generated<Date>;
}

/** A picture the console uploaded for popups: the only files a popup may show (migration 0374). */
export interface PopupImagesTable {
  file_id: number;
  uploaded_by: number | null;
  created_at: Generated<Date>;
}

export interface PopupsTables {
  popups: PopupsTable;
  popup_images: PopupImagesTable;
}

export type PopupRow = Selectable<PopupsTable>;
export type NewPopup = Insertable<PopupsTable>;
