import { expect, test } from "vitest";
import { checkAnswer } from "./answer.server";

test("both accepted answers, in any case, with extra spaces", () => {
  for (const answer of ["ojas", "OJAS", "  Ojas ", "ojas mehra", "OJAS  MEHRA", " Ojas Mehra "]) {
    expect(checkAnswer(answer), answer).toEqual({ ok: true, right: true });
  }
});

test("a wrong name is wrong", () => {
  for (const answer of ["robber", "ojasm", "mehra", "o jas"]) expect(checkAnswer(answer), answer).toEqual({ ok: true, right: false });
});

test("only letters, digits and spaces count; more than 10 is refused; nothing is required", () => {
  expect(checkAnswer("o-j-a-s!")).toEqual({ ok: true, right: true });
  expect(checkAnswer("ojas mehra1")).toEqual({ ok: false, error: "puzzle.answerTooLong" });
  expect(checkAnswer("   ")).toEqual({ ok: false, error: "puzzle.answerRequired" });
  expect(checkAnswer("!!!")).toEqual({ ok: false, error: "puzzle.answerRequired" });
});
