// The database of a unit/integration test process: a fresh file in the process's temporary
// directory (tests/setup/setup-test-env.ts), migrated on first use. Tests hand it to the code
// under test, through appContext() for routes, the way server/app.ts hands over the real one.
import path from "node:path";
import { openDatabase, type Db } from "../../db/connection.ts";

let db: Db | undefined;

export function testDb(): Db {
  db ??= openDatabase(path.join(process.env.TAGBACK_TEST_DIR!, "test.db")).db;
  return db;
}

export function closeTestDb() {
  db?.$client.close();
  db = undefined;
}
