// Rules of the admin panel (spec 001 §2 "Admin panel", §5 "Admin", §9): defined once, used by the
// pages, the server modules, the messages and the tests.

/** What an admin looks an owner up by (the spec's admin_lookup_by_token and _by_metro_card). */
export const LOOKUP_KINDS = ["token", "metrocard"] as const;
export type LookupKind = (typeof LOOKUP_KINDS)[number];

export const LOOKUP_KIND_LABELS: Record<LookupKind, string> = { token: "Tagback token", metrocard: "Metro card" };

/** The audit trail shown on the lookup page: the newest this many lookups. */
export const AUDIT_SHOWN = 50;

/** Demo search log view limit per demo location (spec 001 §9). */
export const DEMO_LOG_SHOWN = 100;

/**
 * Demo search logs are deleted this many days after the search (server/retention.ts). They hold the
 * searcher's IP address, and an admin reads them to see how a demo went, during and soon after it.
 */
export const DEMO_LOG_KEEP_DAYS = 30;

/** A demo location's name, after trimming: it goes into a URL (`/?demo=name`), so keep it short. */
export const DEMO_LOCATION_MAX = 64;

/** Admin phone numbers default to this country code when they are 10 digits (spec 001 §5, §9). */
export const ADMIN_DEFAULT_DIGITS = 10;
