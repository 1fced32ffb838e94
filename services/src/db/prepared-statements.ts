import pg from 'pg';

/*
 * Prepared statements without asking for them: a parameterised query the process sends often is sent as a named
 * statement, which PostgreSQL parses and plans once per connection instead of on every call. For a one-row lookup
 * by key that is most of the server's work (measured here: about 100 µs of server CPU unnamed, 30 µs prepared, and
 * half the client's CPU).
 *
 * What is never prepared, so that a migration applied while the process runs cannot break its statements
 * ("cached plan must not change result type" when a table a statement reads with `*` gains a column):
 * - a statement with a `*` (a `select *`, `t.*`, `returning *`, or a product: the check is on the text);
 * - a statement without parameters (nothing to plan twice: schema changes, migrations, `begin`, `commit`);
 * - statements beyond the first `MAX_PREPARED` texts that reached `PREPARE_AFTER_USES` uses: the rare texts
 *   (console reports, `in (…)` lists of every length) stay unnamed and cost the server no memory per connection.
 * Named statements live on their connection, so this needs session pooling (no PgBouncer in transaction mode).
 */

/** Uses of a text before it is sent as a named statement. */
export const PREPARE_AFTER_USES = 3;
/** Texts named at most per process (each connection keeps a plan for each it has run). */
export const MAX_PREPARED = 400;
/** Texts counted at most; past it the counts start again (a long tail of one-off texts must not grow memory). */
const MAX_COUNTED = 5_000;

export class StatementNames {
  private readonly uses = new Map<string, number>();
  private readonly names = new Map<string, string>();

  constructor(
    private readonly prepareAfterUses = PREPARE_AFTER_USES,
    private readonly maxPrepared = MAX_PREPARED,
  ) {}

  /** The name to send `text` under, or undefined to send it unnamed. */
  nameFor(text: string): string | undefined {
    const name = this.names.get(text);
    if (name !== undefined) return name;
    if (this.names.size >= this.maxPrepared || text.includes('*')) return undefined;
    const uses = (this.uses.get(text) ?? 0) + 1;
    if (uses < this.prepareAfterUses) {
      if (this.uses.size >= MAX_COUNTED) this.uses.clear();
      this.uses.set(text, uses);
      return undefined;
    }
    this.uses.delete(text);
    const named = `fanmission_${this.names.size + 1}`;
    this.names.set(text, named);
    return named;
  }

  get preparedCount(): number {
    return this.names.size;
  }
}

/**
 * A `pg.Client` class for `pg.Pool({ Client })` that sends the often-used parameterised queries of kysely
 * (`query(text, values)`) as named statements, by the names `names` gives; every other call passes through.
 */
export function preparingClient(names: StatementNames): typeof pg.Client {
  return class PreparingClient extends pg.Client {
    constructor(config?: string | pg.ClientConfig) {
      super(config);
      const send = this.query.bind(this) as (...args: unknown[]) => unknown;
      const query = (...args: unknown[]) => {
        const [text, values, callback] = args;
        if (typeof text === 'string' && Array.isArray(values) && values.length > 0 && callback === undefined) {
          const name = names.nameFor(text);
          if (name !== undefined) return send({ name, text, values });
        }
        return send(...args);
      };
      Object.assign(this, { query });
    }
  };
}
