// The puzzle's solution lives only here, on the server: no loader or page sends it before the
// visitor has given it.
import { PUZZLE_ANSWER_DISALLOWED, PUZZLE_ANSWER_MAX } from "~/features/puzzle/rules";

/** The detective's first name, or first and last name (spec 001 §5), compared lower-cased. */
const ACCEPTED = new Set(["ojas", "ojas mehra"]);

export type AnswerCheck = { ok: true; right: boolean } | { ok: false; error: "puzzle.answerRequired" | "puzzle.answerTooLong" };

/**
 * Keeps letters, digits and spaces (like the field does), then compares trimmed, with runs of
 * spaces as one, case-insensitively.
 */
export function checkAnswer(raw: string): AnswerCheck {
  const answer = raw.replace(PUZZLE_ANSWER_DISALLOWED, "").trim().replace(/ +/g, " ");
  if (!answer) return { ok: false, error: "puzzle.answerRequired" };
  if (answer.length > PUZZLE_ANSWER_MAX) return { ok: false, error: "puzzle.answerTooLong" };
  return { ok: true, right: ACCEPTED.has(answer.toLowerCase()) };
}
