// npx node --expose-gc scripts/retention-bench.ts [--clients N] [--searches N]
// What the tables that grow cost on disk, and how long the retention sweep holds SQLite's write lock
// (docs/data-retention.md). In a fresh database in a temporary folder:
// - N distinct clients through rate-limiter-flexible's SQLite store with the finder's search limit
//   (half IPv4, half IPv6 /64 keys), the bytes each row costs (table and both indexes, from dbstat),
//   then the sweep's batches at BATCH_ROWS, and for comparison one DELETE of them all;
// - search_history rows as a scan writes them, messages of 100 characters, and the rows of an
//   "I found this" thread: bytes each.
import { randomBytes } from "node:crypto";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { RateLimiterSQLite } from "rate-limiter-flexible";
import { openDatabase, type Db } from "../db/connection.ts";
import { conversationParticipants, conversations, finderThreads, messages, rateLimits, searchHistory, users } from "../db/schema.ts";
import { limitKeyOf } from "../app/core/client-key.ts";
import { BATCH_ROWS, sweep } from "../app/core/retention.server.ts";
import { SEARCHES_PER_MINUTE } from "../app/features/finder/rules.ts";

function option(name: string, fallback: number): number {
  const at = process.argv.indexOf(`--${name}`);
  return at > 0 ? Number(process.argv[at + 1]) : fallback;
}
const CLIENTS = option("clients", 200_000);
const SEARCHES = option("searches", 100_000);

/** Bytes of a table and its indexes as stored (pages in use × page size, from dbstat). */
function bytesOf(db: Db, table: string): number {
  const row = db.$client
    .prepare("select sum(pgsize) as bytes from dbstat where name = ? or name in (select name from sqlite_schema where type = 'index' and tbl_name = ?)")
    .get(table, table) as { bytes: number };
  return row.bytes;
}

function percentile(sorted: number[], p: number) {
  return sorted[Math.min(sorted.length - 1, Math.floor(sorted.length * p))]!;
}

function clientKey(i: number) {
  return i % 2 === 0
    ? limitKeyOf(`${10 + (i % 200)}.${(i >> 8) & 255}.${(i >> 16) & 255}.${i & 255}`)
    : limitKeyOf(`2401:4900:${(i >> 16).toString(16)}:${(i & 0xffff).toString(16)}::1`);
}

const dir = fs.mkdtempSync(path.join(os.tmpdir(), "tagback-retention-"));
try {
  const { db } = openDatabase(path.join(dir, "bench.db"));

  // --- rate_limits ---
  const search = new RateLimiterSQLite({ storeClient: db.$client, storeType: "better-sqlite3", tableName: "rate_limits", tableCreated: true, keyPrefix: "search", points: SEARCHES_PER_MINUTE, duration: 60 });
  let started = performance.now();
  for (let i = 0; i < CLIENTS; i++) await search.consume(clientKey(i));
  const fillMs = performance.now() - started;
  const limiterBytes = bytesOf(db, "rate_limits");
  console.log(`rate_limits: ${CLIENTS} distinct clients in ${(fillMs / 1000).toFixed(1)} s (${((fillMs * 1000) / CLIENTS).toFixed(0)} µs each)`);
  console.log(`  ${(limiterBytes / CLIENTS).toFixed(0)} bytes per row (table and both indexes): ${(limiterBytes / CLIENTS).toFixed(0)} MB per million clients`);

  // The store prepares a statement per call: the garbage of the fill (a collection of 200,000
  // statements took 0.5-1 s) would otherwise land in a batch's time.
  (globalThis as { gc?: () => void }).gc?.();
  // The wall time of each batch: what the write lock is held for, and on a loaded machine also
  // any time the process waits for a core (hence the load average printed with it).
  const times: number[] = [];
  started = performance.now();
  await sweep(db, [{ table: rateLimits, column: rateLimits.expire, keepMs: 0 }], { now: Date.now() + 61_000, onBatch: ({ ms }) => times.push(ms) });
  const sweepMs = performance.now() - started;
  times.sort((a, b) => a - b);
  console.log(`  sweep: ${times.length} batches of ${BATCH_ROWS} in ${(sweepMs / 1000).toFixed(1)} s (load average ${os.loadavg()[0]!.toFixed(1)} on ${os.availableParallelism()} cores)`);
  console.log(`    a batch: median ${percentile(times, 0.5).toFixed(2)} ms, p99 ${percentile(times, 0.99).toFixed(2)} ms, max ${times.at(-1)!.toFixed(1)} ms`);

  for (let i = 0; i < CLIENTS; i++) await search.consume(clientKey(i));
  started = performance.now();
  db.$client.prepare("delete from rate_limits where expire < ?").run(Date.now() + 61_000);
  console.log(`  one DELETE of all ${CLIENTS} expired rows instead: ${(performance.now() - started).toFixed(0)} ms holding the write lock`);

  // --- search_history: a scan of one of 100 owners' tokens, located, from a client ---
  const owners = Array.from({ length: 100 }, (_, i) => ({ id: crypto.randomUUID(), email: `owner${i}@example.com` }));
  db.insert(users).values(owners).run();
  const insertHistory = db.$client.transaction((from: number, to: number) => {
    for (let i = from; i < to; i++) {
      db.insert(searchHistory)
        .values({ userId: owners[i % owners.length]!.id, searchType: "tagback_token", searchValue: String(100000000000 + (i % owners.length)), clientKey: clientKey(i), city: "New Delhi", region: "National Capital Territory of Delhi", country: "IN", address: "New Delhi, Delhi, India" })
        .run();
    }
  });
  for (let i = 0; i < SEARCHES; i += 1000) insertHistory(i, Math.min(SEARCHES, i + 1000));
  console.log(`search_history: ${(bytesOf(db, "search_history") / SEARCHES).toFixed(0)} bytes per row (table and indexes, city/region/address of New Delhi)`);

  // --- messages: 100 characters each, between owners ---
  const conversation = crypto.randomUUID();
  db.insert(conversations).values({ id: conversation }).run();
  const insertMessages = db.$client.transaction((count: number) => {
    for (let i = 0; i < count; i++) {
      db.insert(messages).values({ conversationId: conversation, senderId: owners[i % 2]!.id, content: "x".repeat(100), clientKey: crypto.randomUUID() }).run();
    }
  });
  insertMessages(SEARCHES);
  console.log(`messages: ${(bytesOf(db, "messages") / SEARCHES).toFixed(0)} bytes per row of 100 characters (table and indexes)`);

  // --- "I found this": the rows of a finder's first message (features/finder-contact/threads.server.ts) ---
  const threadTables = ["users", "conversations", "conversation_participants", "finder_threads", "messages"];
  const threadBytes = () => threadTables.reduce((sum, table) => sum + bytesOf(db, table), 0);
  const before = threadBytes();
  const threads = SEARCHES / 10;
  const insertThreads = db.$client.transaction(() => {
    for (let i = 0; i < threads; i++) {
      const ownerId = owners[i % owners.length]!.id;
      const finderUserId = crypto.randomUUID();
      db.insert(users).values({ id: finderUserId, email: `finder-${finderUserId}@finder.invalid`, anonymousFinder: true }).run();
      const { id } = db.insert(conversations).values({ pairKey: [ownerId, finderUserId].sort().join(":") }).returning({ id: conversations.id }).get();
      db.insert(conversationParticipants).values([{ conversationId: id, userId: ownerId }, { conversationId: id, userId: finderUserId, lastReadAt: new Date() }]).run();
      db.insert(finderThreads)
        .values({ conversationId: id, ownerId, finderUserId, capabilityHash: randomBytes(32).toString("base64url"), contact: "+91 98765 43210", foundWhere: "Rajiv Chowk metro station, platform 2", handover: "metro_counter", itemType: "tagback_token", itemValue: "100000000001" })
        .run();
      db.insert(messages).values({ conversationId: id, senderId: finderUserId, content: "x".repeat(200) }).run();
    }
  });
  insertThreads();
  console.log(`"I found this" thread: ${((threadBytes() - before) / threads).toFixed(0)} bytes (finder, conversation, 2 participants, thread, a first message of 200 characters)`);
  db.$client.close();
} finally {
  fs.rmSync(dir, { recursive: true, force: true });
}
