// Direct access to the e2e server's database for the finder-search specs: owners of their own
// (so no spec's lockouts or counters touch another's) and reads of what the server logged.
// The server uses WAL mode, so a second connection from a test worker is safe.
import Database from "better-sqlite3";
import { randomInt, randomUUID } from "node:crypto";
import path from "node:path";

let connection: Database.Database | undefined;
export function e2eDb(): Database.Database {
  if (!connection) {
    connection = new Database(path.join(process.env.TAGBACK_E2E_DIR!, "e2e.db"));
    connection.pragma("busy_timeout = 5000");
  }
  return connection;
}

function digits(length: number) {
  let out = String(randomInt(1, 10));
  while (out.length < length) out += String(randomInt(0, 10));
  return out;
}

export type TestOwner = {
  id: string;
  email: string;
  mobile: string;
  bio: string;
  token: string;
  metroCard: string;
  unlockDigits: string;
};

/** A new owner with a verified token, a metro card and (by default) a masked bio. */
export function createOwner(options: { maskBio?: boolean; useSocialIcons?: boolean; firstName?: string } = {}): TestOwner {
  const db = e2eDb();
  const id = randomUUID();
  const tag = randomUUID().slice(0, 8);
  const owner: TestOwner = {
    id,
    email: `leak-probe-${tag}@example.test`,
    mobile: digits(10),
    bio: `Secret bio ${tag} - leave it at the Koramangala post office`,
    token: digits(12),
    metroCard: digits(14),
    unlockDigits: "",
  };
  owner.unlockDigits = owner.token.slice(4, 8);
  const now = Date.now();
  db.transaction(() => {
    db.prepare("insert into users (id, email, created_at) values (?, ?, ?)").run(id, owner.email, now);
    db.prepare(
      `insert into profiles (id, first_name, last_name, x_username, bio, mask_bio, metro_card_number, mobile_number,
         show_email, show_mobile, social_sms, social_call, social_telegram, social_whatsapp, use_social_icons,
         use_mobile_for_socials, total_searches, created_at, updated_at)
       values (?, ?, 'Tester', 'probe_user', ?, ?, ?, ?, 1, 1, ?, ?, ?, ?, ?, 1, 0, ?, ?)`,
    ).run(
      id,
      options.firstName ?? "Probe",
      owner.bio,
      options.maskBio === false ? 0 : 1,
      owner.metroCard,
      owner.mobile,
      owner.mobile,
      owner.mobile,
      owner.mobile,
      owner.mobile,
      options.useSocialIcons ? 1 : 0,
      now,
      now,
    );
    db.prepare(
      "insert into tagback_tokens (id, token, password_hash, user_id, is_claimed, is_verified, created_at) values (?, ?, 'x', ?, 1, 1, ?)",
    ).run(randomUUID(), owner.token, id, now - 1000);
  })();
  return owner;
}

export function historyOf(ownerId: string) {
  return e2eDb()
    .prepare("select * from search_history where user_id = ? order by searched_at")
    .all(ownerId) as Array<{ id: string; search_type: string; search_value: string; latitude: number | null; longitude: number | null }>;
}

export function totalSearchesOf(ownerId: string): number {
  return (e2eDb().prepare("select total_searches as n from profiles where id = ?").get(ownerId) as { n: number }).n;
}

export function demoLogsFrom(ip: string) {
  return e2eDb().prepare("select demo_location as location, ip_address as ip from demo_search_logs where ip_address = ?").all(ip) as Array<{
    location: string;
    ip: string;
  }>;
}
