// /auth/code (issue 33): where the code from the mail is typed, and where the mail's link lands with
// the code already filled in (one tap on "Sign in" finishes). A page and a plain form whose fields
// are `email` and `code` (a contract), so it works without JavaScript. The link does not sign in
// by itself: mail scanners open links in mails, and a GET that used the code up would burn it.
// The rules and the checks are in features/account/sign-in-codes.server.ts.
import { parseWithZod } from "@conform-to/zod/v4";
import { data, Form, Link, redirect } from "react-router";
import type { Route } from "./+types/auth_.code";
import { Button } from "~/components/ui/button";
import { Field } from "~/components/ui/field";
import { FormAlert } from "~/components/ui/form-alert";
import { dbContext, requestInfoContext } from "~/core/context";
import { limitKeyOf } from "~/core/client-key";
import { readForm } from "~/core/read-form.server";
import { safeRedirect } from "~/core/safe-redirect";
import { requireAnonymous } from "~/features/account/guards.server";
import { SIGN_IN_CODE_DIGITS, SIGN_IN_CODE_VALID_MINUTES } from "~/features/account/rules";
import { createSession } from "~/features/account/session.server";
import { allowCodePost, checkSignInCode } from "~/features/account/sign-in-codes.server";
import { message, type MessageKey } from "~/i18n/messages";
import { codeSchema } from "./auth/auth-schemas";
import { authPath } from "./auth/auth-path";

export const meta: Route.MetaFunction = () => [{ title: "Enter your code | Tagback" }, { name: "robots", content: "noindex" }];

export function loader({ request, context }: Route.LoaderArgs) {
  requireAnonymous({ context });
  const url = new URL(request.url);
  const email = (url.searchParams.get("email") ?? "").trim();
  const redirectParam = url.searchParams.get("redirectTo");
  const redirectTo = redirectParam ? safeRedirect(redirectParam, "") : "";
  if (!email) throw redirect(authPath({ redirectTo }));
  return { email, code: url.searchParams.get("code") ?? "", fromLink: url.searchParams.has("code"), redirectTo };
}

export async function action({ request, context }: Route.ActionArgs) {
  requireAnonymous({ context });
  const db = context.get(dbContext);
  const formData = await readForm(request);
  const typed = { email: String(formData.get("email") ?? ""), code: String(formData.get("code") ?? "") };
  const refuse = (key: MessageKey, status: number) => data({ error: key, typed }, { status });
  if (!(await allowCodePost(db, limitKeyOf(context.get(requestInfoContext).clientIp)))) return refuse("auth.codePostsPerClient", 429);
  const submission = parseWithZod(formData, { schema: codeSchema });
  if (submission.status !== "success") {
    return refuse(submission.error?.email ? "auth.invalidEmail" : "auth.codeFormat", 400);
  }
  const outcome = await checkSignInCode(db, submission.value.email, submission.value.code);
  if (!outcome.ok) {
    if (outcome.reason === "tries-used") return refuse("auth.codeTriesUsed", 429);
    return refuse(outcome.reason === "wrong" ? "auth.codeWrong" : "auth.codeDead", 400);
  }
  // A first sign-in always starts on the profile (spec 000 "Guard and navigation rules").
  const to = outcome.created ? "/profile" : safeRedirect(submission.value.redirectTo);
  return redirect(to, { headers: { "Set-Cookie": await createSession(db, outcome.userId) } });
}

export default function CodePage({ loaderData, actionData }: Route.ComponentProps) {
  const { email, code, fromLink, redirectTo } = loaderData;
  const alert = actionData ? message(actionData.error) : null;
  const shownEmail = actionData?.typed.email || email;
  return (
    <section className="mx-auto max-w-md px-4 py-10">
      <h1 className="text-2xl font-bold">{fromLink ? "Sign in to Tagback" : "Check your e-mail"}</h1>
      <p className="mt-2 text-slate-600" data-testid="code-sent-to">
        {fromLink ? "Your code is filled in: tap Sign in to finish." : `If the address is right, a ${SIGN_IN_CODE_DIGITS}-digit code and a link are on their way to`}{" "}
        {fromLink ? null : <strong className="break-all text-slate-900">{email}</strong>}
      </p>
      <Form method="post" noValidate className="mt-6 space-y-3">
        <input type="hidden" name="redirectTo" value={redirectTo} />
        {alert ? <FormAlert title={alert.title} description={alert.description} /> : null}
        <Field
          label="E-mail address"
          inputProps={{ id: "code-email", name: "email", type: "email", autoComplete: "email", readOnly: true, defaultValue: shownEmail }}
        />
        <Field
          label={`${SIGN_IN_CODE_DIGITS}-digit code`}
          hint={`The code works once, for ${SIGN_IN_CODE_VALID_MINUTES} minutes.`}
          inputProps={{
            id: "code-code",
            name: "code",
            inputMode: "numeric",
            autoComplete: "one-time-code",
            required: true,
            autoFocus: !fromLink,
            defaultValue: actionData ? actionData.typed.code : code,
          }}
        />
        <Button type="submit" size="lg" className="w-full">
          Sign in
        </Button>
      </Form>
      {/* A new code goes through /auth's own form post, so its limits and answers are the same. */}
      <Form method="post" action="/auth" className="mt-6 flex flex-wrap items-center gap-x-4 gap-y-2 text-sm">
        <input type="hidden" name="email" value={shownEmail} />
        <input type="hidden" name="redirectTo" value={redirectTo} />
        <button type="submit" name="intent" value="email-code" className="font-medium text-brand-700 underline">
          Send a new code
        </button>
        <Link to={authPath({ redirectTo })} className="text-slate-600 underline">
          Use another address
        </Link>
      </Form>
    </section>
  );
}
