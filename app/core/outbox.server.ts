// The outbox (decision 032; push, decision 035): everything the service tells people by mail or
// push is first a row, written in the same transaction as the event that causes it (a finder's
// message, a scan, a sign-up), and only then sent, by one delivery loop off the request path. So
// nothing between the event and the send — an SMTP outage, a deploy, a kill — can lose it:
// - a row is one event × recipient × channel, named by its `key`: an event cannot be queued twice;
// - the loop sends what is due, marks it delivered, and on a failure tries again later (30 s,
//   doubling to an hour), giving up a day after the event, with the last error kept;
// - a row sent but not yet marked when the process dies is sent again on start: at most one
//   duplicate per kill, never none. The mail's Message-ID is the row's id, so a mail client folds
//   the two copies into one;
// - one process delivers (the lone server, or one worker of a cluster: server/main.ts);
// - a settled row keeps no body (payload emptied), and goes after OUTBOX_KEEP_DAYS through the
//   retention sweep (server/retention.ts); pending rows are bounded per recipient account.
import { and, asc, count, eq, gt, lte, sql } from "drizzle-orm";
// Relative imports with extensions: server/main.ts starts the loop, and in development Node loads it
// without Vite.
import type { Db } from "../../db/connection.ts";
import { outbox } from "../../db/schema.ts";
import { getEnv } from "./env.server.ts";
import { deliverMail, type Mail } from "./mail.server.ts";
import { countDatabaseError, counter, gauge, histogram } from "./metrics.server.ts";
import { deliverPush, type PushPayload } from "./push.server.ts";
import { GIVE_UP_AFTER_MS, PENDING_PER_ACCOUNT, RETRY_FIRST_MS, RETRY_MAX_MS } from "./outbox-rules.ts";

export type OutboxKind = (typeof outbox.$inferInsert)["kind"];

/** A mail owed to someone, as the event composed it. */
export type QueuedMail = Mail & {
  /** The event × recipient: the same key queued again is the same mail (ignored). */
  key: string;
  kind: OutboxKind;
  /** The account the mail is for, when it is one (erased with it; its pending rows are bounded). */
  userId?: string | null;
  /** The conversation it tells of (the finder's page says when the owner was told). */
  conversationId?: string | null;
};

/** Rows one pass of the loop takes; the next pass follows at once when there were that many. */
const BATCH = 20;
/** How often the loop looks for due rows when nothing woke it (a retry's time, another process's rows). */
export const POLL_MS = 1_000;

const deliveries = counter({
  name: "tagback_outbox_deliveries_total",
  help: 'Notification delivery attempts by channel and outcome: "delivered", "retry" (failed, tried again later), "failed" (given up), "off" (MAIL_DELIVERY=off), "logged" (demo mode: written to the log), "gone" (a push to a device that unsubscribed), "read" (a message read live before its push was due)',
  labelNames: ["channel", "outcome"],
});
for (const outcome of ["delivered", "retry", "failed", "off", "logged"]) deliveries.inc({ channel: "email", outcome }, 0);
// "gone": the device unsubscribed (the push service answered 404 or 410), and was removed.
// "read": a conversation's message its recipient read live before the push was due (not sent).
for (const outcome of ["delivered", "retry", "failed", "gone", "read"]) deliveries.inc({ channel: "push", outcome }, 0);
const refused = counter({
  name: "tagback_outbox_refused_total",
  help: `Notifications not queued because their account already had ${PENDING_PER_ACCOUNT} pending`,
});
const eventToDelivery = histogram({
  name: "tagback_outbox_delivery_seconds",
  help: "Time from the event to its notification's delivery",
  labelNames: ["channel"],
  buckets: [0.05, 0.1, 0.25, 0.5, 1, 2, 5, 15, 60, 300, 1800, 3600, 21600, 86400],
});

let metricsDb: Db | undefined;

/** The database the pending gauges read when scraped: the delivering process's (startDelivering). */
export function watchOutbox(db: Db) {
  metricsDb = db;
}
// Read from the table when scraped, by the delivering process only (the others report 0; the
// cluster's sum is then the table's figure).
gauge({
  name: "tagback_outbox_pending",
  help: "Notifications not yet delivered (pending, including those waiting for a retry)",
  collect() {
    this.set(metricsDb ? pendingStats(metricsDb).pending : 0);
  },
});
gauge({
  name: "tagback_outbox_oldest_pending_seconds",
  help: "Age of the oldest notification not yet delivered (0: none)",
  collect() {
    const oldest = metricsDb ? pendingStats(metricsDb).oldestCreatedAt : null;
    this.set(oldest === null ? 0 : Math.max(0, (Date.now() - oldest) / 1000));
  },
});

gauge({
  name: "tagback_mail_delivery_off",
  help: "1 when the operator turned mail delivery off (MAIL_DELIVERY=off): queued mails are set aside, not sent",
  collect() {
    this.set(getEnv().mailDelivery === "off" ? 1 : 0);
  },
});

function pendingStats(db: Db): { pending: number; oldestCreatedAt: number | null } {
  const row = db
    .select({ pending: count(), oldest: sql<number | null>`min(${outbox.createdAt})` })
    .from(outbox)
    .where(eq(outbox.state, "pending"))
    .get();
  return { pending: row?.pending ?? 0, oldestCreatedAt: row?.oldest ?? null };
}

type Tx = Pick<Db, "select" | "insert">;

/** A push owed to one device of an account, as the event composed it (core/push.server.ts). */
export type QueuedPush = PushPayload & {
  key: string;
  kind: OutboxKind;
  userId: string;
  conversationId?: string | null;
  /** Not sent before this long after the event (a message the recipient may read live meanwhile). */
  delayMs?: number;
};

type Row = { key: string; kind: OutboxKind; channel: "email" | "push"; userId: string | null; conversationId: string | null; payload: string; delayMs?: number };

/** Inserts rows unless their key is queued already or their account is at its bound; returns how many. */
function queueRows(tx: Tx, rows: readonly Row[], now: number): number {
  let queued = 0;
  for (const row of rows) {
    if (row.userId) {
      const pending = tx
        .select({ n: count() })
        .from(outbox)
        .where(and(eq(outbox.userId, row.userId), eq(outbox.state, "pending")))
        .get();
      if ((pending?.n ?? 0) >= PENDING_PER_ACCOUNT) {
        refused.inc();
        continue;
      }
    }
    const { delayMs = 0, ...values } = row;
    const inserted = tx
      .insert(outbox)
      .values({ ...values, createdAt: now, dueAt: now + delayMs })
      .onConflictDoNothing({ target: outbox.key })
      .run();
    queued += inserted.changes;
  }
  if (queued > 0) wake();
  return queued;
}

/**
 * Queues mails inside the caller's transaction (`db.transaction((tx) => { …; queueMails(tx, …) })`),
 * so they exist exactly when the event does. Returns how many were queued (a key already queued,
 * or an account at its bound, queues nothing).
 */
export function queueMails(tx: Tx, mails: readonly QueuedMail[], now = Date.now()): number {
  return queueRows(
    tx,
    mails.map(({ key, kind, userId = null, conversationId = null, to, subject, text }) => ({
      key,
      kind,
      channel: "email" as const,
      userId,
      conversationId,
      payload: JSON.stringify({ to, subject, text }),
    })),
    now,
  );
}

/** Queues pushes, one per device, inside the caller's transaction, like queueMails. */
export function queuePushes(tx: Tx, pushes: readonly QueuedPush[], now = Date.now()): number {
  return queueRows(
    tx,
    pushes.map(({ key, kind, userId, conversationId = null, delayMs, ...payload }) => ({ key, kind, channel: "push" as const, userId, conversationId, delayMs, payload: JSON.stringify(payload) })),
    now,
  );
}

/**
 * Whether a row of `kind` about this conversation was queued within the last `minutes`: the rule
 * of the mails sent at most once in a while per conversation (a finder's later replies to the
 * owner, the owner's answers to the finder: features/finder-contact/alerts.server.ts). Inside the
 * transaction that would queue the next one, so two events at once cannot both pass it.
 */
export function queuedWithin(tx: Pick<Db, "select">, of: { conversationId: string; kind: OutboxKind }, minutes: number, now = Date.now()): boolean {
  const row = tx
    .select({ id: outbox.id })
    .from(outbox)
    .where(and(eq(outbox.conversationId, of.conversationId), eq(outbox.kind, of.kind), gt(outbox.createdAt, now - minutes * 60_000)))
    .limit(1)
    .get();
  return row !== undefined;
}

/** The wait before the try after `attempts` failed ones. */
export function retryDelayMs(attempts: number): number {
  return Math.min(RETRY_MAX_MS, RETRY_FIRST_MS * 2 ** Math.max(0, attempts - 1));
}

export type DeliveryOptions = {
  now?: () => number;
  /** Test failpoint: called just before a mail is handed to the transport. */
  beforeSend?: (id: string) => void;
};

/**
 * One pass: sends every mail due at `now`, oldest first, one at a time, and records each outcome.
 * Returns how many rows it settled or rescheduled. Never throws for a mail that fails.
 */
export async function deliverDue(db: Db, options: DeliveryOptions = {}): Promise<number> {
  const now = options.now ?? Date.now;
  const mode = getEnv().mailDelivery;
  let handled = 0;
  for (;;) {
    const due = db
      .select({ id: outbox.id, channel: outbox.channel, payload: outbox.payload, createdAt: outbox.createdAt, attempts: outbox.attempts })
      .from(outbox)
      .where(and(eq(outbox.state, "pending"), lte(outbox.dueAt, now())))
      .orderBy(asc(outbox.dueAt))
      .limit(BATCH)
      .all();
    for (const row of due) {
      const channel = row.channel;
      const settle = (state: "delivered" | "failed" | "off", outcome: string, lastError: string | null = null) => {
        const at = now();
        db.update(outbox)
          .set({ state, settledAt: at, payload: null, attempts: row.attempts + 1, lastError })
          .where(eq(outbox.id, row.id))
          .run();
        deliveries.inc({ channel, outcome });
        if (state === "delivered") eventToDelivery.observe({ channel }, Math.max(0, at - row.createdAt) / 1000);
      };
      const retryOrGiveUp = (message: string) => {
        const attempts = row.attempts + 1;
        if (now() - row.createdAt + retryDelayMs(attempts) > GIVE_UP_AFTER_MS) {
          settle("failed", "failed", message);
          console.error(`Outbox: gave up on ${channel === "push" ? "push" : "mail"} ${row.id} after ${attempts} tries: ${message}`);
        } else {
          db.update(outbox)
            .set({ attempts, lastError: message, dueAt: now() + retryDelayMs(attempts) })
            .where(eq(outbox.id, row.id))
            .run();
          deliveries.inc({ channel, outcome: "retry" });
        }
      };
      if (channel === "push") {
        // MAIL_DELIVERY=off is about mail: pushes go out whatever it says.
        options.beforeSend?.(row.id);
        const result = await deliverPush(db, JSON.parse(row.payload ?? "{}") as PushPayload, now());
        if (result.kind === "delivered") settle("delivered", "delivered");
        // Read live before it was due: set aside, as nothing more is owed.
        else if (result.kind === "read") settle("off", "read");
        else if (result.kind === "gone") settle("failed", "gone", result.error);
        else if (result.kind === "refused") settle("failed", "failed", result.error);
        else retryOrGiveUp(result.error);
      } else if (mode === "off") {
        settle("off", "off");
      } else {
        try {
          options.beforeSend?.(row.id);
          await deliverMail({ ...(JSON.parse(row.payload ?? "{}") as Mail), messageId: row.id });
          settle("delivered", mode === "log" ? "logged" : "delivered");
        } catch (error) {
          retryOrGiveUp((error as Error).message?.slice(0, 500) ?? String(error));
        }
      }
      handled += 1;
    }
    if (due.length < BATCH) return handled;
  }
}

// On globalThis: in development the loop runs in Node's copy of this module and the app queues
// through Vite's copy; both must reach the one loop.
const holder = globalThis as typeof globalThis & { __tagbackOutboxWake?: () => void };

/** Tells this process's delivery loop, if it runs one, that something was queued. */
function wake() {
  holder.__tagbackOutboxWake?.();
}

/**
 * The delivery loop: a pass at start (what a stop left undelivered), then one whenever a mail is
 * queued in this process or every POLL_MS (retries that came due, rows other processes queued),
 * until `signal` aborts. One pass at a time; a pass that throws (the database) is logged.
 */
export function startDelivering(db: Db, signal: AbortSignal, options: DeliveryOptions = {}): Promise<void> {
  watchOutbox(db);
  let woken = true;
  let resolveWait: (() => void) | undefined;
  holder.__tagbackOutboxWake = () => {
    woken = true;
    // After the current turn: the request that queued the mail answers first.
    setImmediate(() => resolveWait?.());
  };
  signal.addEventListener("abort", () => resolveWait?.(), { once: true });
  return (async () => {
    while (!signal.aborted) {
      if (!woken) {
        await new Promise<void>((resolve) => {
          resolveWait = resolve;
          const timer = setTimeout(resolve, POLL_MS);
          timer.unref();
        });
        resolveWait = undefined;
      }
      woken = false;
      if (signal.aborted) break;
      try {
        await deliverDue(db, options);
      } catch (error) {
        countDatabaseError(error);
        console.error(`Outbox: a delivery pass failed (${(error as Error).message}); the next one tries again.`);
      }
    }
    holder.__tagbackOutboxWake = undefined;
  })();
}

/**
 * Whether the owner was told of a conversation's first message (rows of kind "contact": its mails
 * and pushes; a finder's later replies are "finder_reply" and say nothing of it): "notified" (when
 * the first of them was delivered), "telling" (queued, not tried yet: the loop is on it), "retrying" (a try
 * failed; tried again later), "failed" (given up, or mail is off). Null when nothing was owed.
 */
export type Notified = { state: "notified" | "telling" | "retrying" | "failed"; at: Date | null };

export function ownerNotified(db: Db, conversationId: string): Notified | null {
  const rows = db
    .select({ state: outbox.state, settledAt: outbox.settledAt, attempts: outbox.attempts })
    .from(outbox)
    .where(and(eq(outbox.conversationId, conversationId), eq(outbox.kind, "contact")))
    .all();
  if (rows.length === 0) return null;
  const delivered = rows.filter((row) => row.state === "delivered" && row.settledAt !== null).map((row) => row.settledAt!);
  if (delivered.length > 0) return { state: "notified", at: new Date(Math.min(...delivered)) };
  const pending = rows.filter((row) => row.state === "pending");
  if (pending.length === 0) return { state: "failed", at: null };
  return { state: pending.some((row) => row.attempts > 0) ? "retrying" : "telling", at: null };
}
