// Statements prepared once per database connection. A statement run on every request (a scan's
// owner lookup, its history row) cost as much to prepare again — drizzle building the SQL, SQLite
// compiling it — as to run; prepared once, it is kept with the connection it belongs to.
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
