// The Notifications section of /settings: contact alerts (always on, to the account's e-mail and
// the backup e-mail typed here) and scan alerts (an opt-in switch). Plain forms: they save with
// JavaScript off.
import { Form } from "react-router";
import { Button } from "~/components/ui/button";
import { SwitchButton } from "~/components/ui/switch-button";
import { useT } from "~/i18n/use-t";
import { SCAN_ALERT_INTERVAL_MINUTES } from "./rules";

/** The backup e-mail's form: the language switch sends it with what was typed (RouteHandle.draftForm). */
export const BACKUP_EMAIL_FORM = "backup-email-form";

type AlertSettingsProps = {
  email: string;
  backupEmail: string | null;
  scanAlerts: boolean;
  /** A refused backup address, with what was typed. */
  refused: { error: string; typed: string } | null;
  /** What was typed when the language was switched, as it was. */
  draft?: string | null;
};

export function AlertSettings({ email, backupEmail, scanAlerts, refused, draft = null }: AlertSettingsProps) {
  const { t } = useT();
  return (
    <div className="space-y-5 text-sm">
      <div>
        <p className="font-medium text-slate-900">{t("settingsPage.contactAlerts")}</p>
        <p className="text-slate-600">
          {t("settingsPage.contactAlertsLead", {
            addresses: backupEmail ? t("settingsPage.twoAddresses", { email, backup: backupEmail }) : email,
          })}
        </p>
        <Form id={BACKUP_EMAIL_FORM} method="post" action="/settings" noValidate className="mt-2 flex flex-wrap items-end gap-2" data-testid="backup-email-form">
          <input type="hidden" name="intent" value="backup-email" />
          <div className="min-w-0 flex-1 basis-48">
            <label htmlFor="backup-email" className="block font-medium text-slate-800">
              {t("settingsPage.backupLabel")}
            </label>
            <input
              id="backup-email"
              name="backupEmail"
              type="email"
              autoComplete="email"
              defaultValue={refused ? refused.typed : (draft ?? backupEmail ?? "")}
              aria-invalid={refused ? true : undefined}
              aria-describedby={refused ? "backup-email-error" : "backup-email-help"}
              className="mt-1 block w-full rounded-lg border border-slate-300 px-3 py-2 aria-invalid:border-red-500"
            />
          </div>
          <Button type="submit" variant="outline">
            {t("settingsPage.save")}
          </Button>
        </Form>
        {refused ? (
          <p id="backup-email-error" role="alert" className="mt-1 text-red-700" data-testid="backup-email-error">
            {refused.error}
          </p>
        ) : (
          <p id="backup-email-help" className="mt-1 text-xs text-slate-600">
            {t("settingsPage.backupHelp")}
          </p>
        )}
      </div>

      <div className="flex items-start gap-4">
        <div className="min-w-0 flex-1">
          <p className="font-medium text-slate-900" id="scan-alerts-label">
            {t("settingsPage.scanAlerts")}
          </p>
          <p className="text-slate-600" id="scan-alerts-description">
            {t("settingsPage.scanAlertsLead", { minutes: SCAN_ALERT_INTERVAL_MINUTES })}
          </p>
        </div>
        <Form method="post" action="/settings">
          <input type="hidden" name="intent" value="scan-alerts" />
          <input type="hidden" name="value" value={scanAlerts ? "off" : "on"} />
          <SwitchButton on={scanAlerts} labelId="scan-alerts-label" descriptionId="scan-alerts-description" testId="scan-alerts-switch" />
        </Form>
      </div>
    </div>
  );
}
