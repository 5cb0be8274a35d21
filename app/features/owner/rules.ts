// Rules of an owner's profile that other areas rely on too (spec 001 §5, spec 000 §5).

/** A metro card number is this many digits, inclusive: the profile form and the finder search. */
export const METRO_CARD_MIN = 8;
export const METRO_CARD_MAX = 16;

export function isMetroCardNumber(value: string): boolean {
  return value.length >= METRO_CARD_MIN && value.length <= METRO_CARD_MAX && /^\d+$/.test(value);
}
