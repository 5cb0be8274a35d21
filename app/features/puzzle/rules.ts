// The puzzle's numbers (spec 001 §5 "Puzzle", §9).

/** The answer field keeps at most this many characters. */
export const PUZZLE_ANSWER_MAX = 10;
/**
 * Characters an answer keeps; the server drops anything else. The page ships no script (decision
 * 010), so the browser's field only says so in its help text; it does not filter while typing.
 */
export const PUZZLE_ANSWER_DISALLOWED = /[^A-Za-z0-9 ]/g;
/** Confetti on a right answer: this many pieces, for this long. */
export const CONFETTI_PIECES = 30;
export const CONFETTI_MS = 3000;
