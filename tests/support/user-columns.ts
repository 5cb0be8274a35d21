// Every column of db/schema.ts that names a user, found from drizzle's table config rather than a
// hand-kept list: users.id itself, each foreign key to users, and columns called user_id or
// *_user_id without one (the admin audit trail keeps its admin by id on purpose, not as a foreign
// key). A table added later that holds someone's id is found the day it is added.
import { count, eq, is } from "drizzle-orm";
import { getTableConfig, SQLiteTable, type SQLiteColumn } from "drizzle-orm/sqlite-core";
import type { Db } from "../../db/connection";
import * as schema from "../../db/schema";

export type UserColumn = { table: SQLiteTable; column: SQLiteColumn; key: string };

export function userColumns(): UserColumn[] {
  const found: UserColumn[] = [];
  for (const value of Object.values(schema)) {
    if (!is(value, SQLiteTable)) continue;
    const table: SQLiteTable = value;
    const config = getTableConfig(table);
    const toUsers = new Set(
      config.foreignKeys
        .map((fk) => fk.reference())
        .filter((reference) => getTableConfig(reference.foreignTable).name === "users")
        .flatMap((reference) => reference.columns.map((column) => column.name)),
    );
    for (const column of config.columns) {
      const namesUser = (config.name === "users" && column.name === "id") || toUsers.has(column.name) || /(^|_)user_id$/.test(column.name);
      if (namesUser) found.push({ table, column, key: `${config.name}.${column.name}` });
    }
  }
  return found;
}

/** How many rows of the column's table name `userId` in that column. */
export async function rowsNaming(db: Db, { table, column }: UserColumn, userId: string): Promise<number> {
  const row = await db.select({ n: count() }).from(table).where(eq(column, userId)).get();
  return row?.n ?? 0;
}
