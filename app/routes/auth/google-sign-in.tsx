// "Continue with Google": a form post, so it works without JavaScript; the action sends the
// browser on to the provider.
import { Form, useNavigation } from "react-router";
import { useT } from "~/i18n/use-t";

export function GoogleSignIn({ redirectTo, configured }: { redirectTo: string; configured: boolean }) {
  const { t } = useT();
  const busy = useNavigation().state !== "idle";
  return (
    <Form method="post" className="mt-6">
      <input type="hidden" name="redirectTo" value={redirectTo} />
      <button
        type="submit"
        name="intent"
        value="google"
        disabled={!configured || busy}
        className="flex w-full items-center justify-center gap-3 rounded-lg border border-slate-300 bg-white px-4 py-3 font-semibold text-slate-800 shadow-sm hover:bg-slate-50 disabled:opacity-60"
      >
        <GoogleLogo />
        {t("authPage.google")}
      </button>
      {!configured ? <p className="mt-2 text-sm text-slate-600">{t("auth.googleNotConfigured")}</p> : null}
    </Form>
  );
}

function GoogleLogo() {
  return (
    <svg aria-hidden="true" viewBox="0 0 24 24" className="h-5 w-5">
      <path fill="#4285F4" d="M22.5 12.2c0-.8-.1-1.5-.2-2.2H12v4.2h5.9a5 5 0 0 1-2.2 3.3v2.7h3.6c2-1.9 3.2-4.7 3.2-8z" />
      <path fill="#34A853" d="M12 23c3 0 5.5-1 7.3-2.7l-3.6-2.7c-1 .7-2.2 1.1-3.7 1.1-2.9 0-5.3-1.9-6.2-4.5H2.1v2.8A11 11 0 0 0 12 23z" />
      <path fill="#FBBC05" d="M5.8 14.2a6.6 6.6 0 0 1 0-4.4V7H2.1a11 11 0 0 0 0 10l3.7-2.8z" />
      <path fill="#EA4335" d="M12 5.4c1.6 0 3.1.6 4.2 1.7l3.2-3.2A11 11 0 0 0 2.1 7l3.7 2.8C6.7 7.3 9.1 5.4 12 5.4z" />
    </svg>
  );
}
