// Statements prepared once per database connection. A statement run on every request (a scan's
// owner lookup, its history row, the session of a signed-in page) cost as much to prepare again —
// drizzle building the SQL, SQLite compiling it — as to run; prepared once, it is kept with the
// connection it belongs to.
import { fillPlaceholders, type SQL } from "drizzle-orm";
import { SQLiteSyncDialect } from "drizzle-orm/sqlite-core";
import type { Db } from "../../db/connection";

/** `statementsOf(db)`: what `prepare` made for this connection, made on its first use. */
export function preparedPerConnection<T>(prepare: (db: Db) => T): (db: Db) => T {
  const made = new WeakMap<Db, T>();
  return (db) => {
    let statements = made.get(db);
    if (!statements) made.set(db, (statements = prepare(db)));
    return statements;
  };
}

const dialect = new SQLiteSyncDialect();

/**
 * A query written in `sql` (one drizzle's builders do not express), prepared: its rows as objects
 * by column name, as `db.all(query)` gives them; `sql.placeholder(name)`s are filled by `values`.
 * For use inside preparedPerConnection.
 */
export function prepareSqlQuery<Row>(db: Db, query: SQL): { all: (values: Record<string, unknown>) => Row[] } {
  const { sql: text, params } = dialect.sqlToQuery(query);
  const statement = db.$client.prepare(text);
  return { all: (values) => statement.all(...fillPlaceholders(params, values)) as Row[] };
}
