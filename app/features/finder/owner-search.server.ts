// The finder search on the server: one indexed query finds the owner, the answer is reduced to a
// PublicProfile (never e-mail or mobile; a masked bio stays out), a miss becomes the same
// not-found placeholder whatever the reason — except a minted sticker nobody has claimed, which
// says it is not activated yet (docs/decisions/011) — and a human's search is logged for the owner.
import { eq, and, sql, type Placeholder } from "drizzle-orm";
import { createContext } from "react-router";
import type { Db } from "../../../db/connection";
import { products, profiles, tagbackTokens } from "../../../db/schema";
import { firstVerifiedTokenOf } from "~/features/stickers/tokens.server";
import { avatarDataUri } from "./avatar";
import { contactLinks, type Tweet } from "./contact-links";
import { DEMO_TWEET, demoProfile, isDemoSearch } from "./demo";
import { isLocked, windowFull } from "~/core/rate-limit.server";
import { UNLOCK_PER_CLIENT_LIMIT, UNLOCK_PER_PROFILE_WINDOWS, UNLOCK_TOKEN_PER_CLIENT_LIMIT } from "./rules";
import { preparedPerConnection } from "~/core/prepared.server";
import type { UnlockMode, UnlockOffer } from "./finder";
import type { PublicProfile } from "./public-profile";
import type { SearchQuery } from "./search-input";
import type { SearchType } from "./search-number";
import { countBotSearch, logSearch } from "./search-history.server";
import { lostNoticeFrom, pendingLostNoticeOf } from "~/features/lost-found/lost-mode.server";
import type { LostNotice } from "~/features/lost-found/lost-mode";

// ---------------------------------------------------------------------------------------------
// The lookup: one statement per search type, each a SEARCH on a unique index (see
// tests/integration/owner-search.test.ts). The owner's first verified token and product
// names come from correlated subqueries on (user_id, created_at) indexes, lost mode's notice
// from one on the pending-report index: one statement answers a scan.

const productNames = sql<string>`(
  select coalesce(json_group_array(pn.name), '[]') from (
    select p2.name as name from ${products} p2
    where p2.user_id = "profiles"."id" order by p2.created_at asc) pn)`;

const baseColumns = {
  id: profiles.id,
  firstName: profiles.firstName,
  lastName: profiles.lastName,
  photoUrl: profiles.photoUrl,
  xUsername: profiles.xUsername,
  bio: profiles.bio,
  maskBio: profiles.maskBio,
  socialSms: profiles.socialSms,
  socialCall: profiles.socialCall,
  socialTelegram: profiles.socialTelegram,
  socialWhatsapp: profiles.socialWhatsapp,
  useSocialIcons: profiles.useSocialIcons,
  // Whether the owner shares e-mail or mobile with signed-in finders who unlock (not the values).
  showEmail: profiles.showEmail,
  showMobile: profiles.showMobile,
  firstToken: firstVerifiedTokenOf(sql`"profiles"."id"`),
  productNames,
};

/** The owner's columns, with the pending lost report (if any) of the item searched for. */
function ownerColumns(type: SearchType, number: string | Placeholder) {
  return { ...baseColumns, lostNotice: pendingLostNoticeOf(sql`"profiles"."id"`, number, type) };
}

/** The owner of a verified token (unclaimed and unverified tokens find nobody). */
export function tokenLookup(db: Db, token: string | Placeholder) {
  return db
    .select(ownerColumns("tagbacktoken", token))
    .from(tagbackTokens)
    .innerJoin(profiles, eq(profiles.id, tagbackTokens.userId))
    .where(and(eq(tagbackTokens.token, token), eq(tagbackTokens.isVerified, true)));
}

/** The profile holding a metro card number. */
export function metroCardLookup(db: Db, number: string | Placeholder) {
  return db.select(ownerColumns("metrocard", number)).from(profiles).where(eq(profiles.metroCardNumber, number));
}

export type OwnerRow = NonNullable<Awaited<ReturnType<ReturnType<typeof tokenLookup>["get"]>>>;

// Every scan runs one of these: prepared once per connection (core/prepared.server.ts).
const lookupsOf = preparedPerConnection((db) => ({
  metrocard: metroCardLookup(db, sql.placeholder("number")).prepare(),
  tagbacktoken: tokenLookup(db, sql.placeholder("number")).prepare(),
}));

export async function findOwner(db: Db, query: SearchQuery): Promise<OwnerRow | null> {
  return (await lookupsOf(db)[query.type].get({ number: query.number })) ?? null;
}

// ---------------------------------------------------------------------------------------------
// Public shapes.

/** "" when the owner gave no name: the page says "Tagback user" in the finder's language (common.tagbackUser). */
function fullName(first: string | null, last: string | null) {
  return [first, last].filter(Boolean).join(" ").trim();
}

function parseNames(json: string | null): string[] {
  try {
    const value: unknown = JSON.parse(json ?? "[]");
    return Array.isArray(value) ? value.filter((v): v is string => typeof v === "string") : [];
  } catch {
    return [];
  }
}

/** The only way an owner row leaves the server. Reads no e-mail or mobile: the row has none. */
export function toPublicProfile(row: OwnerRow, options: { unlocked: boolean }): PublicProfile {
  const masked = row.maskBio && !options.unlocked;
  return {
    kind: "owner",
    fullName: fullName(row.firstName, row.lastName),
    xUsername: row.xUsername || null,
    avatarUrl: row.photoUrl || avatarDataUri(row.id),
    bio: masked ? null : row.bio || null,
    bioMasked: masked,
    products: parseNames(row.productNames),
    contacts: row.useSocialIcons ? contactLinks(row) : [],
  };
}

/**
 * Shown for every miss (an unknown number, a claimed but unverified token), so a miss tells
 * nothing about the number. No name and no avatar: the dialog says in words, in the finder's
 * language, that no owner was found (features/finder/miss-view.tsx).
 */
export const NOT_FOUND_PROFILE: PublicProfile = Object.freeze({
  kind: "not-found",
  fullName: "",
  xUsername: null,
  avatarUrl: "",
  bio: null,
  bioMasked: false,
  products: [],
  contacts: [],
}) as PublicProfile;

/** A minted sticker that nobody has claimed: "This sticker is not activated yet", and nothing else. */
export const NOT_ACTIVATED_PROFILE: PublicProfile = Object.freeze({ ...NOT_FOUND_PROFILE, kind: "not-activated" }) as PublicProfile;

/** Whether the token was minted and is unclaimed (never claimed, or given up by its owner). */
async function isUnclaimedToken(db: Db, token: string): Promise<boolean> {
  const row = await db
    .select({ id: tagbackTokens.id })
    .from(tagbackTokens)
    .where(and(eq(tagbackTokens.token, token), eq(tagbackTokens.isClaimed, false)))
    .get();
  return Boolean(row);
}

// ---------------------------------------------------------------------------------------------
// The search itself.

export type SearchResult = {
  profile: PublicProfile;
  /**
   * Make a Tweet is offered (the owner has an X username); it cites the metro card only when the
   * finder searched by it. The text itself is written in the finder's language by the page.
   */
  tweet: Tweet | null;
  /**
   * This search was logged as a visit: the page offers "Share my location" for it. Which visit is
   * in the finder's cookie (location-ticket.server.ts), never in the page.
   */
  visit: boolean;
  /** What the unlock form offers on an owner's profile, when there is something to unlock. */
  unlock?: UnlockOffer;
  /** Lost mode: the owner's pending report of this item (features/lost-found/lost-mode.server.ts). */
  lost?: LostNotice | null;
};

export type SearchOptions = {
  /** The client's address, for the history row's approximate place. */
  ip: string;
  /** The client's limit key (core/client-key.ts): the unlock form says up front if it is locked. */
  clientKey?: string;
  /** Whether this search goes into the owner's history (not for bots, nor when re-reading). */
  log: boolean;
  /** Not logged because software asked (features/finder/visitor.ts): counted in the owner's bot_searches. */
  automated?: boolean;
  /** Show the demo profile's bio unmasked (`?unmasked=1` after a demo unlock). */
  demoUnlocked?: boolean;
  /** The signed-in finder, if any: the owner may share contact details with them (see sharesWith). */
  finderId?: string | null;
};

/**
 * Does the owner share contact details (the Settings switches "Show e-mail", "Show mobile number")
 * with this finder once they unlock? Only with a signed-in finder who is not the owner; never with
 * an anonymous one.
 */
export function sharesWith(row: Pick<OwnerRow, "id" | "showEmail" | "showMobile">, finderId: string | null | undefined) {
  return Boolean(finderId && finderId !== row.id && (row.showEmail || row.showMobile));
}

/**
 * The unlock form's offer: what it unlocks, whether it asks for the digits or the full token, and
 * — before the finder types anything — why, when a limit of unlock.server.ts already refuses the
 * digits (or everything) to this client.
 */
async function unlockOffer(db: Db, row: OwnerRow, finderId: string | null | undefined, clientKey?: string): Promise<UnlockOffer | undefined> {
  const contacts = sharesWith(row, finderId);
  if (!row.maskBio && !contacts) return undefined;
  const profileFull = await windowFull(db, UNLOCK_PER_PROFILE_WINDOWS, row.id);
  const mode: UnlockMode = profileFull ? "token" : "digits";
  if (!clientKey) return { mode, contacts };
  const clientOnProfile = `${row.id}:${clientKey}`;
  const [digitsLocked, tokenLocked] = await Promise.all([
    isLocked(db, UNLOCK_PER_CLIENT_LIMIT, clientOnProfile),
    isLocked(db, UNLOCK_TOKEN_PER_CLIENT_LIMIT, clientOnProfile),
  ]);
  if (tokenLocked && (profileFull || digitsLocked)) return { mode: "token", contacts, notice: "tokenLocked" };
  if (profileFull) return { mode, contacts, notice: "useToken" };
  // The digits are locked for this client; the full token still works (unlock.server.ts).
  if (digitsLocked) return { mode: "token", contacts, notice: "locked" };
  return { mode, contacts };
}

/** A search looked up, not yet logged: the result as the page shows it, and the owner found (if any). */
export type LookedUp = { result: SearchResult; ownerId: string | null };

/**
 * A lookup already made for this request, by an anonymous visitor (server/app.ts, for a sticker
 * scan whose page was not kept): the loader uses it rather than looking the same owner up again.
 */
export const lookedUpContext = createContext<{ query: SearchQuery; lookedUp: LookedUp } | null>(null);

/**
 * The one place a search is answered: the demo profile, an owner, the not-activated sticker, or the
 * placeholder. Reads only; `recordVisit` logs it. The result says `visit: false` until then.
 */
export async function lookUpSearch(db: Db, query: SearchQuery, options: Omit<SearchOptions, "ip" | "log" | "automated">): Promise<LookedUp> {
  if (isDemoSearch(query)) {
    return { result: { profile: demoProfile({ unlocked: options.demoUnlocked ?? false }), tweet: DEMO_TWEET, visit: false }, ownerId: null };
  }
  const row = await findOwner(db, query);
  if (!row) {
    // Only on a miss, behind the search limit: is it a minted sticker nobody has activated yet?
    const unclaimed = query.type === "tagbacktoken" && (await isUnclaimedToken(db, query.number));
    return { result: { profile: unclaimed ? NOT_ACTIVATED_PROFILE : NOT_FOUND_PROFILE, tweet: null, visit: false }, ownerId: null };
  }
  const profile = toPublicProfile(row, { unlocked: false });
  const tweet = row.xUsername ? { card: query.type === "metrocard" ? query.number : null } : null;
  const unlock = await unlockOffer(db, row, options.finderId, options.clientKey);
  const lost = lostNoticeFrom(row.lostNotice);
  return { result: { profile, tweet, visit: false, unlock, lost }, ownerId: row.id };
}

/** Logs a person's search of an owner (the owner's history): the row's id, for the finder's cookie. */
export function recordVisit(db: Db, ownerId: string, query: SearchQuery, options: Pick<SearchOptions, "ip" | "clientKey" | "finderId">): Promise<string> {
  return logSearch(db, ownerId, query, options.ip, { clientKey: options.clientKey, userId: options.finderId });
}

/** Looks a search up and logs it as the options say: the result, and the visit logged (if any). */
export async function searchOwner(
  db: Db,
  query: SearchQuery,
  options: SearchOptions,
  lookedUp?: LookedUp,
): Promise<{ result: SearchResult; visitId: string | null }> {
  const { result, ownerId } = lookedUp ?? (await lookUpSearch(db, query, options));
  if (ownerId === null) return { result, visitId: null };
  if (!options.log) {
    if (options.automated) await countBotSearch(db, ownerId);
    return { result, visitId: null };
  }
  const visitId = await recordVisit(db, ownerId, query, options);
  return { result: { ...result, visit: true }, visitId };
}
