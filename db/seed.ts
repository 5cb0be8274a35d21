// Demo data for a NEW database in demo mode (server.js seeds only when it just created the file):
// three owners in Delhi, Mumbai and Bengaluru with stickers, products and search history, plus
// unclaimed stickers a newcomer can claim. Not idempotent: it refuses a database that has users.
//
// The identifiers and passwords below are fixed so the README and tests can name them.
import { count } from "drizzle-orm";
import { hashPassword, TOKEN_PASSWORD_COST } from "./password.ts";
import type { Db } from "./connection.ts";
import {
  demoLocations,
  products,
  profiles,
  searchHistory,
  tagbackTokens,
  users,
} from "./schema.ts";

export const DEMO_IDENTIFIERS = {
  /** Delhi. Plain profile, social icons off. Has the developer-mode sign-in password. */
  aarav: {
    email: "aarav.sharma@example.com",
    name: "Aarav Sharma",
    metroCard: "1234567890",
    token: "100000000001",
    products: ["Laptop", "Keys"],
  },
  /** Mumbai. mask_bio on: the bio shows after the unlock digits (characters 5-8 of the token). */
  priya: {
    email: "priya.nair@example.com",
    name: "Priya Nair",
    metroCard: "9876543210123",
    token: "200048210002",
    unlockDigits: "4821",
    products: [] as string[],
  },
  /** Bengaluru. use_social_icons on: SMS, Call, WhatsApp numbers and a Telegram handle. */
  rohan: {
    email: "rohan.mehta@example.com",
    name: "Rohan Mehta",
    metroCard: "5555666677778888",
    token: "300000000003",
    products: ["Helmet"],
  },
  /** Unclaimed stickers: claim one on /token with DEMO_PASSWORDS.unclaimedToken. */
  unclaimedTokens: ["400000000004", "400000000005", "400000000006"],
  /** Claimed by Aarav but not verified: not searchable. */
  unverifiedToken: "500000000005",
  /** The admin demo location. */
  demoLocation: "delhi",
} as const;

export const DEMO_PASSWORDS = {
  /** Developer-mode e-mail/password sign-in of aarav.sharma@example.com. */
  signIn: "demo1234",
  /** Password of each owner's sticker token (and of the unverified one). */
  ownerToken: "12345678",
  /** Password of each unclaimed sticker token. */
  unclaimedToken: "11112222",
} as const;

export type SeedResult = {
  userIds: { aarav: string; priya: string; rohan: string };
  /** The account a newcomer can sign in with once developer mode is unlocked. */
  developerLogin: { email: string; password: string };
  identifiers: typeof DEMO_IDENTIFIERS;
  passwords: typeof DEMO_PASSWORDS;
};

const HOUR = 60 * 60 * 1000;
const DAY = 24 * HOUR;

export async function seed(db: Db): Promise<SeedResult> {
  const { aarav, priya, rohan, unclaimedTokens, unverifiedToken, demoLocation } = DEMO_IDENTIFIERS;
  const existing = await db.select({ n: count() }).from(users).get();
  if ((existing?.n ?? 0) > 0) throw new Error("seed() needs a new, empty database: users already exist");

  // scrypt is slow on purpose: hash everything before the (synchronous, short) write transaction.
  const [signInHash, ...tokenHashes] = await Promise.all([
    hashPassword(DEMO_PASSWORDS.signIn),
    ...[aarav.token, priya.token, rohan.token, unverifiedToken].map(() => hashPassword(DEMO_PASSWORDS.ownerToken, TOKEN_PASSWORD_COST)),
    ...unclaimedTokens.map(() => hashPassword(DEMO_PASSWORDS.unclaimedToken, TOKEN_PASSWORD_COST)),
  ]);
  const [aaravTokenHash, priyaTokenHash, rohanTokenHash, unverifiedHash, ...unclaimedHashes] = tokenHashes;

  const now = Date.now();
  const at = (msAgo: number) => new Date(now - msAgo);
  const userIds = { aarav: crypto.randomUUID(), priya: crypto.randomUUID(), rohan: crypto.randomUUID() };

  const aaravHistory = [
    {
      searchType: "metro_card" as const,
      searchValue: aarav.metroCard,
      searchedAt: at(3 * HOUR),
      city: "New Delhi",
      region: "Delhi",
      country: "IN",
      address: "Rajiv Chowk Metro Station, Connaught Place",
      latitude: 28.6328,
      longitude: 77.2197,
    },
    {
      searchType: "tagback_token" as const,
      searchValue: aarav.token,
      searchedAt: at(2 * DAY + 5 * HOUR),
      city: "Gurugram",
      region: "Haryana",
      country: "IN",
      address: "Cyber City",
      latitude: 28.495,
      longitude: 77.0895,
    },
    {
      searchType: "metro_card" as const,
      searchValue: aarav.metroCard,
      searchedAt: at(9 * DAY),
      city: "Noida",
      region: "Uttar Pradesh",
      country: "IN",
      address: null,
      latitude: null,
      longitude: null,
    },
  ];
  const priyaHistory = [
    {
      searchType: "tagback_token" as const,
      searchValue: priya.token,
      searchedAt: at(26 * HOUR),
      city: "Mumbai",
      region: "Maharashtra",
      country: "IN",
      address: "Bandra West",
      latitude: 19.0596,
      longitude: 72.8295,
    },
    {
      searchType: "metro_card" as const,
      searchValue: priya.metroCard,
      searchedAt: at(6 * DAY),
      city: "Thane",
      region: "Maharashtra",
      country: "IN",
      address: null,
      latitude: null,
      longitude: null,
    },
  ];

  await db.transaction((tx) => {
    tx.insert(users)
      .values([
        { id: userIds.aarav, email: aarav.email, passwordHash: signInHash, emailConfirmedAt: at(30 * DAY), createdAt: at(30 * DAY) },
        { id: userIds.priya, email: priya.email, emailConfirmedAt: at(21 * DAY), createdAt: at(21 * DAY) },
        { id: userIds.rohan, email: rohan.email, emailConfirmedAt: at(12 * DAY), createdAt: at(12 * DAY) },
      ])
      .run();

    tx.insert(profiles)
      .values([
        {
          id: userIds.aarav,
          firstName: "Aarav",
          lastName: "Sharma",
          xUsername: "aarav_sharma",
          bio: "Software engineer in Gurugram, on the Yellow Line every day. Found my card, laptop or keys? Thank you! Please message me here.",
          metroCardNumber: aarav.metroCard,
          mobileNumber: "9810012345",
          socialSms: "9810012345",
          socialCall: "9810012345",
          socialWhatsapp: "9810012345",
          socialTelegram: "@aarav_sharma",
          useSocialIcons: false,
          useMobileForSocials: false,
          totalSearches: aaravHistory.length,
          createdAt: at(30 * DAY),
          updatedAt: at(3 * DAY),
        },
        {
          id: userIds.priya,
          firstName: "Priya",
          lastName: "Nair",
          xUsername: "priyanair_arch",
          bio: "Architect in Bandra, Mumbai. If you found my bag, please leave it at the Bandra station ticket counter and message me here. Reward promised!",
          maskBio: true,
          metroCardNumber: priya.metroCard,
          mobileNumber: "9820012345",
          socialWhatsapp: "9820012345",
          useSocialIcons: false,
          totalSearches: priyaHistory.length,
          createdAt: at(21 * DAY),
          updatedAt: at(21 * DAY),
        },
        {
          id: userIds.rohan,
          firstName: "Rohan",
          lastName: "Mehta",
          xUsername: "rohan_rides",
          bio: "Product designer in Indiranagar, Bengaluru. Weekend rider. Found my helmet? Tap WhatsApp or Telegram below.",
          metroCardNumber: rohan.metroCard,
          mobileNumber: "9845012345",
          socialSms: "9845098450",
          socialCall: "9845012345",
          socialWhatsapp: "9845012345",
          socialTelegram: "@rohan_blr",
          useSocialIcons: true,
          useMobileForSocials: false,
          totalSearches: 0,
          createdAt: at(12 * DAY),
          updatedAt: at(12 * DAY),
        },
      ])
      .run();

    const owned = (token: string, passwordHash: string, userId: string, verified: boolean, msAgo: number) => ({
      token,
      passwordHash,
      userId,
      isClaimed: true,
      isVerified: verified,
      createdAt: at(msAgo),
    });
    tx.insert(tagbackTokens)
      .values([
        owned(aarav.token, aaravTokenHash!, userIds.aarav, true, 29 * DAY),
        owned(priya.token, priyaTokenHash!, userIds.priya, true, 20 * DAY),
        owned(rohan.token, rohanTokenHash!, userIds.rohan, true, 11 * DAY),
        owned(unverifiedToken, unverifiedHash!, userIds.aarav, false, 2 * DAY),
        ...unclaimedTokens.map((token, i) => ({
          token,
          passwordHash: unclaimedHashes[i]!,
          userId: null,
          isClaimed: false,
          isVerified: false,
          createdAt: at(40 * DAY),
        })),
      ])
      .run();

    tx.insert(products)
      .values([
        { userId: userIds.aarav, name: aarav.products[0], token: aarav.token, createdAt: at(28 * DAY) },
        { userId: userIds.aarav, name: aarav.products[1], token: aarav.token, createdAt: at(27 * DAY) },
        { userId: userIds.rohan, name: rohan.products[0], token: rohan.token, createdAt: at(10 * DAY) },
      ])
      .run();

    tx.insert(searchHistory)
      .values([
        ...aaravHistory.map((row) => ({ ...row, userId: userIds.aarav })),
        ...priyaHistory.map((row) => ({ ...row, userId: userIds.priya })),
      ])
      .run();

    tx.insert(demoLocations)
      .values({ locationName: demoLocation, createdAt: at(7 * DAY), updatedAt: at(7 * DAY) })
      .run();
  });

  return {
    userIds,
    developerLogin: { email: aarav.email, password: DEMO_PASSWORDS.signIn },
    identifiers: DEMO_IDENTIFIERS,
    passwords: DEMO_PASSWORDS,
  };
}
