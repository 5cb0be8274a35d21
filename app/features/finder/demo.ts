// The demo profile (spec 000 §2): no database row. A search for DEMO_TOKEN answers it, so that
// token is reserved and never minted for a real sticker; `?demo=LOCATION` opens it too.
import { DEMO_TOKEN, unlockDigitsOf } from "~/features/stickers/rules";
import { avatarDataUri } from "./avatar";
import { contactLinks, type Tweet } from "./contact-links";
import type { PublicProfile } from "./public-profile";
import type { SearchQuery } from "./search-input";

const DEMO_PROFILE_ID = "demo-ananya";
export { DEMO_TOKEN };
const DEMO_METRO_CARD = "1234567812345678";
export const DEMO_UNLOCK_DIGITS = unlockDigitsOf(DEMO_TOKEN)!;
const DEMO_X_USERNAME = "tagbackapp";

const DEMO_BIO =
  "This is the Tagback demo profile. A real owner writes a short note here - where to leave the item, how to reach them. Owners can mask it so only someone holding the sticker reads it.";

export function isDemoSearch(query: SearchQuery) {
  return query.type === "tagbacktoken" && query.number === DEMO_TOKEN;
}

export function demoProfile(options: { unlocked: boolean }): PublicProfile {
  return {
    kind: "demo",
    fullName: "Ananya Rao (demo)",
    xUsername: DEMO_X_USERNAME,
    avatarUrl: avatarDataUri(DEMO_PROFILE_ID),
    bio: options.unlocked ? DEMO_BIO : null,
    bioMasked: !options.unlocked,
    products: ["Laptop", "Metro card", "Keys"],
    contacts: contactLinks({ socialSms: "9000000000", socialCall: "9000000000", socialTelegram: DEMO_X_USERNAME, socialWhatsapp: "9000000000" }),
  };
}

export const DEMO_TWEET: Tweet = { card: DEMO_METRO_CARD };
