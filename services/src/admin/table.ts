import type { ColumnType, Generated, Selectable } from 'kysely';

/** One admin write (append-only: a trigger refuses updates and deletes). */
export interface AdminAuditLogTable {
  id: Generated<number>;
  actor_id: number | null;
  actor_roles: string[];
  action: string;
  resource: string;
  resource_id: string | null;
  before: ColumnType<unknown, string | null, never>;
  after: ColumnType<unknown, string | null, never>;
  status_code: number;
  request_id: string;
  created_at: Date;
  /** When the legal retention pass erased the snapshots' personal fields (migration 0373). */
  personal_data_erased_at: Generated<Date | null>;
}

export interface AdminTables {
  admin_audit_log: AdminAuditLogTable;
}

export type AdminAuditLogRow = Selectable<AdminAuditLogTable>;
