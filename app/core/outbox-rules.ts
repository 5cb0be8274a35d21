// The outbox's numbers (decision 032; docs/finder-contact.md, "Notifications: the outbox"): how often a failed mail is tried
// again, when it is given up, how long a settled row is kept, how many one account can have
// pending. Plain module: server/retention.ts imports it in the cluster's primary.

/** The first retry's wait; each further one doubles it, up to RETRY_MAX_MS. */
export const RETRY_FIRST_MS = 30_000;
export const RETRY_MAX_MS = 60 * 60_000;
/** After this long since the event, a mail not delivered is given up ("failed"). */
export const GIVE_UP_AFTER_MS = 24 * 60 * 60_000;
/** Settled rows (delivered, failed, set aside) are kept this long for the operator, without their body. */
export const OUTBOX_KEEP_DAYS = 3;
/**
 * Pending mails one account can have. Every kind is limited upstream (a finder's messages per
 * owner per day, one scan alert an hour), so only an outage long enough to give up on them reaches
 * it; beyond it a new mail is not queued, and counted.
 */
export const PENDING_PER_ACCOUNT = 200;

// The lanes (decision 042): each delivers on its own, so nothing in one waits behind another.
/** Sign-in codes at once: someone is looking at the code page, and codes die in 10 minutes. */
export const URGENT_CONCURRENCY = 2;
/** Other mails at once (one pooled SMTP connection: a burst of alerts costs ~0.9 ms of CPU a mail). */
export const MAIL_CONCURRENCY = 1;
/** Pushes at once, across every push service. */
export const PUSH_CONCURRENCY = 8;
/** Pushes at once to one push service's host: a stalled one holds at most these of the lane's slots. */
export const PUSH_PER_HOST = 2;
/**
 * A host that failed (no answer, a network error, 429, 5xx) is not tried for this long, doubling
 * with each failure in a row up to PUSH_HOST_BACKOFF_MAX_MS; its rows wait without a try spent.
 */
export const PUSH_HOST_BACKOFF_FIRST_MS = 30_000;
export const PUSH_HOST_BACKOFF_MAX_MS = 10 * 60_000;
/** TCP and TLS together, to a push service. */
export const PUSH_CONNECT_TIMEOUT_MS = 5_000;
/** The whole push, from connecting to the answer's last byte read: a trickled answer ends here. */
export const PUSH_DEADLINE_MS = 10_000;
/** What is read of a push service's answer (its body says nothing we use); a longer one is dropped. */
export const PUSH_ANSWER_BYTES = 4 * 1024;
/**
 * Tries of one push begun and never finished (the process died during its send) before it is
 * parked as failed: a push that kills the server is not sent again on every start. (Mails are
 * never parked for it: core/outbox.server.ts, recoverInterrupted.)
 */
export const INTERRUPTIONS_TO_PARK = 3;
