// The e2e server's database as the specs see it: one drizzle connection per worker on the server's
// file, written and read through db/schema.ts. The server created and migrated the file before any
// test ran (this side never migrates); it runs in WAL mode, so a second connection beside it is safe.
import Database from "better-sqlite3";
import { asc, eq, sql } from "drizzle-orm";
import { drizzle } from "drizzle-orm/better-sqlite3";
import type { SQLiteColumn } from "drizzle-orm/sqlite-core";
import { randomInt, randomUUID } from "node:crypto";
import path from "node:path";
import type { Db } from "../../db/connection.ts";
import { hashPassword } from "../../db/password.ts";
import * as schema from "../../db/schema.ts";
import { grantAdmin } from "~/features/account/admins.server";
import { demoSearchLogs, profiles, searchHistory, tagbackTokens, users } from "../../db/schema.ts";

let connection: Db | undefined;

/** This worker's connection to the database of the server under test. */
export function e2eDb(): Db {
  if (!connection) {
    const client = new Database(path.join(process.env.TAGBACK_E2E_DIR!, "e2e.db"));
    client.pragma("busy_timeout = 5000");
    client.pragma("foreign_keys = ON");
    connection = drizzle({ client, schema });
  }
  return connection;
}

/**
 * A column's value as SQLite stores it (a flag as 0 or 1), for reads asserted against the table
 * rather than against drizzle's mapped values.
 */
export function stored(column: SQLiteColumn) {
  return sql<number>`${column}`;
}

export function uniqueEmail(prefix = "user") {
  return `${prefix}-${randomUUID().slice(0, 8)}@example.test`;
}

/** Creates a confirmed user with an empty profile, straight in the database. */
/**
 * A confirmed user with an empty profile, who signs in with Google (as most do) or, with
 * `signIn: "password"`, with an e-mail and password (developer mode; the hash is not a usable one).
 */
export function createUser(email = uniqueEmail(), options: { signIn?: "google" | "password" } = {}): { id: string; email: string } {
  const credentials =
    options.signIn === "password" ? { passwordHash: "scrypt$not-a-real-hash" } : { googleSub: `google-${randomUUID()}` };
  return e2eDb().transaction((tx) => {
    const [user] = tx.insert(users).values({ email, emailConfirmedAt: new Date(), ...credentials }).returning({ id: users.id }).all();
    tx.insert(profiles).values({ id: user.id }).run();
    return { id: user.id, email };
  });
}

/** Gives the user the admin role, the way operators do (scripts/admin.ts). */
export async function makeAdmin(user: { email: string }) {
  const result = await grantAdmin(e2eDb(), user.email);
  if (result.status !== "granted") throw new Error(`could not make ${user.email} an admin: ${result.status}`);
}

// ---- Owners for the finder specs: their own, so no spec's lockouts or counters touch another's ----

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
  const tag = randomUUID().slice(0, 8);
  const token = digits(12);
  const owner: Omit<TestOwner, "id"> = {
    email: `leak-probe-${tag}@example.test`,
    mobile: digits(10),
    bio: `Secret bio ${tag} - leave it at the Koramangala post office`,
    token,
    metroCard: digits(14),
    unlockDigits: token.slice(4, 8),
  };
  return e2eDb().transaction((tx) => {
    const [user] = tx.insert(users).values({ email: owner.email }).returning({ id: users.id }).all();
    tx.insert(profiles)
      .values({
        id: user.id,
        firstName: options.firstName ?? "Probe",
        lastName: "Tester",
        xUsername: "probe_user",
        bio: owner.bio,
        maskBio: options.maskBio !== false,
        metroCardNumber: owner.metroCard,
        mobileNumber: owner.mobile,
        showEmail: true,
        showMobile: true,
        socialSms: owner.mobile,
        socialCall: owner.mobile,
        socialTelegram: owner.mobile,
        socialWhatsapp: owner.mobile,
        useSocialIcons: options.useSocialIcons === true,
        useMobileForSocials: true,
      })
      .run();
    tx.insert(tagbackTokens)
      .values({
        token: owner.token,
        passwordHash: "x",
        userId: user.id,
        isClaimed: true,
        isVerified: true,
        createdAt: new Date(Date.now() - 1000),
      })
      .run();
    return { id: user.id, ...owner };
  });
}

// ---- What the server recorded ----

export function historyOf(ownerId: string) {
  return e2eDb()
    .select({
      id: searchHistory.id,
      search_type: searchHistory.searchType,
      search_value: searchHistory.searchValue,
      latitude: searchHistory.latitude,
      longitude: searchHistory.longitude,
    })
    .from(searchHistory)
    .where(eq(searchHistory.userId, ownerId))
    .orderBy(asc(searchHistory.searchedAt))
    .all();
}

export function totalSearchesOf(ownerId: string): number {
  return e2eDb().select({ n: profiles.totalSearches }).from(profiles).where(eq(profiles.id, ownerId)).get()!.n;
}

export function demoLogsFrom(ip: string) {
  return e2eDb()
    .select({ location: demoSearchLogs.demoLocation, ip: demoSearchLogs.ipAddress })
    .from(demoSearchLogs)
    .where(eq(demoSearchLogs.ipAddress, ip))
    .all();
}

/** The password of every sticker `mintUnclaimedToken` makes (as printed in a sticker pack). */
export const MINTED_PASSWORD = "11112222";
let mintedHash: Promise<string> | undefined;

/** A fresh minted sticker nobody has claimed, with MINTED_PASSWORD. */
export async function mintUnclaimedToken(): Promise<string> {
  mintedHash ??= hashPassword(MINTED_PASSWORD);
  const token = `6${String(randomInt(0, 10 ** 11)).padStart(11, "0")}`;
  e2eDb().insert(tagbackTokens).values({ token, passwordHash: await mintedHash, isClaimed: false, isVerified: false }).run();
  return token;
}
