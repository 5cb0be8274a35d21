// /settings (spec 001 §2 "Settings"): Privacy (each switch saved by its own form post), Account
// Information, Notifications (contact alerts' backup e-mail and opt-in scan alerts,
// app/features/finder-contact/; push notifications and this device, app/features/push/), two-factor
// (honestly not available yet), Language (the account's, which its mails and pushes are written in:
// features/account/account-locale.server.ts, decision 048), Account Security (with passkeys: app/features/account/passkey-settings.tsx),
// Danger Zone (Delete my account, app/features/account/delete-account.tsx, and Contact support)
// and Logout.
import { parseWithZod } from "@conform-to/zod/v4";
import { data, Form, Link, useFetcher, useRouteLoaderData } from "react-router";
import type { Route } from "./+types/route";
import { Button } from "~/components/ui/button";
import { SwitchButton } from "~/components/ui/switch-button";
import { FormAlert } from "~/components/ui/form-alert";
import { Section } from "~/components/ui/section";
import { requireUser } from "~/features/account/guards.server";
import { signInMethods } from "~/features/account/users.server";
import { dbContext } from "~/core/context";
import type { loader as appLoader } from "~/routes/_app";
import { getOwnProfile, updatePrivacySetting } from "~/features/owner/profiles.server";
import { readForm, unknownIntent } from "~/middleware/read-form.server";
import { deleteAccountLink, PRIVACY_SETTINGS, privacySchema, type PrivacySetting } from "~/features/owner/privacy";
import { redirectWithToast } from "~/core/toast.server";
import { AlertSettings } from "~/features/finder-contact/alert-settings";
import { ALERT_INTENTS, alertSettingsAction, alertSettingsOf } from "~/features/finder-contact/alert-settings.server";
import { DeleteAccount, DELETE_ACCOUNT_INTENT } from "~/features/account/delete-account";
import { PushSettings } from "~/features/push/push-settings";
import { PUSH_INTENTS, pushSettingsAction, pushSettingsOf } from "~/features/push/devices.server";
import { deleteAccountAction } from "~/features/account/erasure.server";
import { PasskeySettings, REMOVE_PASSKEY_INTENT } from "~/features/account/passkey-settings";
import { passkeysOf, removePasskey } from "~/features/account/passkeys.server";
import { signInCodesAvailable } from "~/features/account/sign-in-codes.server";
import { accountLocaleOf, setAccountLocale } from "~/features/account/account-locale.server";
import { isLocale, LOCALES, LOCALE_NAMES } from "~/core/locale";
import { localeCookie } from "~/i18n/locale-cookie.server";
import { messageIn } from "~/i18n/messages";
import { localeContext } from "~/middleware/i18n";
import { metaT, useT } from "~/i18n/use-t";
import { AccountLanguage, LANGUAGE_INTENT } from "./account-language";
import { SignInMethods } from "./sign-in-methods";
import type { RouteHandle } from "~/core/route-handle";
import { languageSwitchOf } from "~/features/account/language-draft.server";
import { BACKUP_EMAIL_FORM } from "~/features/finder-contact/alert-settings";
import type { MessageKey } from "~/i18n/messages";

// The language switch sends the backup e-mail's form with what was typed in it (RouteHandle.draftForm; issue 48).
export const handle: RouteHandle = { draftForm: BACKUP_EMAIL_FORM };

export const meta: Route.MetaFunction = ({ matches }) => [{ title: metaT(matches).t("settingsPage.metaTitle") }];

/** Each privacy switch's name and what it does. */
const PRIVACY_COPY: Record<PrivacySetting, MessageKey> = {
  maskBio: "settingsPage.maskBio",
  useSocialIcons: "settingsPage.useSocialIcons",
  showEmail: "settingsPage.showEmail",
  showMobile: "settingsPage.showMobile",
};

export async function loader(args: Route.LoaderArgs) {
  const user = requireUser(args);
  const db = args.context.get(dbContext);
  const [profile, signIn, alerts, passkeys, push] = await Promise.all([
    getOwnProfile(db, user.id),
    signInMethods(db, user.id),
    alertSettingsOf(db, user.id),
    passkeysOf(db, user.id),
    pushSettingsOf(db, user.id),
  ]);
  const privacy = Object.fromEntries(PRIVACY_SETTINGS.map((name) => [name, profile?.[name] ?? false])) as Record<PrivacySetting, boolean>;
  return {
    privacy,
    email: user.email,
    language: accountLocaleOf(db, user.id),
    signIn,
    emailCode: signInCodesAvailable(),
    alerts,
    passkeys,
    push,
    deleteAccountHref: deleteAccountLink(user.email),
  };
}

export async function action({ request, context }: Route.ActionArgs) {
  const user = requireUser({ request, context });
  const formData = await readForm(request);
  const intent = formData.get("intent");
  // A language chosen while typing the backup address: nothing is saved, the address comes back as typed.
  const switched = intent === LANGUAGE_INTENT ? null : await languageSwitchOf(context, user.id, formData);
  if (switched) return data({ intent: "backup-email" as const, backupDraft: String(formData.get("backupEmail") ?? "") }, { headers: switched });
  // Toasts in the request's language: the page they are shown on is in it.
  const locale = context.get(localeContext);
  if ((ALERT_INTENTS as readonly unknown[]).includes(intent)) return alertSettingsAction(context.get(dbContext), user.id, formData, locale);
  if ((PUSH_INTENTS as readonly unknown[]).includes(intent)) return pushSettingsAction(context.get(dbContext), request, user.id, formData, locale);
  if (intent === DELETE_ACCOUNT_INTENT) return deleteAccountAction(context.get(dbContext), request, user, formData);
  if (intent === LANGUAGE_INTENT) return saveLanguage(context, user.id, formData.get("lang"));
  if (intent === REMOVE_PASSKEY_INTENT) {
    // Only a passkey of this account: another account's id is "not found", like a removed one.
    const removed = await removePasskey(context.get(dbContext), user.id, String(formData.get("passkey") ?? ""));
    if (!removed) return data({ intent: REMOVE_PASSKEY_INTENT, passkeyError: "auth.passkeyNotFound" as const }, { status: 404 });
    return redirectWithToast("/settings", { type: "success", ...messageIn(locale, "auth.passkeyRemoved") });
  }
  if (intent !== "privacy") return unknownIntent();
  const submission = parseWithZod(formData, { schema: privacySchema });
  if (submission.status !== "success") {
    return data({ intent: "privacy", result: submission.reply(), error: "settings.updateFailed" as const }, { status: 400 });
  }
  await updatePrivacySetting(context.get(dbContext), user.id, submission.value.setting, submission.value.value === "on");
  return redirectWithToast("/settings", { type: "success", ...messageIn(locale, "settings.privacyUpdated") });
}

/**
 * The account's language, chosen here: its mails and pushes come in it from now on, and the
 * switch's cookie follows, so the pages do too (as the switch itself does while signed in).
 */
async function saveLanguage(context: Route.ActionArgs["context"], userId: string, chosen: FormDataEntryValue | null) {
  if (!isLocale(chosen)) {
    return data({ intent: LANGUAGE_INTENT, languageError: `${messageIn(context.get(localeContext), "site.chooseLanguage").title} (${LOCALES.join(", ")})` }, { status: 400 });
  }
  await setAccountLocale(context.get(dbContext), userId, chosen);
  return redirectWithToast(
    "/settings",
    { type: "success", ...messageIn(chosen, "accountLanguage.saved", { language: LOCALE_NAMES[chosen] }) },
    { headers: { "Set-Cookie": await localeCookie().serialize(chosen) } },
  );
}

export default function SettingsPage({ loaderData, actionData }: Route.ComponentProps) {
  const { privacy, email, language, signIn, emailCode, alerts, passkeys, push, deleteAccountHref } = loaderData;
  const { t, m } = useT();
  const languageRefused = actionData && "languageError" in actionData ? actionData.languageError : null;
  const passkeyRefused = actionData && "passkeyError" in actionData ? m(actionData.passkeyError) : null;
  const backupRefused = actionData && "backupEmailError" in actionData ? { error: t(actionData.backupEmailError), typed: actionData.backupEmail } : null;
  const backupDraft = actionData && "backupDraft" in actionData ? actionData.backupDraft : null;
  const pushRefused = actionData && "pushError" in actionData ? actionData.pushError : null;
  const deleteRefused = actionData && "deleteError" in actionData ? { ...m(actionData.deleteError), typed: actionData.typed } : null;
  const admin = useRouteLoaderData<typeof appLoader>("routes/_app")?.isAdmin ?? false;
  return (
    <div className="max-w-3xl space-y-6">
      <h1 className="text-2xl font-bold">{t("settingsPage.heading")}</h1>

      <Section id="privacy-title" title={t("settingsPage.privacy")}>
        {actionData && "error" in actionData && actionData.error ? (
          <p role="alert" className="mb-3 rounded-lg border border-red-300 bg-red-50 p-3 text-sm text-red-900">
            <span className="font-semibold">{t(actionData.error)}</span>: {t("settingsPage.privacyNotSaved")}
          </p>
        ) : null}
        <ul className="divide-y divide-slate-100">
          {PRIVACY_SETTINGS.map((name) => (
            <PrivacyToggle key={name} name={name} on={privacy[name]} />
          ))}
        </ul>
      </Section>

      <Section id="account-title" title={t("settingsPage.accountInfo")}>
        <dl className="space-y-2 text-sm">
          <div className="flex flex-wrap gap-x-3">
            <dt className="font-medium text-slate-600">{t("settingsPage.email")}</dt>
            <dd className="break-all text-slate-900" data-testid="account-email">
              {email}
            </dd>
          </div>
          <div className="flex flex-wrap gap-x-3">
            <dt className="font-medium text-slate-600">{t("settingsPage.adminLink")}</dt>
            <dd data-testid="admin-indicator">
              {admin ? (
                <>
                  {t("settingsPage.yes")} ·{" "}
                  <Link to="/admin/lookup" className="font-medium text-brand-700 underline">
                    {t("settingsPage.openAdmin")}
                  </Link>
                </>
              ) : (
                t("settingsPage.no")
              )}
            </dd>
          </div>
        </dl>
      </Section>

      <Section id="notifications-title" title={t("settingsPage.notifications")}>
        <AlertSettings email={email} backupEmail={alerts.backupEmail} scanAlerts={alerts.scanAlerts} refused={backupRefused} draft={backupDraft} />
        <div className="mt-5 border-t border-slate-100 pt-5">
          <PushSettings {...push} error={pushRefused} />
        </div>
      </Section>

      <AccountLanguage language={language} refused={languageRefused} />

      <Section id="security-title" title={t("settingsPage.security")}>
        <SignInMethods google={signIn.google} password={signIn.password} emailCode={emailCode} />
        {passkeyRefused ? <FormAlert title={passkeyRefused.title} description={passkeyRefused.description} /> : null}
        <PasskeySettings passkeys={passkeys} />
      </Section>

      <Section id="data-title" title={t("settingsPage.yourData")}>
        <p className="text-sm text-slate-800">{t("settingsPage.dataLead")}</p>
        <p className="mt-3 flex flex-wrap gap-4 text-sm">
          {/* A plain link: the download is a file, not a page for the router. */}
          <a href="/settings/data" className="min-w-0 font-medium text-brand-700 underline" data-testid="download-data">
            {t("settingsPage.download")}
          </a>
          <Link to="/settings/data/summary" className="min-w-0 font-medium text-brand-700 underline">
            {t("settingsPage.whatAndWhy")}
          </Link>
        </p>
      </Section>

      <Section id="danger-title" title={t("settingsPage.dangerZone")} tone="danger">
        <DeleteAccount email={email} supportHref={deleteAccountHref} refused={deleteRefused} />
      </Section>

      <Form method="post" action="/logout">
        <Button type="submit" variant="danger-outline">
          {t("appNav.logout")}
        </Button>
      </Form>
    </div>
  );
}

/**
 * One form per setting: the switch is its submit button, so it saves with or without JavaScript.
 * With JavaScript it flips at once while the post is on its way.
 */
function PrivacyToggle({ name, on }: { name: PrivacySetting; on: boolean }) {
  const fetcher = useFetcher();
  const { m } = useT();
  const pending = fetcher.formData?.get("setting") === name ? fetcher.formData.get("value") === "on" : null;
  const shown = pending ?? on;
  const copy = m(PRIVACY_COPY[name]);
  const descriptionId = `${name}-description`;
  return (
    <li className="flex items-start gap-4 py-3">
      <div className="min-w-0 flex-1">
        <p className="font-medium text-slate-900" id={`${name}-label`}>
          {copy.title}
        </p>
        <p id={descriptionId} className="text-sm text-slate-600">
          {copy.description}
        </p>
      </div>
      <fetcher.Form method="post" action="/settings">
        <input type="hidden" name="intent" value="privacy" />
        <input type="hidden" name="setting" value={name} />
        <input type="hidden" name="value" value={shown ? "off" : "on"} />
        <SwitchButton on={shown} labelId={`${name}-label`} descriptionId={descriptionId} testId={`privacy-${name}`} />
      </fetcher.Form>
    </li>
  );
}
