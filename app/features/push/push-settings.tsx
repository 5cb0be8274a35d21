// /settings → Notifications, its push part (decision 035): "Notify me on this device", the devices
// that get notifications (each removable by a plain form), where each kind of alert goes, and
// whether a notification may show a finder's words. Turning a device on needs the browser's push
// subscription, so JavaScript and the browser's permission; without them the section says so, and
// alerts keep coming by e-mail. Everything else is a plain form that saves without JavaScript.
import { useEffect, useState } from "react";
import { Form, useFetcher } from "react-router";
import { Button } from "~/components/ui/button";
import { SwitchButton } from "~/components/ui/switch-button";
import { inDate, istDateTimeIn } from "~/core/india-time";
import type { MessageKey } from "~/i18n/messages";
import { useT } from "~/i18n/use-t";
import { activeRegistration, canPush, endpointTag } from "./service-worker.client";
import type { ChannelChoice } from "./rules";

type Device = { id: string; label: string; tag: string; createdAt: Date; lastDeliveredAt: Date | null };

type PushSettingsProps = {
  /** The server's VAPID public key; null: push is not set up on this server. */
  publicKey: string | null;
  devices: Device[];
  channels: { contact: ChannelChoice; scan: ChannelChoice };
  messagePush: boolean;
  previews: boolean;
  /** A refused post's message. */
  error: MessageKey | null;
};

const CHOICE_TEXT: Record<ChannelChoice, MessageKey> = { both: "settingsPage.choiceBoth", push: "settingsPage.choicePush", email: "settingsPage.choiceEmail" };
const KIND_TEXT = { contact: "settingsPage.kindContact", scan: "settingsPage.scanAlerts" } as const satisfies Record<string, MessageKey>;

export function PushSettings({ publicKey, devices, channels, messagePush, previews, error }: PushSettingsProps) {
  const { t, m, locale } = useT();
  if (publicKey === null) {
    return (
      <div className="text-sm" data-testid="push-settings">
        <p className="font-medium text-slate-900">{t("settingsPage.push")}</p>
        <p className="text-slate-600">{t("push.unavailable")}</p>
      </div>
    );
  }
  return (
    <div className="space-y-5 text-sm" data-testid="push-settings">
      <div>
        <p className="font-medium text-slate-900">{t("settingsPage.push")}</p>
        <ThisDevice publicKey={publicKey} devices={devices} />
        {error ? (
          <p role="alert" className="mt-2 text-red-700" data-testid="push-error">
            {m(error).title} {m(error).description ?? ""}
          </p>
        ) : null}
      </div>

      <div>
        <p className="font-medium text-slate-900">{t("settingsPage.devices")}</p>
        {devices.length === 0 ? (
          <p className="text-slate-600">{t("settingsPage.noDevices")}</p>
        ) : (
          <ul className="mt-1 divide-y divide-slate-100" data-testid="push-devices">
            {devices.map((device) => (
              <li key={device.id} className="flex items-center gap-3 py-2">
                <div className="min-w-0 flex-1">
                  <p className="text-slate-900">{device.label}</p>
                  <p className="text-xs text-slate-600">
                    {t("settingsPage.deviceSince", { date: inDate(device.createdAt, locale) })} ·{" "}
                    {device.lastDeliveredAt
                      ? t("settingsPage.lastNotified", { time: istDateTimeIn(device.lastDeliveredAt, locale) })
                      : t("settingsPage.notNotified")}
                  </p>
                </div>
                <Form method="post" action="/settings">
                  <input type="hidden" name="intent" value="push-remove" />
                  <input type="hidden" name="device" value={device.id} />
                  <Button type="submit" variant="outline" size="sm" aria-label={t("settingsPage.removeDevice", { name: device.label })}>
                    {t("settingsPage.remove")}
                  </Button>
                </Form>
              </li>
            ))}
          </ul>
        )}
      </div>

      <Form method="post" action="/settings" className="space-y-2" data-testid="push-channels-form">
        <input type="hidden" name="intent" value="push-channels" />
        <p className="font-medium text-slate-900">{t("settingsPage.channels")}</p>
        <p className="text-slate-600">
          {devices.length === 0
            ? t("settingsPage.channelsNoDevice")
            : t("settingsPage.channelsPushOnly")}
        </p>
        {(["contact", "scan"] as const).map((kind) => (
          <div key={kind} className="flex flex-wrap items-center gap-2">
            <label htmlFor={`channels-${kind}`} className="min-w-[min(12rem,100%)] text-slate-800">
              {t(KIND_TEXT[kind])}
            </label>
            {/* Keyed by the saved value: a save or a new device shows the new choice. */}
            <select key={channels[kind]} id={`channels-${kind}`} name={kind} defaultValue={channels[kind]} className="rounded-lg border border-slate-300 px-2 py-1.5">
              {(["both", "push", "email"] as const).map((choice) => (
                <option key={choice} value={choice}>
                  {t(CHOICE_TEXT[choice])}
                </option>
              ))}
            </select>
          </div>
        ))}
        <div className="flex flex-wrap items-center gap-2">
          <label htmlFor="channels-message" className="min-w-[min(12rem,100%)] text-slate-800">
            {t("settingsPage.kindMessage")}
          </label>
          <select key={String(messagePush)} id="channels-message" name="message" defaultValue={messagePush ? "push" : "off"} className="rounded-lg border border-slate-300 px-2 py-1.5">
            <option value="push">{t("settingsPage.messagePush")}</option>
            <option value="off">{t("settingsPage.messageOff")}</option>
          </select>
        </div>
        {/* Not "Save": that names the backup e-mail's button, in the same section. */}
        <Button type="submit" variant="outline">
          {t("settingsPage.useChoices")}
        </Button>
      </Form>

      <div className="flex items-start gap-4">
        <div className="min-w-0 flex-1">
          <p className="font-medium text-slate-900" id="push-previews-label">
            {t("settingsPage.previews")}
          </p>
          <p className="text-slate-600" id="push-previews-description">
            {t("settingsPage.previewsLead")}
          </p>
        </div>
        <Form method="post" action="/settings">
          <input type="hidden" name="intent" value="push-previews" />
          <input type="hidden" name="value" value={previews ? "off" : "on"} />
          <SwitchButton on={previews} labelId="push-previews-label" descriptionId="push-previews-description" testId="push-previews-switch" />
        </Form>
      </div>
    </div>
  );
}

type DeviceState = "no-js" | "unsupported" | "denied" | "ready" | "working" | "on" | "failed";

const STATE_TEXT: Record<Exclude<DeviceState, "ready" | "working" | "failed">, MessageKey> = {
  "no-js": "settingsPage.pushNoJs",
  unsupported: "settingsPage.pushUnsupported",
  denied: "settingsPage.pushDenied",
  on: "settingsPage.pushOn",
};

/** "Notify me on this device": the browser's subscription, posted to /settings. */
function ThisDevice({ publicKey, devices }: { publicKey: string; devices: Device[] }) {
  const fetcher = useFetcher<{ pushError?: MessageKey }>();
  const { t, m } = useT();
  const [state, setState] = useState<DeviceState>("no-js");
  // Bumped after a post: the state is read again from the browser and the new list.
  const [checks, setChecks] = useState(0);
  const tags = devices.map((device) => device.tag).join(",");

  // What this browser can do, and whether it is one of the listed devices (after each save too).
  useEffect(() => {
    let stale = false;
    (async () => {
      if (!canPush()) return setState("unsupported");
      if (Notification.permission === "denied") return setState("denied");
      const registration = await navigator.serviceWorker.getRegistration("/messaging");
      const subscription = await registration?.pushManager.getSubscription();
      const listed = subscription ? tags.split(",").includes(await endpointTag(subscription.endpoint)) : false;
      if (!stale) setState(listed ? "on" : "ready");
    })().catch(() => !stale && setState("ready"));
    return () => {
      stale = true;
    };
  }, [tags, checks]);

  async function turnOn() {
    setState("working");
    try {
      if ((await Notification.requestPermission()) !== "granted") return setState("denied");
      const registration = await activeRegistration();
      const subscription =
        (await registration.pushManager.getSubscription()) ??
        (await registration.pushManager.subscribe({ userVisibleOnly: true, applicationServerKey: publicKey }));
      const { endpoint, keys } = subscription.toJSON();
      await fetcher.submit({ intent: "push-subscribe", endpoint: endpoint ?? "", p256dh: keys?.p256dh ?? "", auth: keys?.auth ?? "" }, { method: "post", action: "/settings" });
      setChecks((n) => n + 1);
    } catch {
      setState("failed");
    }
  }

  const refused = fetcher.data?.pushError;
  if (state === "ready" || state === "working" || state === "failed") {
    return (
      <div className="mt-1 space-y-2" data-testid="push-this-device" data-state={state}>
        <p className="text-slate-600">{t("settingsPage.thisDeviceLead")}</p>
        <Button type="button" onClick={turnOn} disabled={state === "working" || fetcher.state !== "idle"}>
          {state === "working" || fetcher.state !== "idle" ? t("settingsPage.turningOn") : t("settingsPage.notifyMe")}
        </Button>
        {state === "failed" || (state === "ready" && refused) ? (
          <p role="alert" className="text-red-700">
            {m(refused ?? "push.badSubscription").title} {m(refused ?? "push.badSubscription").description ?? ""}
          </p>
        ) : null}
      </div>
    );
  }
  return (
    <p className="mt-1 text-slate-600" data-testid="push-this-device" data-state={state}>
      {t(STATE_TEXT[state])}
    </p>
  );
}
