// The single-file write ceiling (decision 004): how many of a scan's writes one SQLite file takes
// per second on this disk, with the connection's pragmas (db/connection.ts: WAL, synchronous=NORMAL):
// the search limit's upsert (the statement rate-limiter-flexible's SQLite store runs, one commit)
// and the visit — the history row and the owner's counter in one transaction, as
// features/finder/search-history.server.ts writes them (the app's modules use the `~/` alias, which
// a script run by Node cannot import, so the statements are written here in the same shape). Each
// alone, then as a scan writes today (two commits), then grouped, many scans a transaction (what
// "one transaction for a turn's writes" would give). One thread, nothing else running: the
// ceiling, not a scan's cost.
//
//   node scripts/bench/write-ceiling.ts [--seconds 3] [--group 50]
import { randomUUID } from "node:crypto";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { parseArgs } from "node:util";
import { openDatabase } from "../../db/connection.ts";
import { hashPassword } from "../../db/password.ts";
import { insertOwners } from "./owners.ts";

export type Ceiling = { label: string; perSecond: number; commitsPerSecond: number };

export async function measureWriteCeiling(options: { seconds: number; group: number }): Promise<Ceiling[]> {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), "tagback-writes-"));
  const { db } = openDatabase(path.join(dir, "writes.db"));
  try {
    const owners = insertOwners(db, { first: 0, count: 1_000, series: 8, passwordHash: await hashPassword("bench-owner") });
    const client = db.$client;
    const upsert = client.prepare(
      `insert into rate_limits (key, points, expire) values (?, 1, ?)
       on conflict(key) do update set
         points = case when expire <= ? then 1 else points + 1 end,
         expire = case when expire <= ? then excluded.expire else expire end
       returning points, expire`,
    );
    const insertVisit = client.prepare(
      `insert into search_history (id, user_id, search_type, search_value, searched_at, client_key, city, region, country, address)
       values (?, ?, 'tagback_token', ?, ?, ?, 'New Delhi', 'Delhi', 'IN', null)`,
    );
    const countVisit = client.prepare("update profiles set total_searches = total_searches + 1 where id = ? returning scan_alerts");
    const visit = client.transaction((owner: (typeof owners)[number], clientKey: string) => {
      insertVisit.run(randomUUID(), owner.id, owner.token, Date.now(), clientKey);
      return countVisit.get(owner.id);
    });
    let n = 0;
    const clientKey = () => `203.0.${Math.floor(n / 256) % 256}.${n % 256}`;
    const limit = () => {
      const now = Date.now();
      upsert.get(`search:${clientKey()}`, now + 60_000, now, now);
    };
    const scanWrites = async () => {
      n++;
      limit();
      visit(owners[n % owners.length]!, clientKey());
    };
    const results: Ceiling[] = [];
    const run = async (label: string, step: () => Promise<void>, perCommit: (count: number) => number) => {
      const deadline = performance.now() + options.seconds * 1000;
      let count = 0;
      const started = performance.now();
      while (performance.now() < deadline) {
        await step();
        count++;
      }
      const seconds = (performance.now() - started) / 1000;
      results.push({ label, perSecond: count / seconds, commitsPerSecond: perCommit(count) / seconds });
    };
    await run("the search limit's upsert alone", async () => void (n++, limit()), (count) => count);
    await run("the visit alone (history row + counter)", async () => void visit(owners[n++ % owners.length]!, clientKey()), (count) => count);
    await run("a scan's writes as today (two commits)", scanWrites, (count) => 2 * count);
    await run(
      `a scan's writes grouped, ${options.group} scans a transaction`,
      async () => {
        client.exec("BEGIN");
        try {
          for (let i = 0; i < options.group; i++) await scanWrites();
          client.exec("COMMIT");
        } catch (error) {
          client.exec("ROLLBACK");
          throw error;
        }
      },
      (count) => count,
    );
    // The grouped run counted transactions; say scans.
    results.at(-1)!.perSecond *= options.group;
    return results;
  } finally {
    db.$client.close();
    fs.rmSync(dir, { recursive: true, force: true });
  }
}

export function renderWriteCeiling(results: Ceiling[]): string {
  const lines = ["## The single-file write ceiling (one thread, WAL, synchronous=NORMAL)", "", "| writes | per second | commits per second |", "| --- | ---: | ---: |"];
  for (const r of results) lines.push(`| ${r.label} | ${r.perSecond.toFixed(0)} | ${r.commitsPerSecond.toFixed(0)} |`);
  return lines.join("\n");
}

async function main() {
  const { values } = parseArgs({ options: { seconds: { type: "string", default: "3" }, group: { type: "string", default: "50" } }, strict: true });
  console.log(`${new Date().toISOString()} · load average ${os.loadavg().map((x) => x.toFixed(2)).join(" ")}\n`);
  console.log(renderWriteCeiling(await measureWriteCeiling({ seconds: Number(values.seconds), group: Number(values.group) })));
}

if (import.meta.main) await main();
