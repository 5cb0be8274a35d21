import { getFormProps, getInputProps, useForm } from "@conform-to/react";
import { parseWithZod } from "@conform-to/zod/v4";
import { data, Form, Link, redirect, useActionData, useLoaderData, useNavigation } from "react-router";
import type { Route } from "./+types/route";
import { Field, FormAlert } from "~/components/ui/field";
import { BOTH_REQUIRED, devUnlockSchema, signInSchema, signUpSchema } from "~/routes/auth/auth-schemas";
import { requireAnonymous } from "~/features/account/guards.server";
import { isDevModeEnabled, unlockDevMode } from "~/routes/auth/dev-mode.server";
import { getAuthenticator, googleSignInConfigured, redirectToCookie } from "~/features/account/google-auth.server";
import { signIn, signUp } from "~/features/account/password-accounts.server";
import { readForm, unknownIntent } from "~/core/read-form.server";
import { dbContext, requestInfoContext } from "~/core/context";
import { safeRedirect } from "~/core/safe-redirect";
import { createSession } from "~/features/account/session.server";
import { redirectWithToast } from "~/core/toast.server";

export const meta: Route.MetaFunction = () => [{ title: "Sign in | Tagback" }];

type Tab = "signin" | "signup";

function authPath(params: { redirectTo?: string; tab?: Tab; dev?: boolean }) {
  const search = new URLSearchParams();
  if (params.redirectTo) search.set("redirectTo", params.redirectTo);
  if (params.tab) search.set("tab", params.tab);
  if (params.dev) search.set("dev", "1");
  const query = search.toString();
  return query ? `/auth?${query}` : "/auth";
}

export async function loader({ request, context }: Route.LoaderArgs) {
  requireAnonymous({ context });
  const url = new URL(request.url);
  const redirectParam = url.searchParams.get("redirectTo");
  return {
    redirectTo: redirectParam ? safeRedirect(redirectParam, "") : "",
    devMode: await isDevModeEnabled(request),
    devDialogOpen: url.searchParams.get("dev") === "1",
    tab: (url.searchParams.get("tab") === "signup" ? "signup" : "signin") as Tab,
    googleConfigured: googleSignInConfigured(),
  };
}

export async function action({ request, context }: Route.ActionArgs) {
  requireAnonymous({ context });
  const db = context.get(dbContext);
  // A clone: the Google strategy reads the original request after us.
  const formData = await readForm(request.clone());
  const intent = formData.get("intent");
  const redirectTo = safeRedirect(formData.get("redirectTo"), "");
  const { clientIp } = context.get(requestInfoContext);

  switch (intent) {
    case "google": {
      const redirectCookie = await redirectToCookie().serialize(redirectTo);
      try {
        await getAuthenticator().authenticate("google", request);
      } catch (thrown) {
        // The strategy throws its redirect to the provider; add our cookie to it.
        if (thrown instanceof Response && thrown.status >= 300 && thrown.status < 400) {
          const headers = new Headers(thrown.headers);
          headers.append("Set-Cookie", redirectCookie);
          throw new Response(null, { status: thrown.status, headers });
        }
        console.error("Google sign-in could not start", thrown);
        return redirectWithToast(authPath({ redirectTo }), { type: "error", title: "Error signing in with Google" });
      }
      return redirect(authPath({ redirectTo }));
    }

    case "dev-unlock": {
      const submission = parseWithZod(formData, { schema: devUnlockSchema });
      if (submission.status !== "success") {
        return data({ intent, result: submission.reply({ hideFields: ["password"] }) }, { status: 400 });
      }
      const outcome = await unlockDevMode(db, submission.value.password, clientIp);
      if (outcome.ok) {
        return redirectWithToast(
          authPath({ redirectTo }),
          { type: "success", title: "Developer mode enabled!" },
          { headers: { "Set-Cookie": outcome.setCookie } },
        );
      }
      const message =
        outcome.reason === "locked"
          ? "Too many wrong attempts. Try again in 15 minutes."
          : outcome.reason === "unavailable"
            ? "Developer mode is not available on this server."
            : "Invalid admin password";
      return data(
        { intent, result: submission.reply({ formErrors: [message], hideFields: ["password"] }) },
        { status: outcome.reason === "locked" ? 429 : outcome.reason === "unavailable" ? 403 : 400 },
      );
    }

    case "sign-up":
    case "sign-in": {
      if (!(await isDevModeEnabled(request))) {
        return data({ intent, result: null, error: "Developer mode is not enabled." }, { status: 403 });
      }
      const schema = intent === "sign-up" ? signUpSchema : signInSchema;
      const submission = parseWithZod(formData, { schema });
      if (submission.status !== "success") {
        return data({ intent, result: submission.reply({ hideFields: ["password"] }) }, { status: 400 });
      }
      const { email, password } = submission.value;
      if (intent === "sign-up") {
        await signUp(db, email, password);
        return data({ intent, result: submission.reply({ resetForm: true }), signedUp: true });
      }
      const outcome = await signIn(db, email, password, clientIp);
      if (!outcome.ok) {
        const message = {
          invalid: "Invalid email or password.",
          unconfirmed: "Please confirm your email address first: open the link we sent you.",
          locked: "Too many failed attempts. Try again in 15 minutes.",
        }[outcome.reason];
        return data(
          { intent, result: submission.reply({ formErrors: [message], hideFields: ["password"] }) },
          { status: outcome.reason === "locked" ? 429 : 400 },
        );
      }
      return redirect(safeRedirect(redirectTo), { headers: { "Set-Cookie": await createSession(db, outcome.userId) } });
    }

    default:
      return unknownIntent();
  }
}

export default function AuthPage() {
  const { redirectTo, devMode, devDialogOpen, tab, googleConfigured } = useLoaderData<typeof loader>();
  const actionData = useActionData<typeof action>();
  const navigation = useNavigation();
  const busy = navigation.state !== "idle";
  const devFailed = actionData?.intent === "dev-unlock";
  const showDevDialog = !devMode && (devDialogOpen || devFailed);

  return (
    <section className="mx-auto max-w-md px-4 py-10">
      <h1 className="text-2xl font-bold">Sign in to Tagback</h1>
      <p className="mt-2 text-slate-600">Manage your profile, stickers and messages.</p>

      <Form method="post" className="mt-6">
        <input type="hidden" name="redirectTo" value={redirectTo} />
        <button
          type="submit"
          name="intent"
          value="google"
          disabled={!googleConfigured || busy}
          className="flex w-full items-center justify-center gap-3 rounded-lg border border-slate-300 bg-white px-4 py-3 font-semibold text-slate-800 shadow-sm hover:bg-slate-50 disabled:opacity-60"
        >
          <svg aria-hidden="true" viewBox="0 0 24 24" className="h-5 w-5">
            <path fill="#4285F4" d="M22.5 12.2c0-.8-.1-1.5-.2-2.2H12v4.2h5.9a5 5 0 0 1-2.2 3.3v2.7h3.6c2-1.9 3.2-4.7 3.2-8z" />
            <path fill="#34A853" d="M12 23c3 0 5.5-1 7.3-2.7l-3.6-2.7c-1 .7-2.2 1.1-3.7 1.1-2.9 0-5.3-1.9-6.2-4.5H2.1v2.8A11 11 0 0 0 12 23z" />
            <path fill="#FBBC05" d="M5.8 14.2a6.6 6.6 0 0 1 0-4.4V7H2.1a11 11 0 0 0 0 10l3.7-2.8z" />
            <path fill="#EA4335" d="M12 5.4c1.6 0 3.1.6 4.2 1.7l3.2-3.2A11 11 0 0 0 2.1 7l3.7 2.8C6.7 7.3 9.1 5.4 12 5.4z" />
          </svg>
          Continue with Google
        </button>
        {!googleConfigured ? (
          <p className="mt-2 text-sm text-slate-600">Google sign-in is not configured on this server. Use developer mode below.</p>
        ) : null}
      </Form>

      {devMode ? (
        <PasswordForms tab={tab} redirectTo={redirectTo} />
      ) : (
        <p className="mt-8 text-center text-sm">
          <Link to={authPath({ redirectTo, dev: true })} className="text-slate-600 underline">
            Developer mode
          </Link>
        </p>
      )}

      {showDevDialog ? <DevModeDialog redirectTo={redirectTo} /> : null}
    </section>
  );
}

function DevModeDialog({ redirectTo }: { redirectTo: string }) {
  const actionData = useActionData<typeof action>();
  const lastResult = actionData?.intent === "dev-unlock" ? actionData.result : undefined;
  const [form, fields] = useForm({
    id: "dev-unlock",
    lastResult,
    onValidate: ({ formData }) => parseWithZod(formData, { schema: devUnlockSchema }),
    shouldValidate: "onSubmit",
  });
  const errors = [...(form.errors ?? []), ...(fields.password.errors ?? [])];
  return (
    <div className="fixed inset-0 z-50 flex items-center justify-center bg-slate-900/50 p-4">
      <div role="dialog" aria-modal="true" aria-labelledby="dev-title" className="w-full max-w-sm rounded-xl bg-white p-6 shadow-xl">
        <h2 id="dev-title" className="text-lg font-bold">Developer mode</h2>
        <p className="mt-1 text-sm text-slate-600">Enter the admin password to enable e-mail and password sign-in.</p>
        <Form method="post" {...getFormProps(form)} className="mt-4 space-y-3">
          <input type="hidden" name="redirectTo" value={redirectTo} />
          {errors.length ? <FormAlert title={errors[0]} /> : null}
          <Field
            label="Admin password"
            inputProps={{ ...getInputProps(fields.password, { type: "password" }), maxLength: 8, autoComplete: "off", autoFocus: true }}
          />
          <div className="flex justify-end gap-2">
            <Link to={authPath({ redirectTo })} className="rounded-lg px-4 py-2 font-medium text-slate-700 hover:bg-slate-100">
              Cancel
            </Link>
            <button type="submit" name="intent" value="dev-unlock" className="rounded-lg bg-brand-600 px-4 py-2 font-semibold text-white hover:bg-brand-700">
              Unlock
            </button>
          </div>
        </Form>
      </div>
    </div>
  );
}

function PasswordForms({ tab, redirectTo }: { tab: Tab; redirectTo: string }) {
  const actionData = useActionData<typeof action>();
  const navigation = useNavigation();
  const intent = tab === "signup" ? "sign-up" : "sign-in";
  const schema = tab === "signup" ? signUpSchema : signInSchema;
  const lastResult = actionData?.intent === intent ? actionData.result : undefined;
  const signedUp = actionData && "signedUp" in actionData && actionData.signedUp;
  const [form, fields] = useForm({
    id: intent,
    lastResult: lastResult ?? undefined,
    onValidate: ({ formData }) => parseWithZod(formData, { schema }),
    shouldValidate: "onSubmit",
    shouldRevalidate: "onInput",
  });
  const formError = form.errors?.[0];
  const title =
    formError === BOTH_REQUIRED ? "Error" : tab === "signup" ? "Error signing up" : "Error signing in";
  const busy = navigation.state === "submitting";
  return (
    <div className="mt-8 rounded-xl border border-slate-200 p-5">
      <nav aria-label="Developer sign-in" className="flex gap-2">
        {(["signin", "signup"] as const).map((value) => (
          <Link
            key={value}
            to={authPath({ redirectTo, tab: value })}
            aria-current={tab === value ? "page" : undefined}
            className={`flex-1 rounded-lg px-3 py-2 text-center font-medium ${tab === value ? "bg-brand-600 text-white" : "bg-slate-100 text-slate-800"}`}
          >
            {value === "signin" ? "Sign In" : "Sign Up"}
          </Link>
        ))}
      </nav>
      <Form method="post" {...getFormProps(form)} className="mt-4 space-y-3">
        <input type="hidden" name="redirectTo" value={redirectTo} />
        {signedUp ? (
          <FormAlert tone="success" title="Registration successful! Please check your email to confirm your account." />
        ) : null}
        {formError ? <FormAlert title={title} description={formError} /> : null}
        <Field
          label="Email"
          errors={fields.email.errors}
          errorId={fields.email.errorId}
          inputProps={{ ...getInputProps(fields.email, { type: "email" }), autoComplete: "email" }}
        />
        <Field
          label="Password"
          errors={fields.password.errors}
          errorId={fields.password.errorId}
          inputProps={{ ...getInputProps(fields.password, { type: "password" }), autoComplete: tab === "signup" ? "new-password" : "current-password" }}
        />
        <button
          type="submit"
          name="intent"
          value={intent}
          disabled={busy}
          className="w-full rounded-lg bg-brand-600 px-4 py-2.5 font-semibold text-white hover:bg-brand-700 disabled:opacity-60"
        >
          {tab === "signup" ? (busy ? "Signing up…" : "Sign Up") : busy ? "Signing in…" : "Sign In"}
        </button>
      </Form>
    </div>
  );
}
