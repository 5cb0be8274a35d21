// Every message Tagback shows, in English, by area and key (texts in quotes in the spec are used
// as written). Schemas and actions return keys ("finder.badToken"); app/i18n/messages.ts resolves
// them. A message that mentions a limit is built from the rule that sets it.
import { DEMO_LOCATION_MAX } from "~/features/admin/rules";
import { PASSWORD_MAX_LENGTH, PASSWORD_MIN_LENGTH, SIGN_IN_LOCK_MINUTES } from "~/features/account/rules";
import {
  SEARCHES_PER_MINUTE,
  UNLOCK_CLIENT_LOCK_HOURS,
  UNLOCK_DIGIT_COUNT,
  UNLOCK_WRONG_PER_PROFILE_PER_DAY,
  UNLOCK_WRONG_PER_PROFILE_PER_YEAR,
} from "~/features/finder/rules";
import {
  BIO_MAX_LENGTH,
  FULL_NAME_MAX_LENGTH,
  METRO_CARD_MAX,
  METRO_CARD_MIN,
  PHONE_MAX_DIGITS,
  TELEGRAM_MAX_LENGTH,
  X_USERNAME_MAX_LENGTH,
} from "~/features/owner/rules";
import {
  MAX_MINT_COUNT,
  MAX_PRODUCTS,
  PRODUCT_NAME_MAX,
  PRODUCT_RENAME_MAX,
  TOKEN_CLAIM_LOCK_HOURS,
  TOKEN_LENGTH,
  TOKEN_PASSWORD_MAX,
} from "~/features/stickers/rules";

export type Message = { title: string; description?: string };

export const en = {
  /** Messages every area shares. */
  common: {
    nsfw: {
      title: "NSFW Content Detected",
      description: "This field contains inappropriate words. Please use appropriate language.",
    },
    unknownAction: { title: "Unknown action." },
    loggedOut: { title: "Logged Out" },
  },
  /** The finder search (spec 000 §5 and §8). */
  finder: {
    // First check (on click, before anything else).
    emptyMetroCard: { title: "Please enter a number", description: "Enter your metro card number to find its owner" },
    emptyToken: { title: "Please enter a number", description: "Enter your token number to find its owner" },
    shortMetroCard: { title: "Invalid metro card number", description: `Metro card number should be at least ${METRO_CARD_MIN} digits` },
    shortToken: { title: "Invalid token", description: `Token should be ${TOKEN_LENGTH} digits` },
    // Second check (before the lookup).
    missing: { title: "Missing Information", description: "Please enter an identifier to search." },
    badMetroCard: {
      title: "Invalid Metro Card Number",
      description: `Metro card number must be between ${METRO_CARD_MIN} and ${METRO_CARD_MAX} digits.`,
    },
    badToken: { title: "Invalid Token", description: `The token must be a ${TOKEN_LENGTH}-digit number.` },
    failed: { title: "Search Failed", description: "There was an error performing your search." },
    // Page alerts.
    invalidType: { title: "Invalid Search Type", description: "The search type in the URL is invalid." },
    tooManySearches: {
      title: "Too many searches",
      description: `You can perform up to ${SEARCHES_PER_MINUTE} searches per minute from this IP address. Please try again later.`,
    },
    copied: { title: "Copied!", description: "Tweet template has been copied to clipboard." },
  },
  /** Unlocking a masked bio on the owner-found dialog. */
  unlock: {
    wrong: { title: "Those digits are not right. Check digits 5 to 8 of the token on the sticker." },
    locked: {
      title: `Too many wrong tries. Unlocking this profile from here is locked for a while: try again in ${UNLOCK_CLIENT_LOCK_HOURS === 1 ? "an hour" : `${UNLOCK_CLIENT_LOCK_HOURS} hours`}.`,
    },
    notMasked: { title: "There is nothing to unlock on this profile." },
    searchAgain: { title: "Search again, then enter the digits." },
    // Once a profile has had too many wrong digits from everyone (features/finder/rules.ts).
    useToken: {
      title: `This profile has had too many wrong tries (${UNLOCK_WRONG_PER_PROFILE_PER_DAY} in a day or ${UNLOCK_WRONG_PER_PROFILE_PER_YEAR} in a year), so its ${UNLOCK_DIGIT_COUNT} digits are switched off for now. Enter the full ${TOKEN_LENGTH}-digit token printed on the sticker instead.`,
    },
    wrongToken: { title: `That is not the token on this owner's sticker. Check all ${TOKEN_LENGTH} digits printed on it.` },
    tokenLocked: {
      title: `Too many wrong tokens. Unlocking this profile from here is locked for a while: try again in ${UNLOCK_CLIENT_LOCK_HOURS === 1 ? "an hour" : `${UNLOCK_CLIENT_LOCK_HOURS} hours`}.`,
    },
  },
  /**
   * The profile form and its save (spec 001 §5 "Profile"; app/features/owner/profile-schema.ts).
   * A field message with a description is one the spec titles: the title heads the alert above the
   * form and the description shows beside the field. One with a title only shows beside the field,
   * under the general `updateFailed` alert.
   */
  profile: {
    fullNameTooLong: { title: `Full name must be at most ${FULL_NAME_MAX_LENGTH} characters.` },
    xUsernameCharacters: { title: "X username may contain only letters, digits and underscores." },
    xUsernameTooLong: { title: `X username must be at most ${X_USERNAME_MAX_LENGTH} characters.` },
    bioTooLong: { title: `Bio must be at most ${BIO_MAX_LENGTH} characters.` },
    mobileDigitsOnly: { title: "Mobile number must contain digits only." },
    mobileTooLong: { title: `Mobile number must be at most ${PHONE_MAX_DIGITS} digits.` },
    smsDigitsOnly: { title: "Emergency number (SMS) must contain digits only." },
    smsTooLong: { title: `Emergency number (SMS) must be at most ${PHONE_MAX_DIGITS} digits.` },
    callDigitsOnly: { title: "Call number must contain digits only." },
    callTooLong: { title: `Call number must be at most ${PHONE_MAX_DIGITS} digits.` },
    whatsappDigitsOnly: { title: "WhatsApp number must contain digits only." },
    whatsappTooLong: { title: `WhatsApp number must be at most ${PHONE_MAX_DIGITS} digits.` },
    telegramInvalid: {
      title: `Telegram must be at most ${TELEGRAM_MAX_LENGTH} characters with no spaces: letters, digits and underscores, optionally starting with @ or +.`,
    },
    metroCardDigitsOnly: { title: "Metro card number must contain digits only." },
    metroCardTooShort: { title: "Metro Card Number Too Short", description: `Metro card number must be at least ${METRO_CARD_MIN} digits.` },
    metroCardTooLong: { title: `Metro card number must be at most ${METRO_CARD_MAX} digits.` },
    metroCardTaken: {
      title: "Metro Card Already Registered",
      description: "This metro card number is already registered to another account.",
    },
    // The answers of a save.
    updated: { title: "Profile updated" },
    updateFailed: { title: "Error updating profile", description: "Please correct the fields marked below." },
  },
  /** Verify Token and My Tokens on /token (spec 001 §5 "Token verification"). */
  token: {
    missing: { title: "Missing Information", description: `Please enter ${TOKEN_LENGTH}-digit token and password.` },
    badToken: { title: "Verification Error", description: `The token must be exactly ${TOKEN_LENGTH} digits.` },
    badPassword: { title: "Verification Error", description: `The password must be digits only, at most ${TOKEN_PASSWORD_MAX}.` },
    verified: { title: "Token Verified", description: "The token is now registered to you." },
    unknown: { title: "Verification Error", description: "This token does not exist." },
    taken: { title: "Verification Error", description: "This token is already registered to another user." },
    wrong: { title: "Verification Error", description: "Please check your token and password and try again." },
    alreadyYours: { title: "Verification Error", description: "This token is already registered to you." },
    locked: {
      title: "Verification Error",
      description: `Too many wrong passwords. Token verification is locked for ${TOKEN_CLAIM_LOCK_HOURS} hours.`,
    },
    chooseToken: { title: "Error", description: "Choose a token." },
    removed: { title: "Token removed", description: "Anyone with its password can claim it now." },
    removeFailed: { title: "Error removing token", description: "This token is not registered to you." },
    removeInUse: {
      title: "Error removing token",
      description: "Products are registered on this token. Delete them first, then remove the token.",
    },
  },
  /** The Product Registry on /token (spec 001 §5 "Products"). */
  product: {
    missingName: { title: "Missing Information", description: "Please enter a product name." },
    nameTooLong: { title: "Error Adding Product", description: `Product name must be at most ${PRODUCT_NAME_MAX} characters.` },
    tokenRequired: { title: "Token Required", description: "Please choose one of your verified tokens." },
    invalidToken: { title: "Invalid Token", description: "Choose one of your verified tokens." },
    limit: { title: "Limit Reached", description: `You can only register up to ${MAX_PRODUCTS} products.` },
    added: { title: "Product Added" },
    renamed: { title: "Product Renamed" },
    renameTooLong: { title: "Rename Failed", description: `Product name must be at most ${PRODUCT_RENAME_MAX} characters.` },
    renameFailed: { title: "Rename Failed", description: "This product is not yours." },
    deleted: { title: "Product Deleted" },
    deleteFailed: { title: "Delete Failed", description: "This product is not yours." },
  },
  /** Privacy switches on /settings (spec 001 §2 "Settings"). */
  settings: {
    privacyUpdated: { title: "Privacy Settings Updated" },
    updateFailed: { title: "Update Failed" },
    unknownSetting: { title: "Unknown setting." },
    onOrOff: { title: "Choose on or off." },
  },
  /** The admin panel (spec 001 §2 "Admin panel", §5 "Admin", §8; app/features/admin/). */
  admin: {
    badKind: { title: "Choose what to look up: a Tagback token or a metro card." },
    badToken: { title: `Enter a ${TOKEN_LENGTH}-digit Tagback token.` },
    badMetroCard: { title: `Metro card number must be ${METRO_CARD_MIN}–${METRO_CARD_MAX} digits.` },
    noMatchToken: { title: "No match", description: "No verified user found for this token." },
    noMatchMetroCard: { title: "No match", description: "No user found for this metro card." },
    lookupFailed: { title: "Lookup failed", description: "Something went wrong looking this up. Please try again." },
    locationRequired: { title: "Location name is required" },
    locationTooLong: { title: `Location name must be at most ${DEMO_LOCATION_MAX} characters.` },
    locationTaken: { title: "Location already exists", description: "A demo location with this name already exists." },
    locationAdded: { title: "Demo location added" },
    locationDeleted: { title: "Demo location deleted", description: "Its demo search log was deleted with it." },
    locationMissing: { title: "Demo location not found", description: "It may have been deleted already." },
  },
  /** Sticker inventory on /admin/stickers: minting a batch from the page. */
  stickers: {
    badCount: { title: `Enter how many stickers to mint: a whole number from 1 to ${MAX_MINT_COUNT.toLocaleString("en")}.` },
    minted: { title: "Batch minted", description: "Save or print the passwords now: they are shown only this once." },
  },
  /** Signing in (spec 001 §5): the forms, developer mode, Google and the confirmation link. */
  auth: {
    // Sign-in and sign-up forms (app/routes/auth/auth-schemas.ts).
    bothRequired: { title: "Error", description: "Please enter both email and password" },
    invalidEmail: { title: "Please enter a valid email address." },
    passwordTooShort: { title: `Password must be at least ${PASSWORD_MIN_LENGTH} characters.` },
    passwordTooLong: { title: `Password must be at most ${PASSWORD_MAX_LENGTH} characters.` },
    // The answers of a sign-in or sign-up post.
    invalidCredentials: { title: "Error signing in", description: "Invalid email or password." },
    unconfirmed: {
      title: "Error signing in",
      description: "Please confirm your email address first: open the link we sent you.",
    },
    signInLocked: { title: "Error signing in", description: `Too many failed attempts. Try again in ${SIGN_IN_LOCK_MINUTES} minutes.` },
    signInFailed: { title: "Error signing in" },
    signUpFailed: { title: "Error signing up" },
    signedUp: { title: "Registration successful! Please check your email to confirm your account." },
    devModeOff: { title: "Developer mode is not enabled." },
    // Developer mode.
    invalidAdminPassword: { title: "Invalid admin password" },
    devLocked: { title: `Too many wrong attempts. Try again in ${SIGN_IN_LOCK_MINUTES} minutes.` },
    devUnavailable: { title: "Developer mode is not available on this server." },
    devEnabled: { title: "Developer mode enabled!" },
    // Google.
    googleNotConfigured: { title: "Google sign-in is not configured on this server. Use developer mode below." },
    googleStartFailed: { title: "Error signing in with Google" },
    googleFailed: { title: "Authentication Error", description: "We could not sign you in with Google. Please try again." },
    // The link in the confirmation mail.
    emailConfirmed: { title: "Email confirmed", description: "You can sign in now." },
    badConfirmLink: { title: "Authentication Error", description: "This confirmation link is invalid or was already used." },
  },
} as const satisfies Record<string, Record<string, Message>>;

export type Catalogue = typeof en;
