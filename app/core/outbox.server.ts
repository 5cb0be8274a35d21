// The outbox (decision 032; push, decision 035; lanes, decision 042): everything the service tells
// people by mail or push is first a row, written in the same transaction as the event that causes
// it (a finder's message, a scan, a sign-up), and only then sent, by one delivery loop off the
// request path. So nothing between the event and the send — an SMTP outage, a deploy, a kill — can
// lose it:
// - a row is one event × recipient × channel, named by its `key`: an event cannot be queued twice;
// - the loop sends what is due in three lanes that wait for nothing of each other's, each with its
//   own concurrency: "urgent" (sign-in codes), "mail", "push". Pushes go to addresses strangers
//   choose, so their lane also caps what one push service's host may hold in flight and backs off
//   from a host that fails or stalls, rescheduling its rows without spending their tries: a slow
//   or hostile push service delays its own subscriptions, nobody's mail and no other host's push;
// - a failure is tried again later (30 s, doubling to an hour), given up a day after the event,
//   with the last error kept;
// - a try is counted (attempts + 1, tryingSince) before the send. A row still marked in flight
//   when the loop starts was being sent when the process died: it is sent again (at most one
//   duplicate per kill, never none; the mail's Message-ID is the row's id, so a mail client folds
//   the two copies into one); a push after INTERRUPTIONS_TO_PARK such deaths is parked as failed
//   rather than sent on every start, so a push that crashes the server cannot keep it down;
// - one process delivers (the lone server, or one worker of a cluster: server/main.ts);
// - a settled row keeps no body (payload emptied), and goes after OUTBOX_KEEP_DAYS through the
//   retention sweep (server/retention.ts); pending rows are bounded per recipient account.
import { and, asc, count, eq, gt, inArray, isNotNull, isNull, lt, lte, ne, notInArray, or, sql, type Placeholder } from "drizzle-orm";
// Relative imports with extensions: server/main.ts starts the loop, and in development Node loads it
// without Vite.
import type { Db } from "../../db/connection.ts";
import { outbox, pushSubscriptions } from "../../db/schema.ts";
import { getEnv } from "./env.server.ts";
import { deliverMail, type Mail } from "./mail.server.ts";
import { countDatabaseError, counter, gauge, histogram } from "./metrics.server.ts";
import { deliverPush, type PushPayload } from "./push.server.ts";
import {
  GIVE_UP_AFTER_MS,
  INTERRUPTIONS_TO_PARK,
  MAIL_CONCURRENCY,
  PENDING_PER_ACCOUNT,
  PUSH_CONCURRENCY,
  PUSH_HOST_BACKOFF_FIRST_MS,
  PUSH_HOST_BACKOFF_MAX_MS,
  PUSH_PER_HOST,
  RETRY_FIRST_MS,
  RETRY_MAX_MS,
  URGENT_CONCURRENCY,
} from "./outbox-rules.ts";

export type OutboxKind = (typeof outbox.$inferInsert)["kind"];
export type Lane = (typeof outbox.$inferInsert)["lane"] & string;

/** How many rows each lane sends at once. */
const CONCURRENCY: Record<Lane, number> = { urgent: URGENT_CONCURRENCY, mail: MAIL_CONCURRENCY, push: PUSH_CONCURRENCY };
const LANES = Object.keys(CONCURRENCY) as Lane[];

/** A mail owed to someone, as the event composed it. */
export type QueuedMail = Mail & {
  /** The event × recipient: the same key queued again is the same mail (ignored). */
  key: string;
  kind: OutboxKind;
  /** The account the mail is for, when it is one (erased with it; its pending rows are bounded). */
  userId?: string | null;
  /** The conversation it tells of (the finder's page says when the owner was told). */
  conversationId?: string | null;
  /** Someone is waiting for it on a screen (a sign-in code): sent in the urgent lane, behind no other mail. */
  urgent?: boolean;
};
/** How often the loop looks for due rows when nothing woke it (a retry's time, another process's rows). */
export const POLL_MS = 1_000;

const deliveries = counter({
  name: "tagback_outbox_deliveries_total",
  help: 'Notification delivery attempts by channel and outcome: "delivered", "retry" (failed, tried again later), "failed" (given up), "parked" (its sends kept stopping the server: given up), "off" (MAIL_DELIVERY=off), "logged" (demo mode: written to the log), "gone" (a push to a device that unsubscribed), "read" (a message read live before its push was due)',
  labelNames: ["channel", "outcome"],
});
for (const outcome of ["delivered", "retry", "failed", "parked", "off", "logged"]) deliveries.inc({ channel: "email", outcome }, 0);
// "gone": the device unsubscribed (the push service answered 404 or 410), and was removed.
// "read": a conversation's message its recipient read live before the push was due (not sent).
for (const outcome of ["delivered", "retry", "failed", "parked", "gone", "read"]) deliveries.inc({ channel: "push", outcome }, 0);
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
const hostBackoffs = counter({
  name: "tagback_outbox_push_host_backoffs_total",
  help: "Times a push service's host failed or stalled and was left alone for a while (its pushes rescheduled, no try spent)",
});

let metricsDb: Db | undefined;
/** The running loop's deliveries (startDelivering), for the in-flight and backoff gauges. */
let running: Deliveries | undefined;

/** The database the pending gauges read when scraped: the delivering process's (startDelivering). */
export function watchOutbox(db: Db) {
  metricsDb = db;
}
// Read from the table when scraped, by the delivering process only (the others report 0; the
// cluster's sum is then the table's figure). Labelled by lane: a fixed set of three.
gauge({
  name: "tagback_outbox_pending",
  help: "Notifications not yet delivered (pending, including those waiting for a retry), by lane",
  labelNames: ["lane"],
  collect() {
    const stats = metricsDb ? pendingStats(metricsDb) : undefined;
    for (const lane of LANES) this.set({ lane }, stats?.get(lane)?.pending ?? 0);
  },
});
gauge({
  name: "tagback_outbox_oldest_pending_seconds",
  help: "Age of the oldest notification not yet delivered, by lane (0: none)",
  labelNames: ["lane"],
  collect() {
    const stats = metricsDb ? pendingStats(metricsDb) : undefined;
    for (const lane of LANES) {
      const oldest = stats?.get(lane)?.oldestCreatedAt ?? null;
      this.set({ lane }, oldest === null ? 0 : Math.max(0, (Date.now() - oldest) / 1000));
    }
  },
});
gauge({
  name: "tagback_outbox_in_flight",
  help: "Notifications being sent right now, by lane",
  labelNames: ["lane"],
  collect() {
    for (const lane of LANES) this.set({ lane }, running?.inFlight(lane) ?? 0);
  },
});
gauge({
  name: "tagback_outbox_push_hosts_in_backoff",
  help: "Push services' hosts left alone for now after failing or stalling",
  collect() {
    this.set(running?.hostsInBackoff() ?? 0);
  },
});

gauge({
  name: "tagback_mail_delivery_off",
  help: "1 when the operator turned mail delivery off (MAIL_DELIVERY=off): queued mails are set aside, not sent",
  collect() {
    this.set(getEnv().mailDelivery === "off" ? 1 : 0);
  },
});

function pendingStats(db: Db): Map<string, { pending: number; oldestCreatedAt: number | null }> {
  const rows = db
    .select({ lane: outbox.lane, pending: count(), oldest: sql<number | null>`min(${outbox.createdAt})` })
    .from(outbox)
    .where(eq(outbox.state, "pending"))
    .groupBy(outbox.lane)
    .all();
  return new Map(rows.map((row) => [row.lane, { pending: row.pending, oldestCreatedAt: row.oldest }]));
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

/**
 * The same alert by mail, for a push that is its only way to the owner ("push only"): queued if the
 * push fails for good and no other push of the alert reached a device or is still on its way
 * (mailIfNoDeviceTookIt). `group` is the start of the keys of the alert's pushes, one per device.
 */
export type MailIfUndelivered = { group: string; mails: QueuedMail[] };

type Row = {
  key: string;
  kind: OutboxKind;
  channel: "email" | "push";
  lane: Lane;
  destination?: string | null;
  userId: string | null;
  conversationId: string | null;
  payload: string;
  delayMs?: number;
};

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
    mails.map(({ key, kind, userId = null, conversationId = null, urgent = false, to, subject, text }) => ({
      key,
      kind,
      channel: "email" as const,
      lane: urgent ? ("urgent" as const) : ("mail" as const),
      userId,
      conversationId,
      payload: JSON.stringify({ to, subject, text }),
    })),
    now,
  );
}

/** The push service a device's endpoint is on (host and port): what the push lane caps and backs off by. */
function pushDestination(tx: Pick<Db, "select">, subscriptionId: string): string | null {
  const device = tx.select({ endpoint: pushSubscriptions.endpoint }).from(pushSubscriptions).where(eq(pushSubscriptions.id, subscriptionId)).get();
  return device ? (URL.parse(device.endpoint)?.host ?? null) : null;
}

/**
 * Queues pushes, one per device, inside the caller's transaction, like queueMails. With `byMail`,
 * each push carries the alert's mail until it settles (its payload is emptied then, as every row's).
 */
export function queuePushes(tx: Tx, pushes: readonly QueuedPush[], now = Date.now(), byMail?: MailIfUndelivered): number {
  return queueRows(
    tx,
    pushes.map(({ key, kind, userId, conversationId = null, delayMs, ...notice }) => ({
      key,
      kind,
      channel: "push" as const,
      lane: "push" as const,
      destination: pushDestination(tx, notice.subscriptionId),
      userId,
      conversationId,
      delayMs,
      payload: JSON.stringify(byMail ? { ...notice, byMail } : notice),
    })),
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
  /** Test failpoint: called just before a row is handed to SMTP or the push service, after its try was counted. */
  beforeSend?: (id: string) => void;
};

type DueRow = {
  id: string;
  lane: Lane;
  channel: "email" | "push";
  destination: string | null;
  payload: string | null;
  createdAt: number;
  attempts: number;
};

/** A push service's host that failed: left alone until `until`; `failures` in a row double the wait. */
type Backoff = { until: number; failures: number };

const DUE_COLUMNS = {
  id: outbox.id,
  lane: outbox.lane,
  channel: outbox.channel,
  destination: outbox.destination,
  payload: outbox.payload,
  createdAt: outbox.createdAt,
  attempts: outbox.attempts,
};

/** A lane's rows due at `now` and not in flight. */
function dueIn(lane: Lane | Placeholder, now: number | Placeholder) {
  return and(eq(outbox.state, "pending"), eq(outbox.lane, lane), lte(outbox.dueAt, now), isNull(outbox.tryingSince));
}

/** The key of a push row's host for its cap and backoff (a row queued before its device's host was known has none). */
const hostOf = (row: Pick<DueRow, "destination">) => row.destination ?? "";

/**
 * One delivery: its lanes' rows in flight and the push hosts it backs off from. The loop keeps one
 * for the process's life (startDelivering); deliverDue makes one for its pass.
 */
class Deliveries {
  private readonly sending = new Map<Lane, Map<string, Promise<void>>>(LANES.map((lane) => [lane, new Map()]));
  private readonly perHost = new Map<string, number>();
  private readonly backoffs = new Map<string, Backoff>();
  private readonly now: () => number;
  /** Rows settled or rescheduled. */
  handled = 0;
  stopped = false;

  private readonly db: Db;
  private readonly options: DeliveryOptions;

  /**
   * The statements of every send, prepared once: one prepared per row, and every lane looked at after
   * every send, made a mail cost 2.1 ms of CPU instead of 1.1 (scripts/bench/outbox.ts).
   */
  private readonly statements;

  constructor(db: Db, options: DeliveryOptions) {
    this.db = db;
    this.options = options;
    this.now = options.now ?? Date.now;
    this.statements = {
      due: db
        .select(DUE_COLUMNS)
        .from(outbox)
        .where(dueIn(sql.placeholder("lane"), sql.placeholder("now")))
        .orderBy(asc(outbox.dueAt))
        .limit(sql.placeholder("limit"))
        .prepare(),
      mark: db
        .update(outbox)
        .set({ attempts: sql`${sql.placeholder("attempts")}`, tryingSince: sql`${sql.placeholder("now")}` })
        .where(and(eq(outbox.id, sql.placeholder("id")), eq(outbox.state, "pending"), isNull(outbox.tryingSince)))
        .prepare(),
      settle: db
        .update(outbox)
        .set({
          state: sql`${sql.placeholder("state")}`,
          settledAt: sql`${sql.placeholder("at")}`,
          payload: null,
          tryingSince: null,
          lastError: sql`${sql.placeholder("lastError")}`,
        })
        .where(eq(outbox.id, sql.placeholder("id")))
        .prepare(),
    };
  }

  inFlight(lane: Lane): number {
    return this.sending.get(lane)!.size;
  }

  hostsInBackoff(): number {
    const now = this.now();
    let hosts = 0;
    for (const [host, backoff] of this.backoffs) {
      if (backoff.until > now) hosts += 1;
      // Bounded by the hosts that failed lately, whatever the endpoints strangers subscribe.
      else if (backoff.until + PUSH_HOST_BACKOFF_MAX_MS < now) this.backoffs.delete(host);
    }
    return hosts;
  }

  /** Every row in flight, settled. */
  async settled(): Promise<void> {
    for (;;) {
      const all = LANES.flatMap((lane) => [...this.sending.get(lane)!.values()]);
      if (all.length === 0) return;
      await Promise.all(all);
    }
  }

  /** Until nothing due is left that could be started, and nothing is in flight. */
  async drain(): Promise<void> {
    this.fillAll();
    for (;;) {
      // Each send that ends refills its own lane; a look at every lane only once all are idle.
      const all = LANES.flatMap((lane) => [...this.sending.get(lane)!.values()]);
      if (all.length === 0) {
        this.fillAll();
        if (LANES.every((lane) => this.sending.get(lane)!.size === 0)) return;
        continue;
      }
      await Promise.race(all);
    }
  }

  fillAll() {
    for (const lane of LANES) this.fill(lane);
  }

  /** Starts the lane's due rows, oldest first, until its slots are taken (the push lane: within each host's cap). */
  fill(lane: Lane) {
    if (this.stopped) return;
    const sending = this.sending.get(lane)!;
    // Hosts at their cap: their rows are passed over this time, not rescheduled.
    const full = new Set<string>();
    for (let guard = 0; guard < 100 && sending.size < CONCURRENCY[lane]; guard++) {
      const now = this.now();
      const limit = CONCURRENCY[lane] * 2;
      const due: DueRow[] =
        full.size === 0
          ? this.statements.due.all({ lane, now, limit })
          : this.db
              .select(DUE_COLUMNS)
              .from(outbox)
              .where(
                and(
                  dueIn(lane, now),
                  or(isNull(outbox.destination), notInArray(outbox.destination, [...full])),
                  full.has("") ? isNotNull(outbox.destination) : undefined,
                ),
              )
              .orderBy(asc(outbox.dueAt))
              .limit(limit)
              .all();
      if (due.length === 0) return;
      for (const row of due) {
        if (sending.size >= CONCURRENCY[lane]) return;
        if (lane === "push") {
          const host = hostOf(row);
          const backoff = this.backoffs.get(host);
          if (backoff && backoff.until > now) {
            this.reschedule(host, backoff.until);
            continue;
          }
          if ((this.perHost.get(host) ?? 0) >= PUSH_PER_HOST) {
            full.add(host);
            continue;
          }
        }
        this.start(row);
      }
    }
  }

  /** A host's pending rows wait for its backoff's end: no try is spent on them meanwhile. */
  private reschedule(host: string, until: number) {
    const moved = this.db
      .update(outbox)
      .set({ dueAt: until })
      .where(
        and(
          eq(outbox.state, "pending"),
          eq(outbox.lane, "push"),
          host === "" ? isNull(outbox.destination) : eq(outbox.destination, host),
          isNull(outbox.tryingSince),
          lt(outbox.dueAt, until),
        ),
      )
      .run();
    this.handled += moved.changes;
  }

  private start(row: DueRow) {
    // The try is counted before the send: a process that dies in it leaves a row that says so.
    const marked = this.statements.mark.run({ id: row.id, attempts: row.attempts + 1, now: this.now() });
    if (marked.changes === 0) return;
    const host = hostOf(row);
    if (row.lane === "push") this.perHost.set(host, (this.perHost.get(host) ?? 0) + 1);
    const sending = this.sending.get(row.lane)!;
    const done = this.send({ ...row, attempts: row.attempts + 1 })
      .catch((error: unknown) => {
        countDatabaseError(error);
        console.error(`Outbox: a send or its record failed (${(error as Error).message}); the row is tried again later.`);
        // Not left marked in flight, where only a restart would find it (and count it as a death).
        try {
          this.db.update(outbox).set({ tryingSince: null, dueAt: this.now() + retryDelayMs(row.attempts + 1) }).where(and(eq(outbox.id, row.id), eq(outbox.state, "pending"))).run();
        } catch (again) {
          countDatabaseError(again);
        }
      })
      .finally(() => {
        sending.delete(row.id);
        if (row.lane === "push") {
          const left = (this.perHost.get(host) ?? 1) - 1;
          if (left > 0) this.perHost.set(host, left);
          else this.perHost.delete(host);
        }
        this.handled += 1;
        try {
          this.fill(row.lane);
        } catch (error) {
          countDatabaseError(error);
          console.error(`Outbox: a delivery pass failed (${(error as Error).message}); the next one tries again.`);
        }
      });
    sending.set(row.id, done);
  }

  /** Sends one row whose try is counted (`row.attempts`), and records how it went. Throws only for the database. */
  private async send(row: DueRow) {
    const { db, now } = this;
    const channel = row.channel;
    const settle = (state: "delivered" | "failed" | "off", outcome: string, lastError: string | null = null) => {
      const at = now();
      this.statements.settle.run({ id: row.id, state, at, lastError });
      deliveries.inc({ channel, outcome });
      if (state === "delivered") eventToDelivery.observe({ channel }, Math.max(0, at - row.createdAt) / 1000);
    };
    // A push that fails for good settles, and its alert goes by mail if no other push of it can
    // still reach a device, in one transaction: a kill between the two cannot lose the alert.
    let byMail: MailIfUndelivered | undefined;
    const failForGood = (outcome: string, message: string) =>
      db.transaction((tx) => {
        settle("failed", outcome, message);
        if (byMail) mailIfNoDeviceTookIt(tx, row.id, byMail, now());
      });
    const retryOrGiveUp = (message: string) => {
      if (now() - row.createdAt + retryDelayMs(row.attempts) > GIVE_UP_AFTER_MS) {
        failForGood("failed", message);
        console.error(`Outbox: gave up on ${channel === "push" ? "push" : "mail"} ${row.id} after ${row.attempts} tries: ${message}`);
      } else {
        db.update(outbox)
          .set({ tryingSince: null, lastError: message, dueAt: now() + retryDelayMs(row.attempts) })
          .where(eq(outbox.id, row.id))
          .run();
        deliveries.inc({ channel, outcome: "retry" });
      }
    };
    if (channel === "push") {
      // MAIL_DELIVERY=off is about mail: pushes go out whatever it says.
      this.options.beforeSend?.(row.id);
      const payload = JSON.parse(row.payload ?? "{}") as PushPayload & { byMail?: MailIfUndelivered };
      byMail = payload.byMail;
      const result = await deliverPush(db, payload, now());
      if (result.kind === "delivered") {
        this.backoffs.delete(hostOf(row));
        settle("delivered", "delivered");
      }
      // Read live before it was due: set aside, as nothing more is owed.
      else if (result.kind === "read") settle("off", "read");
      else if (result.kind === "gone") failForGood("gone", result.error);
      else if (result.kind === "refused") failForGood("failed", result.error);
      else {
        this.hostFailed(hostOf(row));
        retryOrGiveUp(result.error);
      }
      return;
    }
    const mode = getEnv().mailDelivery;
    if (mode === "off") {
      settle("off", "off");
      return;
    }
    try {
      this.options.beforeSend?.(row.id);
      await deliverMail({ ...(JSON.parse(row.payload ?? "{}") as Mail), messageId: row.id }, { name: row.lane === "urgent" ? "urgent" : "mail", size: CONCURRENCY[row.lane] });
    } catch (error) {
      retryOrGiveUp((error as Error).message?.slice(0, 500) ?? String(error));
      return;
    }
    settle("delivered", mode === "log" ? "logged" : "delivered");
  }

  /** A host that failed or stalled is left alone for a while, longer each time in a row. */
  private hostFailed(host: string) {
    const failures = (this.backoffs.get(host)?.failures ?? 0) + 1;
    const wait = Math.min(PUSH_HOST_BACKOFF_MAX_MS, PUSH_HOST_BACKOFF_FIRST_MS * 2 ** (failures - 1));
    const until = this.now() + wait;
    // Bounded by the hosts failing lately: one long forgotten is dropped as another fails.
    if (this.backoffs.size >= 1_000) this.hostsInBackoff();
    this.backoffs.set(host, { until, failures });
    hostBackoffs.inc();
    this.reschedule(host, until);
  }
}

/**
 * "An alert is never owed to nowhere" (features/push/rules.ts), held at delivery and not only when
 * the alert is queued: a push that failed for good (the device gone, refused, given up, parked) is
 * the last chance of a "push only" alert unless another push of it (a row whose key starts with
 * `group`) was delivered or is still pending. Called in the transaction that settles the row, after
 * the settle: of two pushes of one alert failing one after the other, the second sees the first
 * settled and queues the mail. The mails' own keys make it once.
 */
function mailIfNoDeviceTookIt(tx: Pick<Db, "select" | "insert">, rowId: string, byMail: MailIfUndelivered, now: number): void {
  const another = tx
    .select({ id: outbox.id })
    .from(outbox)
    .where(and(sql`${outbox.key} >= ${byMail.group} and ${outbox.key} < ${`${byMail.group}\uffff`}`, ne(outbox.id, rowId), inArray(outbox.state, ["pending", "delivered"])))
    .limit(1)
    .get();
  if (!another) queueMails(tx, byMail.mails, now);
}

/**
 * Rows still marked in flight when the loop starts: their send was cut off by the process's death
 * (a kill, an out-of-memory, a deploy's SIGKILL). Each is sent again, unless it is a push whose
 * sends were cut off INTERRUPTIONS_TO_PARK times: then it is parked as failed with the reason, and
 * the server that it kept stopping serves on. Only pushes: their destinations and answers are
 * strangers' (a push's answer is what crashed the server, issue 47), while a mail goes to the
 * operator's SMTP server, and a mail in flight at three unrelated kills (a burst, a start, a kill
 * again) must still arrive: at most one duplicate per kill, never none (decision 032). A mail's
 * interruptions are counted all the same, for the operator. Returns how many were parked.
 */
export function recoverInterrupted(db: Db, now = Date.now()): number {
  const rows = db
    .select({ id: outbox.id, channel: outbox.channel, interruptions: outbox.interruptions, payload: outbox.payload })
    .from(outbox)
    .where(and(eq(outbox.state, "pending"), isNotNull(outbox.tryingSince)))
    .all();
  let parked = 0;
  for (const row of rows) {
    const interruptions = row.interruptions + 1;
    if (row.channel === "push" && interruptions >= INTERRUPTIONS_TO_PARK) {
      const reason = `parked: sending it stopped the server ${interruptions} times`;
      const byMail = (JSON.parse(row.payload ?? "{}") as { byMail?: MailIfUndelivered }).byMail;
      db.transaction((tx) => {
        tx.update(outbox).set({ state: "failed", settledAt: now, payload: null, tryingSince: null, interruptions, lastError: reason }).where(eq(outbox.id, row.id)).run();
        if (byMail) mailIfNoDeviceTookIt(tx, row.id, byMail, now);
      });
      deliveries.inc({ channel: row.channel, outcome: "parked" });
      console.error(`Outbox: ${row.channel === "push" ? "push" : "mail"} ${row.id} ${reason}; it is not sent again.`);
      parked += 1;
    } else {
      db.update(outbox).set({ tryingSince: null, interruptions }).where(eq(outbox.id, row.id)).run();
    }
  }
  return parked;
}

/**
 * Sends everything due at `now` in every lane (at each lane's concurrency) and waits until it is
 * settled or rescheduled. Returns how many rows that was. Never throws for a row that fails. A
 * pass of its own: tests move its clock, and no backoff outlives it.
 */
export async function deliverDue(db: Db, options: DeliveryOptions = {}): Promise<number> {
  const pass = new Deliveries(db, options);
  await pass.drain();
  return pass.handled;
}

// On globalThis: in development the loop runs in Node's copy of this module and the app queues
// through Vite's copy; both must reach the one loop.
const holder = globalThis as typeof globalThis & { __tagbackOutboxWake?: () => void };

/** Tells this process's delivery loop, if it runs one, that something was queued. */
function wake() {
  holder.__tagbackOutboxWake?.();
}

/**
 * The delivery loop: what a stop cut off is recovered (recoverInterrupted), then the lanes are
 * filled at start, whenever a row is queued in this process, every POLL_MS (retries that came due,
 * rows other processes queued), and as each send ends, until `signal` aborts; then it waits for
 * the sends in flight (each within its own deadline). A fill that throws (the database) is logged.
 */
export function startDelivering(db: Db, signal: AbortSignal, options: DeliveryOptions = {}): Promise<void> {
  watchOutbox(db);
  // Before the server answers anything: a row that stopped it is parked before it is sent again.
  try {
    recoverInterrupted(db, (options.now ?? Date.now)());
  } catch (error) {
    countDatabaseError(error);
    console.error(`Outbox: recovering interrupted sends failed (${(error as Error).message}).`);
  }
  const lanes = new Deliveries(db, options);
  running = lanes;
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
        lanes.fillAll();
      } catch (error) {
        countDatabaseError(error);
        console.error(`Outbox: a delivery pass failed (${(error as Error).message}); the next one tries again.`);
      }
    }
    lanes.stopped = true;
    holder.__tagbackOutboxWake = undefined;
    // A mail being handed to SMTP finishes and is marked, rather than sent again after the restart.
    await lanes.settled();
    if (running === lanes) running = undefined;
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
    .select({ state: outbox.state, settledAt: outbox.settledAt, lastError: outbox.lastError })
    .from(outbox)
    .where(and(eq(outbox.conversationId, conversationId), eq(outbox.kind, "contact")))
    .all();
  if (rows.length === 0) return null;
  const delivered = rows.filter((row) => row.state === "delivered" && row.settledAt !== null).map((row) => row.settledAt!);
  if (delivered.length > 0) return { state: "notified", at: new Date(Math.min(...delivered)) };
  const pending = rows.filter((row) => row.state === "pending");
  if (pending.length === 0) return { state: "failed", at: null };
  // A try that failed leaves its error (a try in flight, counted before its send, does not yet).
  return { state: pending.some((row) => row.lastError !== null) ? "retrying" : "telling", at: null };
}
