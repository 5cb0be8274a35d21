// Settings → Account Security: how the account signs in.
import { useT } from "~/i18n/use-t";

/** What the account signs in with, said as it is (spec 001 §2 "Account Security"). */
export function SignInMethods({ google, password, emailCode }: { google: boolean; password: boolean; emailCode: boolean }) {
  const { t } = useT();
  return (
    <div className="space-y-2 text-sm text-slate-700" data-testid="sign-in-methods">
      {google ? (
        <p>
          {t("settingsPage.signInGoogle")}{" "}
          <a href="https://myaccount.google.com/security" target="_blank" rel="noopener noreferrer" className="font-medium text-brand-700 underline">
            {t("settingsPage.googleSecurity")}
          </a>
        </p>
      ) : null}
      {password ? (
        <p>{google ? t("settingsPage.signInPasswordToo") : t("settingsPage.signInPassword")}</p>
      ) : null}
      {emailCode ? <p>{t("settingsPage.signInCode")}</p> : null}
      <p>
        {t("settingsPage.twoFactor")}
        {google ? ` ${t("settingsPage.twoFactorGoogle")}` : ""}
      </p>
    </div>
  );
}
