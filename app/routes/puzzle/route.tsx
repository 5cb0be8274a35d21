// /puzzle: the answer is a plain form post checked on the server; the result dialogs are states
// of that post's response (closed by a link back to /puzzle). The page ships no JavaScript, apart
// from a small confetti script in the response to a right answer.
import { data, useActionData } from "react-router";
import type { Route } from "./+types/route";
import { Button, ButtonLink } from "~/components/ui/button";
import { RouteDialog } from "~/components/ui/route-dialog";
import { useNonce } from "~/core/nonce";
import { readForm } from "~/middleware/read-form.server";
import { PUZZLE_ANSWER_MAX } from "~/features/puzzle/rules";
import { message } from "~/i18n/messages";
import { metaT } from "~/i18n/use-t";
import { checkAnswer } from "./answer.server";
import { confettiScript } from "./confetti";
import { SampleMetroCard } from "./metro-card";
import { sameForAnyone, type RouteHandle } from "~/core/route-handle";

export const handle: RouteHandle = { hydrate: false, contentPage: true, keep: sameForAnyone };

export const meta: Route.MetaFunction = ({ matches }) => {
  const { t } = metaT(matches);
  return [
    { title: t("meta.puzzleTitle") },
    { name: "description", content: t("meta.puzzleDescription") },
  ];
};

export async function action({ request }: Route.ActionArgs) {
  const form = await readForm(request);
  const answer = form.get("answer");
  const check = checkAnswer(typeof answer === "string" ? answer : "");
  if (!check.ok) return data({ result: "invalid" as const, error: check.error }, { status: 400 });
  return { result: check.right ? ("right" as const) : ("wrong" as const), error: null };
}

export default function PuzzlePage() {
  const actionData = useActionData<typeof action>();
  const nonce = useNonce();
  const error = actionData?.result === "invalid" ? message(actionData.error) : null;
  return (
    <>
      {actionData?.result === "right" ? (
        <RouteDialog title="Congratulations!" description="You solved The Bank Robbery Case." closeHref="/puzzle" titleId="puzzle-right">
          <p className="text-slate-700">
            The first letters of the last four journeys spell <strong>OJAS</strong>: Detective Ojas Mehra, the officer in
            charge of the case, dropped his own card by the vault door.
          </p>
          <p className="mt-3 text-slate-700">
            Your reward: the title of Tagback Super Sleuth, and a tip worth more than the stolen cash. Put a Tagback
            sticker on your metro card, so that if you ever leave it behind, it leads back to you and nobody else.
          </p>
          <ButtonLink to="/puzzle" className="mt-5 w-full">
            Close
          </ButtonLink>
          <script nonce={nonce} dangerouslySetInnerHTML={{ __html: confettiScript }} />
        </RouteDialog>
      ) : null}
      {actionData?.result === "wrong" ? (
        <RouteDialog title="Oops!" description="That's not the thief." closeHref="/puzzle" titleId="puzzle-wrong">
          <p className="text-slate-700">Hint: The thief's name is hidden in plain sight... literally!</p>
          <ButtonLink to="/puzzle" className="mt-5 w-full">
            Try Again
          </ButtonLink>
        </RouteDialog>
      ) : null}

      <section className="bg-gradient-to-b from-brand-50 to-white">
        <div className="mx-auto max-w-3xl px-4 py-12">
          <p className="text-sm font-semibold tracking-wide text-brand-700 uppercase">Puzzle of the Day</p>
          <h1 className="mt-2 text-3xl font-black tracking-tight text-brand-900 sm:text-4xl">The Bank Robbery Case</h1>
          <div className="mt-6 space-y-4 text-lg text-slate-700">
            <p>
              At 2:10 in the morning, the vault of a small bank in South Delhi was opened without a single alarm. By
              sunrise the cash was gone, and the cameras had been switched off from the inside.
            </p>
            <p>
              The detective in charge told reporters it was the work of professionals from out of town. The only thing
              the thief left behind was a metro card, found under the vault door. "Useless," said the detective.
              "Thousands of people ride the metro every night."
            </p>
            <p>Look closely at the card. Who is the thief?</p>
          </div>
        </div>
      </section>

      <section aria-labelledby="puzzle-answer-title" className="mx-auto grid max-w-3xl gap-10 px-4 pb-16 sm:grid-cols-2 sm:items-start">
        <SampleMetroCard />
        <form method="post" action="/puzzle" noValidate className="rounded-2xl border border-slate-200 p-5 shadow-sm">
          <h2 id="puzzle-answer-title" className="text-xl font-bold">
            Name the thief
          </h2>
          <label htmlFor="puzzle-answer" className="mt-4 block text-sm font-medium text-slate-800">
            The thief's name
          </label>
          <input
            id="puzzle-answer"
            name="answer"
            type="text"
            autoComplete="off"
            maxLength={PUZZLE_ANSWER_MAX}
            pattern="[A-Za-z0-9 ]*"
            aria-invalid={error ? true : undefined}
            aria-describedby={error ? "puzzle-answer-error" : "puzzle-answer-help"}
            className="mt-1 w-full rounded-lg border border-slate-300 px-3 py-2.5"
          />
          {error ? (
            <p id="puzzle-answer-error" role="alert" className="mt-2 text-sm text-red-700">
              <strong>{error.title}.</strong> {error.description}
            </p>
          ) : (
            <p id="puzzle-answer-help" className="mt-2 text-sm text-slate-500">
              Letters, digits and spaces, up to {PUZZLE_ANSWER_MAX} characters.
            </p>
          )}
          <Button type="submit" className="mt-4 w-full">
            Check Answer
          </Button>
        </form>
      </section>
    </>
  );
}
