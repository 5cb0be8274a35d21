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
