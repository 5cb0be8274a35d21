// Owners and their finders' scans written straight into a database file, in the shape the app
// stores them, for the capacity bench (scripts/bench/capacity.ts): the users who sign in and send
// messages to each other, and the 10,000 owners and million scans a grown database holds. Each owner is what the
// demo seed makes of Aarav: a confirmed user with a developer-mode password, a filled-in profile, a
// session, two verified stickers and two products. Written in batches through drizzle and the
// schema, so a column added to the schema is a type error here, not a silently smaller row.
import { randomInt } from "node:crypto";
import type { Db } from "../../db/connection.ts";
import { conversationParticipants, conversations, products, profiles, searchHistory, sessions, tagbackTokens, users } from "../../db/schema.ts";
import { randomPublicIpv4 } from "./client-ips.ts";

export type Owner = { id: string; email: string; token: string; name: string };

/** Rows per INSERT statement: well under SQLite's limit on bound values (columns × rows). */
const BATCH = 400;
const DAY = 24 * 60 * 60 * 1000;
const SESSION_DAYS = 30;
const PLACES = [
  { city: "New Delhi", region: "Delhi", country: "IN" },
  { city: "Mumbai", region: "Maharashtra", country: "IN" },
  { city: "Bengaluru", region: "Karnataka", country: "IN" },
  { city: "Gurugram", region: "Haryana", country: "IN" },
  { city: "Pune", region: "Maharashtra", country: "IN" },
] as const;

function inBatches<T>(items: T[], write: (batch: T[]) => void) {
  for (let i = 0; i < items.length; i += BATCH) write(items.slice(i, i + BATCH));
}

/**
 * `count` owners numbered from `first`, in one transaction per batch. `series` (one digit, 6–9: the
 * seed's stickers start with 1–5) keeps their tokens and metro cards apart from the seed's and from
 * another series'.
 * `passwordHash` is one scrypt hash shared by all: hashing 10,000 passwords would take minutes and
 * store the same number of bytes.
 */
export function insertOwners(db: Db, options: { first: number; count: number; series: number; passwordHash: string }): Owner[] {
  const { first, count, series, passwordHash } = options;
  const now = Date.now();
  const owners: Owner[] = [];
  for (let n = first; n < first + count; n++) {
    const digits = String(n).padStart(10, "0");
    owners.push({ id: crypto.randomUUID(), email: `owner${series}-${n}@bench.example.com`, token: `${series}0${digits}`, name: `Aarav Sharma ${n}` });
  }
  inBatches(owners, (batch) =>
    db.transaction((tx) => {
      const created = new Date(now - 30 * DAY);
      tx.insert(users)
        .values(batch.map((o) => ({ id: o.id, email: o.email, passwordHash, emailConfirmedAt: created, createdAt: created })))
        .run();
      tx.insert(profiles)
        .values(
          batch.map((o) => ({
            id: o.id,
            firstName: o.name.split(" ")[0],
            lastName: o.name.split(" ").slice(1).join(" "),
            xUsername: `aarav_${o.token}`,
            bio: "Software engineer in Gurugram, on the Yellow Line every day. Found my card, laptop or keys? Thank you! Please message me here.",
            metroCardNumber: `${series}1${o.token.slice(2)}`,
            mobileNumber: "9810012345",
            socialSms: "9810012345",
            socialCall: "9810012345",
            socialWhatsapp: "9810012345",
            socialTelegram: "@aarav_sharma",
            createdAt: created,
            updatedAt: created,
          })),
        )
        .run();
      tx.insert(sessions)
        .values(batch.map((o) => ({ userId: o.id, expiresAt: new Date(now + SESSION_DAYS * DAY), createdAt: new Date(now) })))
        .run();
      tx.insert(tagbackTokens)
        .values(
          batch.flatMap((o) =>
            [o.token, `${series}2${o.token.slice(2)}`].map((token) => ({ token, passwordHash, userId: o.id, isClaimed: true, isVerified: true, createdAt: created })),
          ),
        )
        .run();
      tx.insert(products)
        .values(batch.flatMap((o) => ["Laptop", "Keys"].map((name) => ({ userId: o.id, name, token: o.token, createdAt: created }))))
        .run();
    }),
  );
  return owners;
}

/**
 * `count` search_history rows, each a human scan of a random owner's sticker from a new client
 * somewhere in India within the last year: the row logSearch writes (features/finder/
 * search-history.server.ts), with the client's limit key and a located city.
 */
export function insertScans(db: Db, owners: Owner[], count: number) {
  const now = Date.now();
  const scan = () => {
    const owner = owners[randomInt(owners.length)]!;
    return {
      userId: owner.id,
      searchType: "tagback_token" as const,
      searchValue: owner.token,
      searchedAt: new Date(now - randomInt(365 * DAY)),
      clientKey: randomPublicIpv4(),
      ...PLACES[randomInt(PLACES.length)]!,
    };
  };
  // A batch per statement (a million rows held at once would be a few hundred MB of objects), many
  // per transaction: a commit per batch made a million rows take minutes of fsync on a slow disk.
  const perTransaction = BATCH * 50;
  for (let done = 0; done < count; done += perTransaction) {
    db.transaction((tx) => {
      for (let i = done; i < Math.min(count, done + perTransaction); i += BATCH) {
        tx.insert(searchHistory)
          .values(Array.from({ length: Math.min(BATCH, count - i) }, scan))
          .run();
      }
    });
  }
}

export type Pair = { conversationId: string; a: Owner; b: Owner };

/** Owners 0 and 1, 2 and 3, … each in one conversation (pair key as startConversation writes it). */
export function pairInConversations(db: Db, owners: Owner[]): Pair[] {
  const pairs: Pair[] = [];
  for (let i = 0; i + 1 < owners.length; i += 2) pairs.push({ conversationId: crypto.randomUUID(), a: owners[i]!, b: owners[i + 1]! });
  db.transaction((tx) => {
    inBatches(pairs, (batch) => {
      tx.insert(conversations)
        .values(batch.map((p) => ({ id: p.conversationId, pairKey: [p.a.id, p.b.id].sort().join(":") })))
        .run();
      tx.insert(conversationParticipants)
        .values(batch.flatMap((p) => [p.a, p.b].map((o) => ({ conversationId: p.conversationId, userId: o.id }))))
        .run();
    });
  });
  return pairs;
}
