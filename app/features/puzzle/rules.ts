// The puzzle's numbers (spec 001 §5 "Puzzle", §9).

/** The answer field keeps at most this many characters. */
export const PUZZLE_ANSWER_MAX = 10;
/** Characters the answer field keeps; anything else is dropped (in the browser and on the server). */
export const PUZZLE_ANSWER_DISALLOWED = /[^A-Za-z0-9 ]/g;
/** Confetti on a right answer: this many pieces, for this long. */
export const CONFETTI_PIECES = 30;
export const CONFETTI_MS = 3000;
