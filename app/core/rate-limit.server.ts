// The mechanism of limits and lockouts, counted in our own SQLite database (table rate_limits), so
// they hold across restarts and are checked before any expensive work. It knows no feature: each
// area declares its limits beside their numbers (features/<area>/rules.ts: a Limit, SlidingWindows
// or a single-use name) and hands the declaration to the functions here. docs/limits.md
// lists every limit and its numbers.
// - Limit: a fixed window through rate-limiter-flexible: `points` per `duration` seconds per key;
//   with `blockDuration`, a key that spent them all stays refused that long (consecutive-failure
//   lockouts: isLocked, recordFailure, clearFailures).
// - SlidingWindows: "at most N in any T", one row per try (the profile-wide unlock counts).
// - Single use: a key accepted once until it expires (a form's ticket).
// Every per-client limit counts the request's clientKey: an IPv4 address or an IPv6 /64
// (core/client-key.ts), never a whole IPv6 address. Each declaration's `name` prefixes the keys of
// its rows, so two declarations must never share one (checked when a name is first used).
// The table names nobody (issue 47, decision 045): what a caller counts by (an address, a client's
// IP, a token, a user id) is stored as a keyed hash of each of its parts, here and only here, so no
// caller can forget it; the name stays in clear for the operator reading the table.
import { createHmac, createSecretKey, type KeyObject } from "node:crypto";
import { sql } from "drizzle-orm";
import type { Database, Statement } from "better-sqlite3";
import { RateLimiterRes, RateLimiterSQLite } from "rate-limiter-flexible";
import type { Db } from "../../db/connection.ts";
import { rateLimits } from "../../db/schema.ts";
import { cookieSecrets, getEnv } from "./env.server.ts";

// ---------------------------------------------------------------------------------------------
// Keyed hashes. A part of a caller's key becomes "~" and the first 16 bytes of its HMAC-SHA256 in
// URL-safe base64 (22 characters): keyed with the session secret, so a copy of the database (a
// backup, the replica) cannot be searched for an address by hashing guesses. Each ':'-separated
// part is hashed apart, so erasure can still find the rows naming a person by one part
// (forgetKeysNaming). The "~" marks the hashed form, so the start-up rewrite of older rows
// (hashClearKeys) knows which rows it has done. A new first SESSION_SECRET makes new hashes: every
// limit and lockout starts again, and the old rows expire unread (docs/limits.md).

let hashKey: { secrets: string | undefined; key: KeyObject } | undefined;

function keyedHash(part: string): string {
  // Derived once per SESSION_SECRET (tests change it between servers): the limits' own key, from
  // the first secret, not the key that signs cookies itself.
  const secrets = getEnv().SESSION_SECRET;
  if (!hashKey || hashKey.secrets !== secrets) {
    hashKey = { secrets, key: createSecretKey(createHmac("sha256", cookieSecrets()[0]!).update("tagback rate-limit keys").digest()) };
  }
  return `~${createHmac("sha256", hashKey.key).update(part).digest().subarray(0, 16).toString("base64url")}`;
}

/** The stored form of a caller's key: each ':'-separated part hashed. */
export function storedKey(key: string): string {
  return key.split(":").map(keyedHash).join(":");
}

/** A fixed-window limit, declared by its feature. Durations in seconds. */
export type Limit = { readonly name: string; readonly points: number; readonly duration: number; readonly blockDuration?: number };

/** Sliding windows, declared by their feature: at most `points` tries in any `duration` seconds, for each window. */
export type SlidingWindows = { readonly name: string; readonly windows: readonly { readonly points: number; readonly duration: number }[] };

/** A kind of key that is accepted once, declared by its feature. */
export type SingleUse = { readonly name: string };

type Declaration = Limit | SlidingWindows | SingleUse;

// The declaration behind each name: a second, different declaration under a taken name would count
// its tries in the first one's rows. (Compared by content: a module reloaded in development
// declares its limits again, as new objects.)
const declared = new Map<string, string>();

function own(declaration: Declaration): void {
  const content = JSON.stringify(declaration);
  const first = declared.get(declaration.name);
  if (first === undefined) declared.set(declaration.name, content);
  else if (first !== content) throw new Error(`Two different limits are named "${declaration.name}": give each its own name`);
}

/**
 * rate-limiter-flexible's SQLite store with its statements prepared once. The library prepares its
 * upsert again on every call and wraps the one statement in a transaction of its own: 12 % of a
 * sticker scan's CPU, on the path every finder takes. One upsert statement is atomic by itself.
 */
class PreparedRateLimiterSQLite extends RateLimiterSQLite {
  readonly #statements = new Map<string, Statement>();

  // Overrides the library's better-sqlite3 upsert (its query text is fixed per limiter and kind).
  async _upsertTransactionBetterSQLite3(conn: Database, upsertQuery: string, upsertParams: unknown[]): Promise<unknown> {
    let statement = this.#statements.get(upsertQuery);
    if (!statement) this.#statements.set(upsertQuery, (statement = conn.prepare(upsertQuery)));
    return statement.get(...upsertParams);
  }
}

// One limiter per database connection and limit (tests open several databases in one process).
const limiters = new WeakMap<Db["$client"], Map<Limit, PreparedRateLimiterSQLite>>();

function limiter(db: Db, limit: Limit) {
  let byLimit = limiters.get(db.$client);
  if (!byLimit) limiters.set(db.$client, (byLimit = new Map()));
  let found = byLimit.get(limit);
  if (!found) {
    own(limit);
    found = new PreparedRateLimiterSQLite({
      storeClient: db.$client,
      storeType: "better-sqlite3",
      tableName: "rate_limits",
      tableCreated: true, // created by our migrations
      keyPrefix: limit.name,
      points: limit.points,
      duration: limit.duration,
      blockDuration: limit.blockDuration,
    });
    byLimit.set(limit, found);
  }
  return found;
}

/** Spends one point; false when the limit is used up (the request must be refused). */
export async function consume(db: Db, limit: Limit, key: string): Promise<{ allowed: boolean; retryAfterSeconds: number }> {
  try {
    await limiter(db, limit).consume(storedKey(key));
    return { allowed: true, retryAfterSeconds: 0 };
  } catch (error) {
    if (error instanceof RateLimiterRes) {
      return { allowed: false, retryAfterSeconds: Math.ceil(error.msBeforeNext / 1000) };
    }
    throw error;
  }
}

/** For consecutive-failure lockouts: is this key locked right now (all points spent)? */
export async function isLocked(db: Db, limit: Limit, key: string): Promise<boolean> {
  const res = await limiter(db, limit).get(storedKey(key));
  return res !== null && res.consumedPoints >= limit.points;
}

/** Records one failure. Returns true when this failure used up the last try. */
export async function recordFailure(db: Db, limit: Limit, key: string): Promise<boolean> {
  const { allowed } = await consume(db, limit, key);
  return !allowed || (await isLocked(db, limit, key));
}

/** A success clears the failures counted for the key. */
export async function clearFailures(db: Db, limit: Limit, key: string): Promise<void> {
  await limiter(db, limit).delete(storedKey(key));
}

// ---------------------------------------------------------------------------------------------
// Sliding windows. Each try is one row of rate_limits ("name:key:time:random", points 1, expiring
// when the longest window has passed; the retention sweep deletes expired rows, server/retention.ts),
// so "at most 10 in any 24 hours and 20 in any 365 days" holds exactly, not per calendar window.
// A key has at most as many rows as its longest window allows.

/** The key range of one name and key: every row key starting "name:key:" (the key hashed). */
function rowRange(name: string, key: string) {
  const prefix = `${name}:${storedKey(key)}:`;
  return { prefix, from: prefix, to: `${prefix.slice(0, -1)};` };
}

function longestMs(limit: SlidingWindows) {
  return Math.max(...limit.windows.map((w) => w.duration)) * 1000;
}

/** For each window: "this window still has room" (fewer rows than points within its duration). */
function roomIn(limit: SlidingWindows, key: string, now: number) {
  own(limit);
  const { from, to } = rowRange(limit.name, key);
  const longest = longestMs(limit);
  // A row expires `longest` after its try, so a try within `duration` has expire > this.
  return limit.windows.map(
    (w) =>
      sql`(select count(*) from ${rateLimits} where "key" >= ${from} and "key" < ${to} and "expire" > ${now - w.duration * 1000 + longest}) < ${w.points}`,
  );
}

/** Is any window of `limit` full for `key` (a try must be refused)? */
export async function windowFull(db: Db, limit: SlidingWindows, key: string, now = Date.now()): Promise<boolean> {
  const row = await db.get<{ room: number }>(sql`select (${sql.join(roomIn(limit, key, now), sql` and `)}) as room`);
  return !row?.room;
}

/**
 * Spends one try in every window of `limit` if each has room, in one statement (so concurrent
 * tries can never overshoot). Returns a receipt for `refundWindow`, or null when a window is full.
 */
export async function spendWindow(db: Db, limit: SlidingWindows, key: string, now = Date.now()): Promise<string | null> {
  const rowKey = `${rowRange(limit.name, key).prefix}${now}:${crypto.randomUUID()}`;
  const rows = await db.all<{ key: string }>(sql`
    insert into ${rateLimits} ("key", "points", "expire")
    select ${rowKey}, 1, ${now + longestMs(limit)}
    where ${sql.join(roomIn(limit, key, now), sql` and `)}
    returning "key"`);
  return rows[0]?.key ?? null;
}

/** Gives a spent try back (a right answer is not a wrong try). */
export async function refundWindow(db: Db, receipt: string): Promise<void> {
  await db.run(sql`delete from ${rateLimits} where "key" = ${receipt}`);
}

// ---------------------------------------------------------------------------------------------
// Single use. A used key is one row ("name:key", expiring at `until`; swept like the rest), so it
// is refused across restarts and processes until then. Whatever made it worth using must itself be
// worthless after `until` (a ticket that has expired), or the key becomes usable again.

/**
 * Uses `key` up: true the first time, false while an earlier use's row lasts. One insert, so of
 * two concurrent uses exactly one wins.
 */
export async function spendOnce(db: Db, kind: SingleUse, key: string, until: number): Promise<boolean> {
  own(kind);
  const rows = await db.all<{ key: string }>(sql`
    insert into ${rateLimits} ("key", "points", "expire") values (${`${kind.name}:${storedKey(key)}`}, 1, ${until})
    on conflict ("key") do nothing
    returning "key"`);
  return rows.length === 1;
}

// ---------------------------------------------------------------------------------------------
// Forgetting. Keys are parts joined with ':' ("name:key", "name:key:time:random", and keys such as
// "profileId:clientKey"), each part of the caller's key hashed, and some parts name a person: a
// per-user limit's user id, a per-e-mail lockout's address. An erased account must leave no row
// naming it (features/account/erasure.server.ts).

/**
 * Deletes the rows of every limit whose key has the hash of one of `values` as a whole part (a
 * part, so erasing "ab@x.io" leaves the lockout of "cab@x.io" alone; the value as given and in
 * lower case, as the callers key addresses). Synchronous, so it runs inside the caller's transaction.
 */
export function forgetKeysNaming(db: Pick<Db, "run">, values: readonly string[]): void {
  const parts = new Set(values.flatMap((value) => [keyedHash(value), keyedHash(value.toLowerCase())]));
  for (const part of parts) {
    db.run(sql`delete from ${rateLimits} where instr(':' || "key" || ':', ${`:${part}:`}) > 0`);
  }
}

// ---------------------------------------------------------------------------------------------
// Rows written before keys were hashed (issue 47) hold them in clear. A drizzle migration cannot
// compute an HMAC, so the server's start rewrites them, once: each part after the name hashed, in
// one transaction (all or nothing; the next start finds none left). Rewritten, not deleted:
// deleting them would lift every lockout and empty the profile-wide unlock windows ("at most 20
// in any 365 days"), handing a guesser fresh tries at each deploy. A sliding-window row's time
// and random parts get hashed too: only the key's prefix and the row's `expire` are ever read.

/** Rewrites every row whose key is not in the hashed form; returns how many it rewrote. */
export function hashClearKeys(db: Db): number {
  const client = db.$client;
  // Every start looks, so SQLite skips the hashed rows itself (a hashed key holds ":~", a clear one
  // cannot but for an address starting with "~", whose row then just expires): a table of 100,000
  // rows is read in milliseconds, and none of them reach JavaScript.
  const clear = client.prepare<[], string>(`select "key" from rate_limits where "key" not glob '*:~*'`).pluck().all();
  if (clear.length === 0) return 0;
  const rewrite = client.prepare(`update or replace rate_limits set "key" = ? where "key" = ?`);
  client.transaction(() => {
    for (const key of clear) {
      const [name, ...parts] = key.split(":");
      rewrite.run([name, ...parts.map(keyedHash)].join(":"), key);
    }
  })();
  return clear.length;
}
