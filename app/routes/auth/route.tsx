// /auth (spec 001 §5; issue 33): Google sign-in, a passkey (passkey-sign-in.tsx, with JavaScript
// only), a code by e-mail (email-sign-in.tsx, then /auth/code), and developer mode's e-mail and password accounts behind
// the admin password. Every button is a form post or a link, so the page works without JavaScript.
// The parts: google-sign-in.tsx, password-forms.tsx, dev-mode-dialog.tsx; what each post does is
// in auth-intents.server.ts.
import { Link, useActionData, useLoaderData } from "react-router";
import type { Route } from "./+types/route";
import { dbContext, requestInfoContext } from "~/core/context";
import { localeContext } from "~/middleware/i18n";
import { readForm, unknownIntent } from "~/middleware/read-form.server";
import { safeRedirect } from "~/core/safe-redirect";
import { googleSignInConfigured } from "~/features/account/google-auth.server";
import { signInCodesAvailable } from "~/features/account/sign-in-codes.server";
import { requireAnonymous } from "~/features/account/guards.server";
import { authPath, type Tab } from "./auth-path";
import {
  requestSignInCode,
  signInWithPassword,
  signUpWithPassword,
  startGoogleSignIn,
  unlockDeveloperMode,
  type IntentArgs,
} from "./auth-intents.server";
import { DevModeDialog } from "./dev-mode-dialog";
import { isDevModeEnabled } from "./dev-mode.server";
import { EmailSignIn } from "./email-sign-in";
import { GoogleSignIn } from "./google-sign-in";
import { PasskeySignIn } from "./passkey-sign-in";
import { PasswordForms } from "./password-forms";
import { metaT, useT } from "~/i18n/use-t";

export const meta: Route.MetaFunction = ({ matches }) => {
  const { t } = metaT(matches);
  return [{ title: t("authPage.metaTitle") }, { name: "description", content: t("authPage.metaDescription") }];
};

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
    emailCodes: signInCodesAvailable(),
  };
}

export async function action({ request, context }: Route.ActionArgs) {
  requireAnonymous({ context });
  // A clone: the Google strategy reads the original request after us.
  const formData = await readForm(request.clone());
  const args: IntentArgs = {
    request,
    formData,
    db: context.get(dbContext),
    clientIp: context.get(requestInfoContext).clientIp,
    redirectTo: safeRedirect(formData.get("redirectTo"), ""),
    locale: context.get(localeContext),
  };
  switch (formData.get("intent")) {
    case "google":
      return startGoogleSignIn(args);
    case "email-code":
      return requestSignInCode(args);
    case "dev-unlock":
      return unlockDeveloperMode(args);
    case "sign-up":
      return signUpWithPassword(args);
    case "sign-in":
      return signInWithPassword(args);
    default:
      return unknownIntent();
  }
}

export default function AuthPage() {
  const { redirectTo, devMode, devDialogOpen, tab, googleConfigured, emailCodes } = useLoaderData<typeof loader>();
  const actionData = useActionData<typeof action>();
  const { t } = useT();
  const showDevDialog = !devMode && (devDialogOpen || actionData?.intent === "dev-unlock");

  return (
    <section className="mx-auto max-w-md px-4 py-10">
      <h1 className="text-2xl font-bold">{t("authPage.heading")}</h1>
      <p className="mt-2 text-slate-600">{t("authPage.lead")}</p>

      <GoogleSignIn redirectTo={redirectTo} configured={googleConfigured} />
      <PasskeySignIn redirectTo={redirectTo} />

      {emailCodes ? <EmailSignIn redirectTo={redirectTo} /> : null}

      {devMode ? (
        <PasswordForms tab={tab} redirectTo={redirectTo} />
      ) : (
        <p className="mt-8 text-center text-sm">
          <Link to={authPath({ redirectTo, dev: true })} className="text-slate-600 underline">
            {t("authPage.devMode")}
          </Link>
        </p>
      )}

      {showDevDialog ? <DevModeDialog redirectTo={redirectTo} /> : null}
    </section>
  );
}
