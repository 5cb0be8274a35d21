// Every table that grows with traffic and is not the owner's own data, with what the server keeps of
// it (docs/data-retention.md); app/core/retention.server.ts deletes the
// rest in small batches. Listed here, beside server/main.ts which starts the sweep, rather than in
// each feature's server module: main.ts runs in the cluster's primary, which never loads the app,
// and in development Node loads it without Vite, so it imports plain modules (rules, the schema)
// by relative path. A reader sees every table the server deletes from at once; each number is its
// feature's rule.
import { DEMO_LOG_KEEP_DAYS } from "../app/features/admin/rules.ts";
import { SAME_CLIENT_MINUTES } from "../app/features/finder-contact/rules.ts";
import { OUTBOX_KEEP_DAYS } from "../app/core/outbox-rules.ts";
import type { Retention } from "../app/core/retention.server.ts";
import { demoSearchLogs, outbox, rateLimits, searchHistory, sessions, signInCodes, webauthnChallenges } from "../db/schema.ts";

const DAY_MS = 24 * 60 * 60 * 1000;

export const RETENTIONS: readonly Retention[] = [
  // A limiter row past its expiry counts nothing (rate-limiter-flexible starts the key afresh).
  { table: rateLimits, column: rateLimits.expire, keepMs: 0 },
  // An expired session signs nobody in (features/account/session.server.ts).
  { table: sessions, column: sessions.expiresAt, keepMs: 0 },
  // An expired sign-in code signs nobody in (features/account/sign-in-codes.server.ts).
  { table: signInCodes, column: signInCodes.expiresAt, keepMs: 0 },
  // A passkey challenge not answered in time is worth nothing (features/account/passkeys.server.ts).
  { table: webauthnChallenges, column: webauthnChallenges.expiresAt, keepMs: 0 },
  { table: demoSearchLogs, column: demoSearchLogs.searchedAt, keepMs: DEMO_LOG_KEEP_DAYS * DAY_MS },
  // The finder's client key (an IP address or a /64) in the owner's history is needed for the
  // hour in which a reload is not a new scan alert; then it is emptied, the row itself kept.
  { table: searchHistory, column: searchHistory.searchedAt, keepMs: SAME_CLIENT_MINUTES * 60_000, empties: searchHistory.clientKey },
  // A notification delivered, given up or set aside (its body already emptied), kept a few days
  // for the operator's questions ("was the owner told?"). Pending ones are never swept.
  { table: outbox, column: outbox.settledAt, keepMs: OUTBOX_KEEP_DAYS * DAY_MS },
];
