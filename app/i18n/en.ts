// Every message Tagback shows, in English, by area and key (texts in quotes in the spec are used
// as written). Schemas and actions return keys ("finder.badToken"); app/i18n/messages.ts resolves
// them. A message that mentions a limit is built from the rule that sets it.
import { EMAIL_LOCAL_MAX_LENGTH, EMAIL_MAX_LENGTH } from "~/core/email-address";
import { DEMO_LOCATION_MAX } from "~/features/admin/rules";
import { PUZZLE_ANSWER_MAX } from "~/features/puzzle/rules";
import { RETURNS_SHOWN_FROM_MAX, THANK_YOU_MAX } from "~/features/returns/rules";
import {
  LOST_NAME_MAX,
  LOST_NOTE_MAX,
  PHOTO_DECODES_PER_MINUTE,
  PHOTO_MAX_BYTES,
  SCAN_TIMEOUT_MS,
} from "~/features/lost-found/rules";
import {
  MESSAGE_MAX_LENGTH,
  MESSAGES_PER_MINUTE,
  NEW_CONVERSATIONS_PER_DAY,
  SEARCH_METRO_MAX_DIGITS,
  SEARCH_MIN_DIGITS,
  SEARCH_TOKEN_MAX_DIGITS,
  STREAMS_PER_USER,
} from "~/features/messaging/rules";
import {
  CODE_WRONG_TRIES_MAX,
  CODES_PER_ADDRESS_PER_HOUR,
  PASSKEYS_PER_ACCOUNT,
  PASSWORD_MAX_LENGTH,
  PASSWORD_MIN_LENGTH,
  SIGN_IN_CODE_DIGITS,
  SIGN_IN_CODE_VALID_MINUTES,
  SIGN_IN_LOCK_MINUTES,
} from "~/features/account/rules";
import {
  FINDER_MESSAGE_MAX,
  FINDER_LINK_MAILS_PER_ADDRESS_PER_DAY,
  FINDER_MESSAGES_PER_CLIENT_PER_HOUR,
  FOUND_WHERE_MAX,
  HANDOVER_PLACE_MAX,
  LOCATION_MAX_ACCURACY_M,
} from "~/features/finder-contact/rules";
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
  DEMO_TOKEN,
  LOCK_SCREEN_CUSTOM,
  LOCK_SCREEN_LINE_MAX,
  LOCK_SCREEN_STYLES,
  MAX_MINT_COUNT,
  REPRINT_MAX_COPIES,
  REPRINT_MAX_LABELS,
  MINT_PASSWORDS_KEPT_MINUTES,
  MAX_PRODUCTS,
  PRODUCT_NAME_MAX,
  PRODUCT_RENAME_MAX,
  TOKEN_CLAIM_LOCK_HOURS,
  TOKEN_LENGTH,
  TOKEN_PASSWORD_MAX,
  unlockDigitsOf,
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
    tagbackUser: { title: "Tagback user" },
    // An address longer than SMTP carries (core/email-address.ts), on every form that takes one.
    emailTooLong: { title: `That e-mail address is too long: at most ${EMAIL_MAX_LENGTH} characters, ${EMAIL_LOCAL_MAX_LENGTH} of them before the @.` },
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
    // Shown before the finder types, when only the digits are locked for them.
    tokenStillWorks: { title: `The full ${TOKEN_LENGTH}-digit token printed on the sticker still works.` },
  },
  /**
   * The scan result (the dialog on /, /about, /findowner): the owner's public profile, the honest
   * miss, the unactivated sticker. `{name}` is filled in by app/i18n/messages.ts.
   */
  scan: {
    dialogTitle: { title: "Owner Found at the product" },
    close: { title: "Close" },
    ownerInfo: { title: "Owner Info" },
    ownerProducts: { title: "Owner Products" },
    noProducts: { title: "No products listed." },
    noBio: { title: "The owner has not added any info yet." },
    hidden: { title: "The owner has hidden this information." },
    digitsToRead: { title: `Enter digits 5 to 8 of the ${TOKEN_LENGTH}-digit token printed on the sticker to read it.` },
    digitsToReadAndContacts: {
      title: `Enter digits 5 to 8 of the ${TOKEN_LENGTH}-digit token printed on the sticker to read it and the contact details the owner shares with signed-in finders.`,
    },
    tokenToRead: { title: `Enter the full ${TOKEN_LENGTH}-digit token printed on the sticker to read it.` },
    tokenToReadAndContacts: {
      title: `Enter the full ${TOKEN_LENGTH}-digit token printed on the sticker to read it and the contact details the owner shares with signed-in finders.`,
    },
    digitsToSee: { title: `Enter digits 5 to 8 of the ${TOKEN_LENGTH}-digit token printed on the sticker to see them.` },
    tokenToSee: { title: `Enter the full ${TOKEN_LENGTH}-digit token printed on the sticker to see them.` },
    sharesMore: { title: "The owner shares more contact details with signed-in finders." },
    contactTitle: { title: "Contact the owner" },
    contactSms: { title: "SMS" },
    contactCall: { title: "Call" },
    contactTelegram: { title: "Telegram" },
    contactWhatsapp: { title: "WhatsApp" },
    sharedTitle: { title: "Shared with signed-in finders" },
    email: { title: "E-mail" },
    mobile: { title: "Mobile" },
    reportQuestion: { title: "Something wrong with this profile?" },
    reportLink: { title: "Report it" },
    reportSentence: { title: "{link} and we will look into it." },
    openProfile: { title: "Open Profile" },
    makeTweet: { title: "Make a Tweet" },
    copyTweet: { title: "Copy tweet template" },
    // Message owner (a chat through Tagback, for finders with an account).
    messageTitle: { title: "Contact the owner through Tagback" },
    messagePrivate: { title: "Your phone number and e-mail stay private." },
    messageOwner: { title: "Message owner" },
    messageSignIn: { title: "You will be asked to sign in first, then come back to this page." },
    // The unlock form.
    stickerToken: { title: "Sticker token" },
    tokenPlaceholder: { title: `${TOKEN_LENGTH} digits` },
    unlockDigits: { title: "Unlock digits" },
    digitsPlaceholder: { title: `${UNLOCK_DIGIT_COUNT} digits` },
    checking: { title: "Checking…" },
    unlockButton: { title: "Unlock" },
    demoSwitch: { title: `Show Owner Info without unlock digits (demo: digits are ${unlockDigitsOf(DEMO_TOKEN)})` },
    apply: { title: "Apply" },
    shareLocation: { title: "Share my location with the owner" },
    shareLocationHelp: { title: "Helps the owner know where their item is. Nothing is sent unless you press it." },
    locationShared: { title: "Your location was shared with the owner." },
    locationFailed: { title: "Your location could not be shared." },
    // A miss: no owner for that number (unknown, or not verified), said plainly.
    missTitle: { title: "No owner found" },
    missMetroCard: { title: "No Tagback owner is registered for the metro card number {number}." },
    missToken: { title: "No Tagback owner is registered for the token {number}." },
    nextSteps: { title: "What you can do" },
    checkNumber: {
      title: `Check the number and search again: a token has ${TOKEN_LENGTH} digits and is printed on the sticker; a metro card number is printed on the card.`,
    },
    metroCounter: { title: "Found a metro card? Hand it in at the lost-and-found counter (customer care) of any metro station." },
    otherItem: { title: "Found something else? Hand it in where you found it (a shop, an office, a station) or at the nearest police station." },
    searchAgain: { title: "Search again" },
    // A minted sticker nobody has claimed yet (docs/decisions/011).
    notActivatedTitle: { title: "This sticker is not activated yet" },
    notActivatedLead: { title: "Nobody has activated this sticker yet, so there is no owner to reach through it." },
    yoursTitle: { title: "Is this your sticker?" },
    yoursSteps: { title: "Sign in, open Token and claim it with the password from your sticker pack. It takes about 2 minutes." },
    activate: { title: "Sign in to activate" },
    foundTitle: { title: "Found it on something?" },
    greeting: { title: "Hi! I found something of yours through Tagback." },
    tweet: { title: "Hey @{username}, I found your lost product. Reach me through Tagback so I can return it! #Tagback" },
    tweetWithCard: { title: "Hey @{username}, I found your lost product with metro card number {card}. Reach me through Tagback so I can return it! #Tagback" },
  },
  /** The search form and the /findowner page around it. */
  search: {
    whatFound: { title: "What did you find?" },
    typeMetroCard: { title: "Metro Card" },
    typeToken: { title: "Other Products" },
    numberMetroCard: { title: "Metro card number" },
    numberToken: { title: `${TOKEN_LENGTH}-digit token` },
    metroPlaceholder: { title: `${METRO_CARD_MIN} to ${METRO_CARD_MAX} digits` },
    findOwner: { title: "Find Owner" },
    searching: { title: "Searching…" },
    scanDemo: { title: "Scan demo" },
    pageTitle: { title: "Find the owner" },
    pageIntro: {
      title: `Found a metro card, laptop, keys or bag with a Tagback sticker? Type the metro card number or the ${TOKEN_LENGTH}-digit token printed on the sticker. Search is instant and needs no account.`,
    },
    metaTitle: { title: "Find the owner | Tagback" },
    metaDescription: { title: "Found something with a Tagback sticker? Type its metro card number or token to reach the owner." },
    contactUs: { title: "Contact us" },
    // The Contact us menu's items (its networks' names stay as they are).
    messageUsOn: { title: "Message us on {network}" },
    chatOnWhatsApp: { title: "Chat on WhatsApp" },
    buyStickers: { title: "Buy Stickers" },
    // Under a search result on / and /about: the way to the full page.
    visitHome: { title: "What is Tagback? Visit the home page" },
    readAbout: { title: "Read more about Tagback" },
  },
  /** Site chrome every page shares: skip link, language switch, not-found and error pages, header, footer. */
  site: {
    skipToContent: { title: "Skip to content" },
    language: { title: "Language" },
    languageNote: {
      title: "In Hindi, Marathi, Bengali, Tamil, Telugu and Kannada: finding an owner (search, result, unlock, messaging the owner). Other pages are in English.",
    },
    notFoundTitle: { title: "Page not found" },
    notFoundText: { title: "The page you are looking for doesn't exist or has moved." },
    notFoundMetaTitle: { title: "Page not found | Tagback" },
    returnHome: { title: "Return Home" },
    readBlog: { title: "Read Our Blog" },
    errorStatus: { title: "Error {status}" },
    errorTitle: { title: "Something went wrong" },
    accessDenied: { title: "Access denied" },
    errorText: { title: "Something went wrong on our side. Please try again in a moment." },
    // The plain-text answers given before the app runs (server/main.ts): a form sent from another
    // site, and a body over the size limit.
    crossSiteRefused: { title: "Cross-site request refused.", description: "This form was sent from another website. Open Tagback and send it from there." },
    bodyTooLarge: { title: "Request body too large.", description: "What you sent is too large. Shorten it and try again." },
    // The header.
    menu: { title: "Menu" },
    sectionsNav: { title: "Sections" },
    onThisPage: { title: "On this page" },
    followTagback: { title: "Follow Tagback" },
    mainNav: { title: "Main" },
    mainNavSmall: { title: "Main (small screens)" },
    navMain: { title: "Main" },
    navBlog: { title: "Blog" },
    navPuzzle: { title: "Puzzle" },
    navPrivacy: { title: "Privacy" },
    secHome: { title: "Home" },
    secFindOwner: { title: "Find Owner" },
    secFeatures: { title: "Features" },
    secHowItWorks: { title: "How It Works" },
    secTeam: { title: "Team" },
    secBlog: { title: "Blog" },
    secFaq: { title: "FAQ" },
    stickers: { title: "Stickers" },
    start: { title: "Start" },
    startMore: { title: "— your Tagback account" },
    profile: { title: "Profile" },
    // The footer.
    footerTagline: { title: "QR stickers that bring lost things home. No app needed to return an item." },
    socialList: { title: "Tagback on social media" },
    socialLink: { title: "Tagback on {network}" },
    quickLinks: { title: "Quick links" },
    buyStickers: { title: "Buy Stickers" },
    companyNav: { title: "Company and legal" },
    about: { title: "About" },
    privacyPolicy: { title: "Privacy Policy" },
    terms: { title: "Terms and Conditions" },
    refundPolicy: { title: "Refund Policy" },
    shareHeading: { title: "Share Tagback" },
    shareOn: { title: "Share on {network}" },
    madeInIndia: { title: "Made in India" },
    supportGreeting: { title: "Hi Tagback, I have a question" },
    chooseLanguage: { title: "Choose a language from the list." },
    shareText: { title: "Tagback: QR stickers that bring lost things home" },
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
    lineSaved: { title: "Lock-screen line saved", description: "Your cards carry it from now on: download them again." },
    lineReset: { title: "Lock-screen line reset", description: "Your cards carry the default line again." },
    lineTooLong: { title: "Line too long", description: `The line must be at most ${LOCK_SCREEN_LINE_MAX} characters.` },
    lineCharacters: {
      title: "Line not printable",
      description: "The card prints English and Hindi letters, digits and common punctuation; remove the other characters (emoji, other scripts).",
    },
    cardSize: { title: "Card size", description: "Give the size as width x height in pixels, e.g. 1080x2400." },
    cardWidth: {
      title: "Card size",
      description: `The width of a custom size is ${LOCK_SCREEN_CUSTOM.minWidth} to ${LOCK_SCREEN_CUSTOM.maxWidth} pixels.`,
    },
    cardHeight: {
      title: "Card size",
      description: `The height of a custom size is ${LOCK_SCREEN_CUSTOM.minHeight} to ${LOCK_SCREEN_CUSTOM.maxHeight} pixels.`,
    },
    cardRatio: {
      title: "Card size",
      description: `A card is portrait: its height is ${LOCK_SCREEN_CUSTOM.minRatio} to ${LOCK_SCREEN_CUSTOM.maxRatio} times its width.`,
    },
    cardStyle: { title: "Card style", description: `Choose the style: ${LOCK_SCREEN_STYLES.join(" or ")}.` },
    badCopies: { title: "Copies", description: `Choose 1 to ${REPRINT_MAX_COPIES} copies of each sticker.` },
    tooManyLabels: { title: "Too many labels", description: `At most ${REPRINT_MAX_LABELS} labels at once: choose fewer copies.` },
    noVerifiedTokens: { title: "No stickers to print", description: "Verify a token first: only your verified tokens are printed." },
    printsLimited: { title: "Too many prints", description: "Please wait a minute before printing again." },
    printBusy: { title: "Still printing", description: "Your last card or sheet is still being drawn: try again in a few seconds." },
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
    minted: {
      title: "Batch minted",
      description: `Download the passwords now: they are offered only this once, for ${MINT_PASSWORDS_KEPT_MINUTES} minutes.`,
    },
    minting: { title: "Minting", description: "You can leave this page: minting goes on, and the batch waits here." },
    mintFailed: { title: "Minting failed", description: "No sticker of this batch was kept. Mint the batch again." },
    passwordsGone: {
      title: "Passwords no longer offered",
      description: "They were downloaded, or not downloaded in time. Tagback keeps only their hashes.",
    },
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
    googleNotConfigured: { title: "Google sign-in is not configured on this server. Continue with e-mail below." },
    googleStartFailed: { title: "Error signing in with Google" },
    googleFailed: { title: "Authentication Error", description: "We could not sign you in with Google. Please try again." },
    // Sign-in with a code by e-mail (app/routes/auth_.code.tsx, features/account/sign-in-codes.server.ts).
    codeFormat: { title: `Enter the ${SIGN_IN_CODE_DIGITS} digits from the mail.` },
    codeWrong: {
      title: "That code is not right",
      description: `Check the code in the latest mail and try again. After ${CODE_WRONG_TRIES_MAX} wrong tries the code stops working.`,
    },
    codeTriesUsed: {
      title: "Too many wrong codes",
      description: `That was the last of ${CODE_WRONG_TRIES_MAX} tries: this code no longer works. Ask for a new code.`,
    },
    codeDead: {
      title: "This code no longer works",
      description: "It has expired, was used already, was replaced by a newer code, or was typed wrong too many times. Ask for a new code.",
    },
    codesPerAddress: {
      title: "Too many codes for this address",
      description: `We send at most ${CODES_PER_ADDRESS_PER_HOUR} codes to one address in an hour. Use the latest code you have, or try again later.`,
    },
    codePostsPerClient: { title: "Too many tries", description: "Too many sign-in attempts from your network. Please try again in an hour." },
    codesUnavailable: { title: "Sign-in by e-mail is not available on this server.", description: "It has no mail delivery configured. Please sign in another way." },
    // Passkeys (features/account/passkeys.server.ts): /settings and the sign-in button on /auth.
    passkeyAdded: { title: "Passkey added", description: "Next time, sign in with it in one tap." },
    passkeyRemoved: { title: "Passkey removed", description: "It no longer signs in to this account." },
    passkeyNotFound: { title: "Passkey not found", description: "It was removed already." },
    passkeyAddFailed: { title: "The passkey was not added", description: "Your device did not finish, or the request had expired. Nothing was saved; please try again." },
    passkeyTooMany: { title: "The passkey was not added", description: `An account holds at most ${PASSKEYS_PER_ACCOUNT} passkeys. Remove one first.` },
    passkeyCancelled: { title: "Cancelled", description: "Nothing was changed." },
    passkeyNeedsName: {
      title: "Passkeys need the site's name",
      description: "This page was opened at an IP address, where browsers do not allow passkeys. Open it at the site's name to use one; nothing was changed.",
    },
    passkeyOpenAtLocalhost: { title: "Open this page at localhost" },
    passkeyUnknown: {
      title: "This passkey does not open any account",
      description: "It may have been removed from its account. Sign in another way, then add a new passkey in Settings.",
    },
    passkeySignInFailed: { title: "Passkey sign-in failed", description: "Your device did not finish, or the request had expired. Please try again." },
    passkeyBusy: { title: "Too many passkey requests", description: "Please try again in an hour, or sign in another way." },
    // The link in the confirmation mail.
    emailConfirmed: { title: "Email confirmed", description: "You can sign in now." },
    badConfirmLink: { title: "Authentication Error", description: "This confirmation link is invalid or was already used." },
  },
  /** Delete my account in the Danger Zone of /settings (issue 25; app/features/account/erasure.server.ts). */
  deleteAccount: {
    confirmMismatch: { title: "Account not deleted", description: "To confirm, type your account's e-mail address exactly as shown. Nothing was changed." },
    lastAdmin: {
      title: "Account not deleted",
      description: "You are Tagback's last admin. Grant another admin first (npm run admin -- grant EMAIL), then delete your account.",
    },
    failed: { title: "Account not deleted", description: "Something went wrong, and nothing was deleted. Please try again." },
  },
  /** Messaging on /messaging (spec 001 §2, §5 "Messaging", §8; spec 000 §8; app/features/messaging/). */
  messaging: {
    // Loading (spec 001 §8).
    loadConversationsFailed: { title: "Failed to load your conversations." },
    loadConversationFailed: { title: "Failed to load conversation." },
    loadMessagesFailed: { title: "Failed to load messages." },
    // Starting a conversation.
    startFailed: { title: "Failed to start conversation." },
    fetchUserFailed: { title: "Failed to fetch user profile." },
    openFailed: { title: "Failed to open conversation with this user." },
    createFailed: { title: "Error", description: "Failed to create conversation." },
    notYourself: { title: "Failed to start conversation.", description: "You cannot start a conversation with yourself." },
    conversationLimit: {
      title: "Failed to start conversation.",
      description: `You can start up to ${NEW_CONVERSATIONS_PER_DAY} new conversations a day. Please try again tomorrow.`,
    },
    // The search by metro card or token (spec 001 §5 "Messaging").
    badMetroCard: {
      title: "Invalid Metro Card number.",
      description: `Enter ${SEARCH_MIN_DIGITS} to ${SEARCH_METRO_MAX_DIGITS} digits.`,
    },
    badToken: { title: "Invalid Tagback Token.", description: `Enter ${SEARCH_MIN_DIGITS} to ${SEARCH_TOKEN_MAX_DIGITS} digits.` },
    userNotFound: { title: "User Not Found", description: "No user found with this Metro Card number or Tagback Token." },
    // Writing and sending.
    empty: { title: "Failed to send message.", description: "Please write a message first." },
    tooLong: { title: "Failed to send message.", description: `A message can be at most ${MESSAGE_MAX_LENGTH} characters.` },
    nsfwWarning: { title: "NSFW Content Detected: This message contains inappropriate words..." },
    notSent: { title: "Message not sent", description: "Please keep conversations respectful and avoid inappropriate content." },
    sendFailed: { title: "Failed to send message." },
    threadClosed: { title: "Message not sent", description: "You closed this conversation: the finder can no longer read it." },
    messageLimit: {
      title: "Failed to send message.",
      description: `You can send up to ${MESSAGES_PER_MINUTE} messages a minute. Please wait a moment.`,
    },
    // Deleting.
    deleted: { title: "Conversation deleted" },
    deleteFailed: { title: "Failed to delete conversation." },
    // Live updates.
    tooManyStreams: { title: `Too many open live connections (at most ${STREAMS_PER_USER}). Close a tab or refresh.` },
  },
  /**
   * Lost mode in the scan result (/, /about, /findowner, /found): what a finder sees first while
   * the owner's report of the item is pending (app/features/lost-found/lost-notice.tsx).
   */
  lostMode: {
    title: { title: "The owner has reported this item lost" },
    lead: { title: "Thank you for finding it. Please contact the owner with the options below." },
    message: { title: "Message from the owner" },
    reward: { title: "Reward" },
  },
  /** Lost items on /lost and /lost-found (spec 001 §5 "Lost items", §8; app/features/lost-found/). */
  lost: {
    selectItem: { title: "Missing Information", description: "Please select an item to report." },
    missingFields: { title: "Missing Information", description: "Please fill in all fields." },
    badMetroCard: {
      title: "Invalid Metro Card Number",
      description: `Metro card number must be between ${METRO_CARD_MIN}-${METRO_CARD_MAX} digits.`,
    },
    badToken: { title: "Invalid Tagback Token", description: `Tagback Token must be exactly ${TOKEN_LENGTH} characters.` },
    badType: { title: "Invalid Input", description: "Choose a metro card or a product." },
    badDate: { title: "Invalid Input", description: "Enter the date you lost it: a real date, not in the future." },
    nameTooLong: { title: "Invalid Input", description: `The item name must be at most ${LOST_NAME_MAX} characters.` },
    messageTooLong: { title: "Invalid Input", description: `The message to finders must be at most ${LOST_NOTE_MAX} characters.` },
    rewardTooLong: { title: "Invalid Input", description: `The reward must be at most ${LOST_NOTE_MAX} characters.` },
    alreadyProduct: { title: "Already Reported", description: "This product is already reported as lost." },
    alreadyMetro: { title: "Already Reported", description: "This metro card is already reported as lost." },
    notYourItem: { title: "Failed to add lost item", description: "This item is not registered to you any more. Pick one from the list." },
    addFailed: { title: "Failed to add lost item", description: "Please try again in a moment." },
    submissionFailed: { title: "Submission Failed", description: "Please correct the fields marked below." },
    signInRequired: { title: "Authentication Required", description: "Please sign in to report lost items." },
    marked: { title: "Item Marked as Lost", description: "Finders who scan or search it see your message first." },
    submitted: { title: "Report Submitted", description: "Finders who scan or search it see your message first." },
    recovered: { title: "Item Recovered", description: "Finders see your profile as usual again." },
    pendingAgain: { title: "Item Marked as Lost", description: "The report is pending again." },
    deleted: { title: "Item Deleted" },
    updateFailed: { title: "Failed to update item status", description: "This report is not yours, or it was deleted." },
    deleteFailed: { title: "Failed to delete the item", description: "This report is not yours, or it was deleted." },
    loadItemsFailed: { title: "Failed to load your lost items." },
    loadRegisteredFailed: { title: "Failed to load your registered items." },
  },
  /** The owner search on /found and in the 'Found an Item' tab of /lost-found (spec 001 §5 "Found search"). */
  found: {
    missing: { title: "Missing Information", description: "Please enter an identifier to search." },
    badMetroCard: {
      title: "Invalid Metro Card Number",
      description: `Metro card number must be between ${METRO_CARD_MIN} and ${METRO_CARD_MAX} digits.`,
    },
    badToken: { title: "Invalid Tagback Token", description: `Tagback token must be exactly ${TOKEN_LENGTH} digits.` },
    badEither: {
      title: "Invalid Input",
      description: `Please enter a valid Metro Card number (${METRO_CARD_MIN}-${METRO_CARD_MAX} digits) or Tagback Token (${TOKEN_LENGTH} characters).`,
    },
    claimed: { title: "Token Claimed", description: "The token is now registered to you." },
  },
  /** QR codes: the camera scanner and the photo upload on /found (spec 001 §5 "QR content", §8 "Scanner"). */
  qr: {
    notTagback: { title: "Invalid QR Code", description: "This QR code is not from Tagback." },
    missing: { title: "Invalid QR Code", description: "QR code does not contain valid Tagback information." },
    unknownType: { title: "Invalid QR Code", description: "Unknown QR code type detected." },
    unparsable: { title: "Invalid QR Code", description: "Could not parse QR code data." },
    scannerError: {
      title: "Scanner Error",
      description: "Could not initialize QR scanner. Please ensure camera permissions are granted.",
    },
    torchError: { title: "Torch Error", description: "Could not toggle camera flash. Your device may not support this feature." },
    timeout: {
      title: "No QR code found",
      description: `Nothing was read in ${SCAN_TIMEOUT_MS / 1000} seconds. Hold the code inside the square in good light, or upload a photo of it.`,
    },
    photoMissing: { title: "No photo", description: "Choose a photo of the QR code to upload." },
    photoNotImage: { title: "Not a photo", description: "Upload a photo of the QR code as a JPEG or PNG image." },
    photoTooBig: { title: "Photo too large", description: `The photo can be at most ${PHOTO_MAX_BYTES / (1024 * 1024)} MB.` },
    photoNoQr: {
      title: "No QR code found",
      description: "No QR code could be read in this photo. Take it closer, in good light, with the whole code in the picture.",
    },
    photoBusy: { title: "Too many photos right now", description: "Many photos are being read at the moment. Please try again in a minute." },
    photoTooMany: {
      title: "Too many photos",
      description: `You can upload up to ${PHOTO_DECODES_PER_MINUTE} photos a minute. Please try again in a moment.`,
    },
  },
  /**
   * "I found this" (issue 12; app/features/finder-contact/): the form a finder sends without an
   * account, and their private thread page. Finder-facing, so translated in hi.ts.
   */
  contact: {
    button: { title: "I found this — message the owner" },
    buttonHelp: { title: "No account needed. Your e-mail and phone number stay private." },
    metaTitle: { title: "Message the owner | Tagback" },
    pageTitle: { title: "Message the owner" },
    lead: { title: "Write to {name} without an account. Only the owner reads your message." },
    messageLabel: { title: "Your message" },
    messagePlaceholder: { title: "For example: Found your keys at Rajiv Chowk, gate 2" },
    messageHelp: { title: `At most ${FINDER_MESSAGE_MAX} characters.` },
    contactLabel: { title: "How can the owner reach you? (optional)" },
    contactHelp: {
      title: "An e-mail address or a phone number. Only the owner sees it, never the public. With an e-mail we also send you your private link.",
    },
    foundWhereLabel: { title: "Where did you find it? (optional)" },
    handoverLegend: { title: "How will you hand it back?" },
    handoverKeep: { title: "I'll keep it until you reply" },
    handoverMetroCounter: { title: "I'll leave it at the metro station's lost-and-found counter" },
    handoverPolice: { title: "I'll hand it to the police" },
    handoverPlace: { title: "I'll leave it at this place:" },
    placeLabel: { title: "The place" },
    honeypotLabel: { title: "Leave this field empty" },
    send: { title: "Send to the owner" },
    sending: { title: "Sending…" },
    backToProfile: { title: "Back to the owner's profile" },
    // Refusals of the form (each a 4xx; nothing is stored).
    messageEmpty: { title: "Please write a message." },
    messageTooLong: { title: `Your message can be at most ${FINDER_MESSAGE_MAX} characters.` },
    notSent: { title: "Message not sent", description: "Please keep conversations respectful and avoid inappropriate content." },
    badContact: { title: "Enter an e-mail address or a phone number, or leave this empty." },
    textTooLong: { title: `At most ${FOUND_WHERE_MAX} characters.` },
    handoverRequired: { title: "Choose how you will hand it back." },
    placeRequired: { title: `Type the place where you will leave it (at most ${HANDOVER_PLACE_MAX} characters).` },
    tooFast: { title: "Message not sent", description: "That was very quick. Please read your message once more and send it again." },
    expired: { title: "Message not sent", description: "This form was open too long. Please send your message again." },
    refused: { title: "Message not sent", description: "Your message could not be sent. Please try again." },
    clientLimit: {
      title: "Message not sent",
      description: `At most ${FINDER_MESSAGES_PER_CLIENT_PER_HOUR} messages an hour can be sent from one connection. Please try again later.`,
    },
    ownerLimit: {
      title: "Message not sent",
      description: "This owner has received many messages today. Please try again tomorrow, or hand the item in at a lost-and-found counter.",
    },
    formUsed: {
      title: "Message not sent",
      description: "This form has already sent a message. To send this one as well, press “Send to the owner” again.",
    },
    linkMailLimit: {
      title: "Message not sent",
      description: `This e-mail address has already been sent ${FINDER_LINK_MAILS_PER_ADDRESS_PER_DAY} private links today. Send your message without it, or give a phone number: your private link is shown on the next page.`,
    },
    sendFailed: { title: "Message not sent", description: "Something went wrong. Please try again." },
    notFoundTitle: { title: "No owner to message" },
    notFoundLead: { title: "There is no Tagback owner for this number, so there is nobody to message." },
    // The private thread page (/f/{secret}).
    threadTitle: { title: "Your messages with {name}" },
    sentNotice: { title: "Message sent." },
    ownerNotified: { title: "The owner was notified at {time}." },
    ownerBeingTold: { title: "Telling the owner now…" },
    ownerStillTrying: { title: "We are still trying to reach the owner. Your message is saved; they will get it as soon as we reach them." },
    ownerNotReached: { title: "We could not reach the owner by e-mail. Your message is saved and waits for them in Tagback." },
    linkTitle: { title: "Your private link" },
    linkHelp: {
      title: "Keep this link: it is your way back to this conversation without an account. Anyone with it can read the conversation, so do not share it.",
    },
    linkMailed: { title: "We also sent it to the e-mail address you gave." },
    copyLink: { title: "Copy link" },
    copied: { title: "Copied" },
    stateSent: { title: "Sent — not read yet" },
    stateRead: { title: "Read by the owner" },
    stateAnswered: { title: "The owner answered" },
    you: { title: "You" },
    owner: { title: "Owner" },
    yourHandover: { title: "You said:" },
    replyLabel: { title: "Your answer" },
    replyPlaceholder: { title: "Type a message" },
    replyHelp: { title: `At most ${MESSAGE_MAX_LENGTH} characters.` },
    replySend: { title: "Send" },
    replyTooLong: { title: `A message can be at most ${MESSAGE_MAX_LENGTH} characters.` },
    replyLimit: { title: "Too many messages. Please wait a little and try again." },
    refresh: { title: "Refresh" },
    live: { title: "Live" },
    connecting: { title: "Connecting…" },
    linkGoneTitle: { title: "This link does not work" },
    linkGoneLead: { title: "The link is wrong, or the owner has closed this conversation or deleted their account." },
    mailSubject: { title: "Your private link to the owner's answers" },
    mailSent: { title: "Your message was sent to the owner through Tagback." },
    mailLink: { title: "Your private link, to read the owner's answers and reply: {link}" },
    mailKeep: { title: "Keep it to yourself: anyone with this link can read the conversation." },
    // The owner's answer, mailed to a finder who left an e-mail address (features/finder-contact/finder-mail.ts).
    answerMailSubject: { title: "The owner answered you" },
    answerMailLead: { title: "The owner of the item you found ({item}) answered you through Tagback:" },
    answerMailRead: { title: "Read the whole conversation and reply through your private link: it is in our first e-mail to you (\"{subject}\")." },
    foundWhereShown: { title: "Where you found it:" },
  },
  /** The owner's side of "I found this": alerts in /settings, the thread in /messaging. English only. */
  finderContact: {
    finderName: { title: "Finder (no account)" },
    badBackupEmail: { title: "Enter a valid e-mail address, or leave it empty to remove it." },
    backupSaved: { title: "Backup e-mail saved" },
    backupRemoved: { title: "Backup e-mail removed" },
    scanAlertsOn: { title: "Scan alerts on" },
    scanAlertsOff: { title: "Scan alerts off" },
    closed: { title: "Conversation closed", description: "The finder's private link no longer works." },
    closeFailed: { title: "Failed to close the conversation." },
  },
  /** Push notifications in /settings → Notifications (decision 035). English only, like the owner's side. */
  push: {
    subscribed: { title: "Notifications on for this device" },
    removed: { title: "Device removed", description: "It gets no more notifications from Tagback." },
    channelsSaved: { title: "Notification choices saved" },
    previewsOn: { title: "Previews on", description: "Notifications show the first words of a finder's message." },
    previewsOff: { title: "Previews off", description: "Notifications say what happened, never what a finder wrote." },
    badSubscription: { title: "This device could not be turned on. Please try again." },
    unknownPushService: {
      title: "This browser's push service is not one Tagback sends to.",
      description: "Alerts keep coming by e-mail. Chrome, Edge, Firefox and Safari work.",
    },
    badChoice: { title: "Choose how each alert reaches you, then save." },
    tooManyDevices: { title: "Too many devices", description: "Remove a device you no longer use, then try again." },
    unavailable: { title: "Push notifications are not set up on this server: alerts come by e-mail." },
  },
  /** The puzzle's answer form (spec 001 §5 "Puzzle"). */
  puzzle: {
    answerRequired: { title: "Enter a name", description: "Type the thief's name to check your answer." },
    answerTooLong: {
      title: "Answer too long",
      description: `The answer can be at most ${PUZZLE_ANSWER_MAX} characters: letters, digits and spaces.`,
    },
  },
  /** A code link opened where it was not asked for (app/routes/auth_.code.tsx): the account is named, and a tap confirms. */
  codeLink: {
    signInAs: {
      title: "Sign in as {account}?",
      description: "This link signs this browser in to that account. If the account is not yours, or you did not ask for a code, close this page: nothing happens until you tap Sign in.",
    },
    switchAccount: {
      title: "You are signed in as {current}. Sign out and sign in as {account}?",
      description: "Nothing changes until you tap the button.",
    },
  },
  /** "Share where I am" on the finder's form and private page (issue 49). In every finder language. */
  findLocation: {
    share: { title: "Share my location" },
    help: { title: "Optional. Your phone asks you first. The owner sees it rounded to about 50 m, as a map link." },
    locating: { title: "Finding your location…" },
    attached: { title: "Your location is attached (within about {metres} m)." },
    remove: { title: "Remove location" },
    denied: { title: "Location not shared: your phone did not allow it. You can type the place instead." },
    unavailable: { title: "Your location could not be found. You can type the place instead." },
    bad: { title: "The location could not be read. Share it again, or send without it." },
    tooVague: { title: `Your phone's location is too imprecise to help (more than ${LOCATION_MAX_ACCURACY_M / 1000} km). Type the place instead.` },
    shareLead: { title: "Share where you are now, so the owner can find you." },
    shared: { title: "You shared your location at {time} (within about {metres} m). The owner sees it as a map link." },
    withdraw: { title: "Withdraw my location" },
  },
  /** "I got it back" as the finder reads it: their private page and the one mail (issue 49). In every finder language. */
  returns: {
    returned: { title: "Returned to its owner — thank you" },
    returnedLead: { title: "The owner has the item back. This conversation is closed to new messages." },
    ownerNote: { title: "The owner wrote:" },
    closed: { title: "This conversation is closed: the owner has the item back." },
    mailSubject: { title: "Returned to its owner — thank you" },
    mailLead: { title: "The owner of the item you found ({item}) has it back and marked it returned on Tagback. Thank you for helping it home." },
    mailNote: { title: "They wrote:" },
  },
  /** The owner's side of "I got it back", and the admin's counts (issue 49). English only. */
  returnsOwner: {
    marked: { title: "Marked returned", description: "The finder's page says so, and the conversation is closed to new messages. You can undo this for a day." },
    undone: { title: "Return undone", description: "The conversation is open again, and lost mode is back if it ended." },
    undoTooLate: { title: "It stays returned", description: "Undo is possible for a day after marking the item returned." },
    notOpen: { title: "This conversation cannot be marked returned: it is closed, or already returned." },
    noteTooLong: { title: `A thank-you line can be at most ${THANK_YOU_MAX} characters.` },
    threadReturned: { title: "This conversation is closed: you marked the item returned." },
    thresholdSaved: { title: "Saved" },
    thresholdBad: { title: `Enter a whole number from 1 to ${RETURNS_SHOWN_FROM_MAX.toLocaleString("en-IN")}, or leave it empty to never show the count.` },
  },
  /**
   * Every mail to an account, in the account's own language (issue 48, decision 048): a finder's
   * message and their later ones, scan alerts, sign-in codes, the developer-mode confirmation.
   * Composed by features/finder-contact/owner-mail.ts and features/account/account-mail.ts. Slots
   * take what is not ours to translate: numbers, links, a finder's words, a place's name.
   */
  ownerMail: {
    itemToken: { title: "Token {number}" },
    itemMetroCard: { title: "Metro card {number}" },
    // A finder's first message ("I found this").
    contactSubject: { title: "Found: {item} — {handover}" },
    contactLead: { title: "Someone found your item ({item}) and wrote to you through Tagback." },
    contactHandover: { title: "How they will hand it back: {handover}" },
    contactFoundWhere: { title: "Where they found it: {place}" },
    contactReach: { title: "How to reach them: {contact}" },
    locationLead: { title: "Where they are (shared from their phone, within about {metres} m):" },
    locationMapApp: { title: "  Open in your map app: {link}" },
    locationOsm: { title: "  OpenStreetMap: {link}" },
    contactMessage: { title: "Their message:" },
    answerHere: { title: "Answer them here (sign in to Tagback): {link}" },
    contactNoAccount: { title: "The finder has no Tagback account; they read your answers through a private link." },
    // The finder's later messages.
    replySubject: { title: "The finder wrote again: {item}" },
    replyLead: { title: "The finder of your item ({item}) wrote again:" },
    // Scan alerts (opt-in in Settings).
    scanSubject: { title: "Your {item} was just scanned" },
    scanLead: { title: "Someone just opened your Tagback profile by its {item}." },
    scanWhen: { title: "When: {time} IST, {date}" },
    scanPlace: { title: "Approximate place: {place}" },
    scanPlaceUnknown: { title: "unknown" },
    scanNext: { title: "If you lost this item, the finder may write to you next: you will get another e-mail then." },
    scanHistory: { title: "Your search history: {link}" },
    scanLimit: { title: "You get at most one of these an hour. Turn them off in Settings: {link}" },
    // Signing in (features/account/sign-in-codes.server.ts, password-accounts.server.ts).
    codeSubject: { title: "Your Tagback sign-in code: {code}" },
    codeLead: { title: "Your Tagback sign-in code is {code}" },
    codeLink: { title: "Or open this link to sign in:" },
    codeValid: { title: "The code works once, for {minutes} minutes. If you did not ask for it, ignore this mail: nobody can sign in without it." },
    confirmSubject: { title: "Confirm your Tagback account" },
    confirmLead: { title: "Welcome to Tagback! Confirm your e-mail address by opening this link:" },
    confirmIgnore: { title: "If you did not sign up, ignore this message." },
    againSubject: { title: "Your Tagback account" },
    againText: { title: "Someone tried to sign up to Tagback with this address. You already have an account: sign in at {link}." },
  },
  /**
   * Every push to an owner's devices, in the account's language. A push names what happened and
   * never a finder's words unless the owner turned previews on (the preview is then the body).
   */
  ownerPush: {
    location: { title: "Location: {link}" },
    contactTitle: { title: "Someone found your {item}" },
    contactBody: { title: "Tap to answer." },
    scanBody: { title: "Tap to see your search history." },
    finderAgainTitle: { title: "The finder wrote to you again" },
    messageTitle: { title: "New message on Tagback" },
    messageBody: { title: "Tap to read it." },
  },
  /** The account's language, in /settings (and set by the language switch while signed in). */
  accountLanguage: {
    heading: { title: "Language" },
    lead: { title: "Tagback writes your e-mails and notifications in this language, whoever they come from. The language switch at the foot of every page changes it too." },
    label: { title: "Language of e-mails and notifications" },
    save: { title: "Save language" },
    saved: { title: "Language saved", description: "Your e-mails and notifications come in {language} from now on." },
  },
  /** Titles and descriptions of the public pages, as search results and link previews show them. */
  meta: {
    homeTitle: { title: "Tagback | QR stickers that bring lost things home" },
    homeDescription: {
      title: "Put a Tagback QR sticker on your metro card, laptop, keys or bag. Whoever finds it scans the code and reaches you - no app, no account. ₹{price} a sticker.",
    },
    aboutTitle: { title: "About Tagback | How QR stickers return lost things" },
    aboutDescription: {
      title: "How Tagback works: a QR sticker on your things, a finder with any phone, and a profile that shows only what you chose. Try the demo.",
    },
    blogTitle: { title: "Blog | Tagback" },
    blogDescription: {
      title: "Tagback's blog: how to keep your metro card, laptop, keys and bags safe, and what to do when you lose or find something.",
    },
    blogName: { title: "Tagback Blog" },
    blogErrorTitle: { title: "Error loading blog posts | Tagback Blog" },
    postTitle: { title: "{post} | Tagback Blog" },
    postNotFoundTitle: { title: "Blog Post Not Found | Tagback Blog" },
    postErrorTitle: { title: "Error loading blog post | Tagback Blog" },
    puzzleTitle: { title: "Puzzle of the Day: The Bank Robbery Case | Tagback" },
    puzzleDescription: { title: "A bank vault, a missing fortune and a metro card left behind. Can you name the thief?" },
    privacyDescription: { title: "What Tagback collects, why, who sees it, how long we keep it and how to have it deleted." },
    termsDescription: { title: "The terms for using Tagback's QR stickers, profiles and messaging." },
    refundDescription: { title: "Returns within 14 days, refunds within 7 business days, and exchanges for defective stickers." },
    privacyTitle: { title: "Privacy Policy | Tagback" },
    termsTitle: { title: "Terms and Conditions | Tagback" },
    refundTitle: { title: "Refund Policy | Tagback" },
  },
  /**
   * The plain-text answers given before the app runs (server/main.ts, server/cross-site.ts) or
   * instead of a page (server/app.ts, core/read-form.server.ts), beside site.crossSiteRefused and
   * site.bodyTooLarge.
   */
  refusal: {
    badVersion: { title: "Unsupported HTTP version." },
    badScheme: { title: "Unsupported scheme." },
    badTarget: { title: "Bad request target." },
    badEncoding: { title: "Bad percent-encoding in the path." },
    hostRequired: { title: "Host header required." },
    badHost: { title: "Bad Host header." },
    methodNotAllowed: { title: "Method not allowed." },
    lengthRequired: { title: "Content-Length required." },
    badForm: { title: "Bad form submission." },
  },
  /** /auth, /auth/code and their forms: the page's own words (issue 48; the answers are in `auth`). */
  authPage: {
    metaTitle: { title: "Sign in | Tagback" },
    metaDescription: { title: "Sign in to Tagback with Google or a code by e-mail to claim your QR stickers, edit your public profile and see when your things are found." },
    heading: { title: "Sign in to Tagback" },
    lead: { title: "Manage your profile, stickers and messages." },
    google: { title: "Continue with Google" },
    passkey: { title: "Sign in with a passkey" },
    waitingForDevice: { title: "Waiting for your device…" },
    emailHeading: { title: "Or sign in with a code by e-mail" },
    emailLead: { title: "We mail you a code and a link. No password, no Google account needed." },
    emailLabel: { title: "E-mail address" },
    sending: { title: "Sending…" },
    continueWithEmail: { title: "Continue with e-mail" },
    devMode: { title: "Developer mode" },
    devModeLead: { title: "Enter the admin password to enable e-mail and password sign-in." },
    adminPassword: { title: "Admin password" },
    cancel: { title: "Cancel" },
    unlock: { title: "Unlock" },
    devTabs: { title: "Developer sign-in" },
    email: { title: "Email" },
    password: { title: "Password" },
    signIn: { title: "Sign In" },
    signingIn: { title: "Signing in…" },
    signUp: { title: "Sign Up" },
    signingUp: { title: "Signing up…" },
    codeMetaTitle: { title: "Enter your code | Tagback" },
    checkEmail: { title: "Check your e-mail" },
    codeFilledIn: { title: "Your code is filled in: tap Sign in to finish." },
    codeSentTo: { title: `If the address is right, a ${SIGN_IN_CODE_DIGITS}-digit code and a link are on their way to` },
    codeLabel: { title: `${SIGN_IN_CODE_DIGITS}-digit code` },
    codeHint: { title: `The code works once, for ${SIGN_IN_CODE_VALID_MINUTES} minutes.` },
    codeSignIn: { title: "Sign in" },
    newCode: { title: "Send a new code" },
    otherAddress: { title: "Use another address" },
    switchAccount: { title: "Sign out and sign in" },
    staySignedIn: { title: "Stay signed in" },
    notNow: { title: "Not now" },
  },
  /** The signed-in area's navigation (features/owner/app-nav.tsx) and the toast's button. */
  appNav: {
    profile: { title: "Profile" },
    token: { title: "Tagback Token" },
    tokenShort: { title: "Token" },
    lost: { title: "Lost Items" },
    lostShort: { title: "Lost" },
    found: { title: "Found Items" },
    foundShort: { title: "Found" },
    messaging: { title: "Messaging" },
    messagingShort: { title: "Messages" },
    settings: { title: "Settings" },
    stickers: { title: "Stickers" },
    logout: { title: "Logout" },
    version: { title: "Version {version}" },
    expand: { title: "Expand sidebar" },
    collapse: { title: "Collapse sidebar" },
    account: { title: "Account" },
    sections: { title: "Account sections" },
    sectionsMenu: { title: "Account sections (menu)" },
    sectionsBottom: { title: "Account sections (bottom)" },
    menu: { title: "Account menu" },
    dismiss: { title: "Dismiss" },
  },
  /** /settings and what it shows: privacy, account, alerts, push, passkeys, data, deletion (issue 48). */
  settingsPage: {
    metaTitle: { title: "Settings | Tagback" },
    heading: { title: "Settings" },
    privacy: { title: "Privacy" },
    privacyNotSaved: { title: "that setting could not be saved. Please try again." },
    maskBio: { title: "Mask bio", description: `Finders enter ${UNLOCK_DIGIT_COUNT} digits from your sticker's token (digits 5 to 8) before they can read your bio.` },
    useSocialIcons: { title: "Contact buttons", description: "Show finders SMS, Call, Telegram and WhatsApp buttons for the numbers in your profile." },
    showEmail: {
      title: "Show e-mail",
      description: "A finder who is signed in to Tagback and unlocks your profile with the digits from your sticker sees your e-mail address. Finders who are not signed in never see it.",
    },
    showMobile: {
      title: "Show mobile number",
      description: "A finder who is signed in to Tagback and unlocks your profile with the digits from your sticker sees your mobile number. Finders who are not signed in never see it.",
    },
    accountInfo: { title: "Account Information" },
    email: { title: "E-mail" },
    adminLink: { title: "Admin link" },
    yes: { title: "Yes" },
    no: { title: "No" },
    openAdmin: { title: "Open admin lookup" },
    notifications: { title: "Notifications" },
    security: { title: "Account Security" },
    yourData: { title: "Your data" },
    dataLead: { title: "Everything Tagback holds about you, as a file to keep, and a short page that says what it is, why we hold it and for how long." },
    download: { title: "Download my data (JSON)" },
    whatAndWhy: { title: "What we hold, and why" },
    dangerZone: { title: "Danger Zone" },
    signInGoogle: { title: "You sign in with Google, so your Google password protects this account." },
    googleSecurity: { title: "Google account security" },
    signInPassword: { title: "You sign in with your e-mail and a password (developer mode). Tagback keeps only a salted hash of it; the password cannot be changed here yet." },
    signInPasswordToo: { title: "You can also sign in with your e-mail and a password (developer mode). Tagback keeps only a salted hash of it; the password cannot be changed here yet." },
    signInCode: { title: "You can always sign in with a one-time code sent to your e-mail address (\"Continue with e-mail\" on the sign-in page)." },
    twoFactor: { title: "Two-factor authentication: not available in Tagback yet." },
    twoFactorGoogle: { title: "Turn on 2-Step Verification in your Google account instead." },
    // Notifications: alerts by e-mail (features/finder-contact/alert-settings.tsx).
    contactAlerts: { title: "Contact alerts (always on)" },
    contactAlertsLead: { title: "When a finder writes to you with “I found this”, we e-mail {addresses}, with how they will hand the item back and a link to the conversation." },
    twoAddresses: { title: "{email} and {backup}" },
    backupLabel: { title: "Backup e-mail (optional)" },
    save: { title: "Save" },
    backupHelp: { title: "For when the lost item is your phone: a second address that also gets contact alerts. Leave it empty to remove it." },
    scanAlerts: { title: "Scan alerts" },
    scanAlertsLead: {
      title: "An e-mail when a person opens your profile by scan or search: at most one every {minutes} minutes. Bots, link previews, reloads by the same person within the hour and your own scans while signed in never alert.",
    },
    // Push (features/push/push-settings.tsx).
    push: { title: "Push notifications" },
    devices: { title: "Devices that get notifications" },
    noDevices: { title: "None yet: alerts come by e-mail." },
    deviceSince: { title: "Since {date}" },
    lastNotified: { title: "last notified {time}" },
    notNotified: { title: "not notified yet" },
    remove: { title: "Remove" },
    removeDevice: { title: "Remove {name}" },
    channels: { title: "How each alert reaches you" },
    channelsNoDevice: { title: "Until a device gets notifications, every alert comes by e-mail." },
    channelsPushOnly: { title: "Push only sends no e-mail, to you or your backup address, while a device gets notifications." },
    choiceBoth: { title: "Push and e-mail" },
    choicePush: { title: "Push only" },
    choiceEmail: { title: "E-mail only" },
    kindContact: { title: "A finder writes to you" },
    kindMessage: { title: "A message from another owner" },
    messagePush: { title: "Push (not while you are reading it)" },
    messageOff: { title: "No notification" },
    useChoices: { title: "Use these choices" },
    previews: { title: "Show message previews" },
    previewsLead: {
      title: "Off: a notification says what happened (“Someone found your Laptop”), never what the finder wrote, since a lock screen is public. On: it shows the first words of their message.",
    },
    pushNoJs: { title: "Notifying this device needs JavaScript and your browser's permission. Until then, alerts come by e-mail." },
    pushUnsupported: { title: "This browser cannot receive push notifications: alerts come by e-mail. On an iPhone, add Tagback to the home screen first." },
    pushDenied: { title: "Notifications are blocked for Tagback in this browser. Allow them in the browser's site settings, then reload this page." },
    pushOn: { title: "This device gets notifications." },
    thisDeviceLead: { title: "A notification on this phone or computer as soon as a finder writes, even when Tagback is closed." },
    turningOn: { title: "Turning on…" },
    notifyMe: { title: "Notify me on this device" },
    // Passkeys (features/account/passkey-settings.tsx).
    passkeys: { title: "Passkeys" },
    passkeysLead: {
      title: "A passkey signs you in with your phone's or computer's screen lock (fingerprint, face or PIN) instead of a code or a password. Tagback keeps only its public key, never your fingerprint or face.",
    },
    yourPasskeys: { title: "Your passkeys" },
    passkeyAdded: { title: "Added {date}" },
    passkeyLastUsed: { title: "last used {date}" },
    passkeyNotUsed: { title: "not used yet" },
    removePasskey: { title: "Remove passkey {name}" },
    noPasskeys: { title: "You have no passkeys yet." },
    addPasskey: { title: "Add a passkey" },
    waitingForDevice: { title: "Waiting for your device…" },
    passkeyNoBrowser: { title: "This browser cannot create passkeys. Open Settings in a current browser on your phone or computer to add one." },
    passkeyNoJs: { title: "Adding a passkey needs JavaScript, which is off or has not loaded. You can still sign in with a code by e-mail." },
    // Delete my account (features/account/delete-account.tsx).
    deleteLead: {
      title: "Deleting your account erases at once your profile and settings, products, search history, lost reports, sessions (you are signed out everywhere) and your side of every conversation. Your stickers become free to claim again. The people you wrote to keep their own messages. This cannot be undone.",
    },
    deleteOpen: { title: "Delete my account…" },
    deleteConfirm: { title: "To confirm, type your e-mail address:" },
    deleteButton: { title: "Delete my account" },
    questionsFirst: { title: "Questions first, or no longer able to sign in?" },
    contactSupport: { title: "Contact support" },
  },
  /** /settings/data/summary (the download said briefly, app/features/account/data-export.server.ts) and /account-deleted. */
  accountData: {
    metaTitle: { title: "Your data | Tagback" },
    heading: { title: "Your data" },
    lead: {
      title: "What Tagback holds about {email}, why, and for how long. The download has every item in full; nothing in it belongs to anyone else beyond what they already show you (a conversation partner's name, what a finder chose to share).",
    },
    backToSettings: { title: "Back to settings" },
    whatWeHold: { title: "What we hold" },
    kept: { title: "Kept: {kept}." },
    account: { title: "Account: your e-mail, how you sign in and your language", description: "To sign you in and to send you alerts, in your language." },
    profile: { title: "Profile and privacy settings", description: "What a finder sees when they scan your sticker or search your metro card, as your settings allow." },
    alertSettings: { title: "Alert settings and backup e-mail", description: "To tell you when someone finds your item." },
    tokens: { title: "Stickers (tokens)", description: "So that a scan of your sticker finds you." },
    products: { title: "Products", description: "So a finder knows which of your things they hold." },
    searchHistory: {
      title: "Search history",
      description: "So you see who looked you up, when, and roughly where (a city from the searcher's network address, or the position they chose to share).",
    },
    lostReports: { title: "Lost reports", description: "Lost mode: what a finder reads first while an item is missing." },
    conversations: { title: "Conversations", description: "Your chats with finders and owners; the other person is shown by name only." },
    finderThreads: { title: '"I found this" threads', description: "Messages from finders without an account, with what they chose to share, so you get your item back." },
    notifications: {
      title: "Notifications sent to you",
      description: "The e-mails and push notifications we owe you or sent you (a finder's message, a scan alert), kept until delivered so none is lost; without their text once sent.",
    },
    pushDevices: {
      title: "Devices that get push notifications",
      description: "To notify you on your phone or computer: its push address and keys (not in the download), and the browser and system it runs.",
    },
    sessions: { title: "Sessions (signed-in devices)", description: "To keep you signed in; the download lists when each began, never the secret that signs it in." },
    passkeys: {
      title: "Passkeys",
      description: "To sign you in with your device's screen lock: its public key, a signature counter and the device's name. The download lists each by name and dates.",
    },
    adminLookups: { title: "Admin lookups", description: "The audit trail of who looked up whom, without the numbers looked up in the download." },
    keptWhileAccount: { title: "As long as your account" },
    keptConversation: { title: "As long as the conversation: until you or the other person deletes it" },
    keptNotifications: { title: "{days} days after delivery" },
    keptDevices: { title: "Until you remove the device, or its browser stops taking notifications" },
    keptSessions: { title: "Until the session expires ({days} days after sign-in) or you sign out" },
    keptPasskeys: { title: "Until you remove the passkey in Settings, or delete your account" },
    keptAdmin: { title: "For good: the audit trail is append-only" },
    // /account-deleted.
    deletedMetaTitle: { title: "Account deleted | Tagback" },
    deletedHeading: { title: "Your account has been deleted" },
    deletedLead: { title: "You are signed out on every device. This is what happened to your data." },
    erasedNow: { title: "Erased now" },
    erasedAccount: {
      title: "Your account, profile and settings: name, photo, bio, metro card and phone numbers, privacy switches, alert settings and the backup e-mail.",
    },
    erasedProducts: { title: "Your products, search history (with its locations), lost-item reports and sessions." },
    erasedConversations: {
      title: "Your side of every conversation: the messages you sent and your read marks. The other person keeps their own messages and sees “Deleted user”.",
    },
    erasedFinders: { title: "Messages finders sent you through “I found this”, with the finders' details; their private links now say the link no longer works." },
    stickersFree: { title: "Your stickers are free again: anyone holding one can claim it with its token and password, like a new sticker." },
    remains: { title: "What remains, and for how long" },
    auditTrail: { title: "The admin audit trail" },
    auditTrailText: {
      title: ", for as long as the service runs: the record of each lookup an admin made (the number looked up, whether it found someone, and when). If you were an admin, your lookups stay there under a pseudonym instead of your e-mail address.",
    },
    backups: { title: "Backups" },
    backupsText: { title: " of the database keep older copies for {days}; after that your data is gone from them too." },
    backupDays: { title: "{days} days" },
    mailsSent: { title: "E-mails we already sent you or about you stay in the mailboxes they went to." },
    questions: { title: "Questions?" },
    contactSupport: { title: "Contact support" },
    onWhatsApp: { title: "on WhatsApp, or write to" },
  },
} as const satisfies Record<string, Record<string, Message>>;

export type Catalogue = typeof en;
