// Rules of an owner's profile that other areas rely on too (spec 001 §5, spec 000 §5).

/** A metro card number is this many digits, inclusive: the profile form and the finder search. */
export const METRO_CARD_MIN = 8;
export const METRO_CARD_MAX = 16;

export function isMetroCardNumber(value: string): boolean {
  return value.length >= METRO_CARD_MIN && value.length <= METRO_CARD_MAX && /^\d+$/.test(value);
}

/** Length limits of the profile form (spec 001 §5): the schema's rules, the fields' maxlength, the messages. */
export const FULL_NAME_MAX_LENGTH = 30;
export const X_USERNAME_MAX_LENGTH = 16;
export const BIO_MAX_LENGTH = 200;
/** Mobile, SMS, call and WhatsApp numbers: digits only, at most this many. */
export const PHONE_MAX_DIGITS = 15;
export const TELEGRAM_MAX_LENGTH = 32;
