// The limits the lost, found and messaging pages' messages name (issue 48), gathered for the six
// translations so each imports them in one line; en.ts imports them from the rules themselves.
export { LOST_NAME_MAX, LOST_NOTE_MAX, PHOTO_MAX_BYTES } from "~/features/lost-found/rules";
export {
  MESSAGE_MAX_LENGTH,
  MESSAGES_PER_MINUTE,
  NEW_CONVERSATIONS_PER_DAY,
  SEARCH_METRO_MAX_DIGITS,
  SEARCH_MIN_DIGITS,
  SEARCH_TOKEN_MAX_DIGITS,
  STREAMS_PER_USER,
} from "~/features/messaging/rules";
export { METRO_CARD_MAX, METRO_CARD_MIN } from "~/features/owner/rules";
export { TOKEN_LENGTH, TOKEN_PASSWORD_MAX } from "~/features/stickers/rules";
export { RETURNS_SHOWN_FROM_MAX, THANK_YOU_MAX } from "~/features/returns/rules";
