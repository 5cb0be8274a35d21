// /auth/code (issue 33): where the code from the mail is typed, and where the mail's link lands with
// the code already filled in (one tap on "Sign in" finishes). A page and a plain form whose fields
// are `email` and `code` (a contract), so it works without JavaScript. The link does not sign in
// by itself: mail scanners open links in mails, and a GET that used the code up would burn it.
// The rules and the checks are in features/account/sign-in-codes.server.ts.
//
// A link travels (decision 044): someone can ask for a code to their own address and forward the
// link, and whoever taps through would be signed in to the sender's account and fill it for them.
// So the one-tap page is only for the owner's own browser (the one that asked for the code, or one
// that proved the address before); anywhere else the page first names the account, masked ("Sign
// in as a…@example.com?"), and a signed-in visitor is asked before being switched to it. Nothing
// happens without the tap, and the tap is the same plain, same-site form post as the rest.
import { parseWithZod } from "@conform-to/zod/v4";
import { data, Form, Link, redirect } from "react-router";
import type { Route } from "./+types/auth_.code";
import { Button } from "~/components/ui/button";
import { Field } from "~/components/ui/field";
import { FormAlert } from "~/components/ui/form-alert";
import { dbContext, requestInfoContext } from "~/core/context";
import { limitKeyOf } from "~/core/client-key";
import { maskEmail } from "~/core/email-address";
import { readForm } from "~/middleware/read-form.server";
import { safeRedirect } from "~/core/safe-redirect";
import { normalizeEmail } from "~/features/account/admins.server";
import { createSession, destroySession } from "~/features/account/session.server";
import {
  allowCodePost,
  checkSignInCode,
  codeBrowserHeader,
  isOwnBrowser,
  provenIn,
  readCodeBrowser,
} from "~/features/account/sign-in-codes.server";
import { messageIn, type Message, type MessageKey } from "~/i18n/messages";
import { metaT, useT } from "~/i18n/use-t";
import { localeContext } from "~/middleware/i18n";
import { userContext } from "~/middleware/session";
import { codeSchema, emailAddress, emailProblemOf } from "./auth/auth-schemas";
import { authPath } from "./auth/auth-path";

/** The signed-in visitor's tap that signs them out and in to the link's account. */
const SWITCH_INTENT = "switch-account";

/** How the page asks: the code form, or a question naming the account first. */
type Mode = "code" | "confirm" | "switch";

export const meta: Route.MetaFunction = ({ matches }) => [{ title: metaT(matches).t("authPage.codeMetaTitle") }, { name: "robots", content: "noindex" }];

export async function loader({ request, context }: Route.LoaderArgs) {
  const url = new URL(request.url);
  const email = (url.searchParams.get("email") ?? "").trim();
  const redirectParam = url.searchParams.get("redirectTo");
  const redirectTo = redirectParam ? safeRedirect(redirectParam, "") : "";
  const fromLink = url.searchParams.has("code");
  const user = context.get(userContext);
  // Signed in, only a mailed link has something to ask (whether to switch); typing is for visitors.
  if (user && !fromLink) throw redirect("/profile");
  if (!email) throw redirect(authPath({ redirectTo }));
  const page = (mode: Mode, prompt: Message | null, refused: MessageKey | null = null) => ({
    email,
    code: url.searchParams.get("code") ?? "",
    fromLink,
    redirectTo,
    mode,
    prompt,
    refused,
  });
  // No address (too long, or none at all): said on the page, and nothing of it shown or asked about.
  const checked = emailAddress.safeParse(email);
  if (!checked.success) {
    const refused = emailProblemOf({ email: checked.error.issues.map((issue) => issue.message) });
    return data({ ...page("code", null, refused), email: "", code: "" }, { status: 400 });
  }
  const locale = context.get(localeContext);
  if (user) {
    // Their own account's link: nothing to switch.
    if (normalizeEmail(user.email) === normalizeEmail(email)) throw redirect(safeRedirect(redirectTo, "/profile"));
    return page("switch", messageIn(locale, "codeLink.switchAccount", { current: maskEmail(user.email), account: maskEmail(email) }));
  }
  if (fromLink && !(await isOwnBrowser(context.get(dbContext), email, await readCodeBrowser(request)))) {
    return page("confirm", messageIn(locale, "codeLink.signInAs", { account: maskEmail(email) }));
  }
  return page("code", null);
}

export async function action({ request, context }: Route.ActionArgs) {
  const db = context.get(dbContext);
  const formData = await readForm(request);
  const user = context.get(userContext);
  // A signed-in visitor changes accounts only by the switch question's own button.
  if (user && formData.get("intent") !== SWITCH_INTENT) throw redirect("/profile");
  const typed = { email: String(formData.get("email") ?? ""), code: String(formData.get("code") ?? "") };
  const refuse = (key: MessageKey, status: number) => data({ error: key, typed }, { status });
  if (!(await allowCodePost(db, limitKeyOf(context.get(requestInfoContext).clientIp)))) return refuse("auth.codePostsPerClient", 429);
  const submission = parseWithZod(formData, { schema: codeSchema });
  if (submission.status !== "success") {
    return refuse(submission.error?.email ? emailProblemOf(submission.error) : "auth.codeFormat", 400);
  }
  // A new account keeps the language this page was in (decision 048).
  const outcome = await checkSignInCode(db, submission.value.email, submission.value.code, context.get(localeContext));
  if (!outcome.ok) {
    if (outcome.reason === "tries-used") return refuse("auth.codeTriesUsed", 429);
    return refuse(outcome.reason === "wrong" ? "auth.codeWrong" : "auth.codeDead", 400);
  }
  const headers = new Headers();
  // Switching: the session of the account left ends here (its row goes; the new cookie replaces it).
  if (user) await destroySession(db, request);
  headers.append("Set-Cookie", await createSession(db, outcome.userId));
  // This browser has proven the address: its next code is its own to ask for, and its links one tap.
  headers.append("Set-Cookie", await codeBrowserHeader(provenIn(await readCodeBrowser(request), submission.value.email)));
  // A first sign-in always starts on the profile (spec 000 "Guard and navigation rules").
  const to = outcome.created ? "/profile" : safeRedirect(submission.value.redirectTo);
  return redirect(to, { headers });
}

export default function CodePage({ loaderData, actionData }: Route.ComponentProps) {
  const { email, code, fromLink, redirectTo, mode, prompt, refused } = loaderData;
  const { t, m } = useT();
  const alertKey = actionData?.error ?? refused;
  const alert = alertKey ? m(alertKey) : null;
  if (prompt && mode !== "code") {
    return <AccountQuestion mode={mode} prompt={prompt} email={email} code={actionData?.typed.code ?? code} redirectTo={redirectTo} alert={alert} />;
  }
  const shownEmail = actionData?.typed.email || email;
  return (
    <section className="mx-auto max-w-md px-4 py-10">
      <h1 className="text-2xl font-bold">{fromLink ? t("authPage.heading") : t("authPage.checkEmail")}</h1>
      <p className="mt-2 text-slate-600" data-testid="code-sent-to">
        {fromLink ? t("authPage.codeFilledIn") : t("authPage.codeSentTo")}{" "}
        {fromLink ? null : <strong className="break-all text-slate-900">{email}</strong>}
      </p>
      <Form method="post" noValidate className="mt-6 space-y-3">
        <input type="hidden" name="redirectTo" value={redirectTo} />
        {alert ? <FormAlert title={alert.title} description={alert.description} /> : null}
        <Field
          label={t("authPage.emailLabel")}
          inputProps={{ id: "code-email", name: "email", type: "email", autoComplete: "email", readOnly: true, defaultValue: shownEmail }}
        />
        <Field
          label={t("authPage.codeLabel")}
          hint={t("authPage.codeHint")}
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
          {t("authPage.codeSignIn")}
        </Button>
      </Form>
      {/* A new code goes through /auth's own form post, so its limits and answers are the same. */}
      <Form method="post" action="/auth" className="mt-6 flex flex-wrap items-center gap-x-4 gap-y-2 text-sm">
        <input type="hidden" name="email" value={shownEmail} />
        <input type="hidden" name="redirectTo" value={redirectTo} />
        <button type="submit" name="intent" value="email-code" className="font-medium text-brand-700 underline">
          {t("authPage.newCode")}
        </button>
        <Link to={authPath({ redirectTo })} className="text-slate-600 underline">
          {t("authPage.otherAddress")}
        </Link>
      </Form>
    </section>
  );
}

/**
 * The link opened where it was not asked for, or by someone signed in to another account: the
 * question names the account (masked) in the page's text, and its one button posts the code.
 */
function AccountQuestion(props: { mode: "confirm" | "switch"; prompt: Message; email: string; code: string; redirectTo: string; alert: Message | null }) {
  const { mode, prompt, email, code, redirectTo, alert } = props;
  const { t } = useT();
  return (
    <section className="mx-auto max-w-md px-4 py-10">
      <h1 className="text-2xl font-bold break-words" data-testid="code-account-question">
        {prompt.title}
      </h1>
      <p className="mt-2 text-slate-600">{prompt.description}</p>
      <Form method="post" noValidate className="mt-6 space-y-3">
        {mode === "switch" ? <input type="hidden" name="intent" value={SWITCH_INTENT} /> : null}
        <input type="hidden" name="email" value={email} />
        <input type="hidden" name="code" value={code} />
        <input type="hidden" name="redirectTo" value={redirectTo} />
        {alert ? <FormAlert title={alert.title} description={alert.description} /> : null}
        <Button type="submit" size="lg" className="w-full">
          {mode === "switch" ? t("authPage.switchAccount") : t("authPage.codeSignIn")}
        </Button>
      </Form>
      <p className="mt-6 text-sm">
        <Link to={mode === "switch" ? "/profile" : "/"} className="text-slate-600 underline">
          {mode === "switch" ? t("authPage.staySignedIn") : t("authPage.notNow")}
        </Link>
      </p>
    </section>
  );
}
