/**
 * The kysely view of the database. Each domain module declares its tables in its own `table.ts` and they are
 * merged here, so the whole schema is typed in one place.
 */
// Tables arrive with their domain modules; an empty record keeps the Kysely type usable until then.
// eslint-disable-next-line @typescript-eslint/no-empty-object-type
export interface Database {}
