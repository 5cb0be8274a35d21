// Push notifications' rules (decision 035): which channels an alert takes, what a device may
// register, how long a push service keeps a notice for a device that is offline. Shared by the
// settings page, the alerts that queue pushes, and the tests.
import { z } from "zod";

export type ChannelChoice = "email" | "push" | "both";
export const CHANNEL_CHOICES = ["both", "push", "email"] as const satisfies readonly ChannelChoice[];

/** The alerts an owner chooses channels for, with the profile column each is kept in. */
export const ALERT_KINDS = ["contact", "scan"] as const;
export type AlertKind = (typeof ALERT_KINDS)[number];

/** Devices one account can subscribe: a bound on the table, well above anyone's phones and laptops. */
export const DEVICES_PER_ACCOUNT = 10;

/** A finder is standing there: a day is plenty, and the push service wakes the phone at once. */
export const CONTACT_PUSH = { ttl: 24 * 60 * 60, urgency: "high" } as const;
/** A scan alert is stale within the hour it covers. */
export const SCAN_PUSH = { ttl: 60 * 60, urgency: "normal" } as const;

/** The longest piece of a finder's message a preview shows. */
export const PREVIEW_CHARS = 140;

/**
 * Where an alert goes. An owner who has not chosen gets e-mail until a device is subscribed, then
 * both. Push with no device left (removed, or unsubscribed at the push service) falls back to
 * e-mail: an alert is never owed to nowhere.
 */
export function channelsFor(choice: ChannelChoice | null, devices: number): { email: boolean; push: boolean } {
  const effective = effectiveChoice(choice, devices);
  return { email: effective !== "push", push: effective !== "email" };
}

/** The choice as it acts now (what the settings page shows as selected). */
export function effectiveChoice(choice: ChannelChoice | null, devices: number): ChannelChoice {
  if (devices === 0) return "email";
  return choice ?? "both";
}

const base64url = (bytes: number) =>
  z
    .string()
    .regex(/^[\w-]+={0,2}$/)
    // The decoded length, without decoding (this module is in the browser's bundle too).
    .refine((value) => Math.floor((value.replace(/=+$/, "").length * 3) / 4) === bytes);

/**
 * A browser's PushSubscription as the page posts it. Outside demo mode the endpoint must be https
 * (every push service is): the server posts to it, and must not be pointed at anything else.
 */
export function subscriptionSchema({ demoMode }: { demoMode: boolean }) {
  return z.object({
    endpoint: z
      .url()
      .max(1000)
      .refine((value) => {
        const url = new URL(value);
        return url.protocol === "https:" || (demoMode && url.protocol === "http:" && ["127.0.0.1", "localhost", "[::1]"].includes(url.hostname));
      }),
    p256dh: base64url(65),
    auth: base64url(16),
  });
}

/** A name the owner recognises a device by, from its User-Agent: "Chrome on Android". */
export function deviceLabel(userAgent: string | null): string {
  const ua = userAgent ?? "";
  const browser = /Edg\//.test(ua)
    ? "Edge"
    : /SamsungBrowser\//.test(ua)
      ? "Samsung Internet"
      : /OPR\//.test(ua)
        ? "Opera"
        : /Firefox\//.test(ua)
          ? "Firefox"
          : /Chrome\/|CriOS\//.test(ua)
            ? "Chrome"
            : /Safari\//.test(ua)
              ? "Safari"
              : "A browser";
  const system = /Android/.test(ua)
    ? "Android"
    : /iPhone/.test(ua)
      ? "iPhone"
      : /iPad/.test(ua)
        ? "iPad"
        : /CrOS/.test(ua)
          ? "ChromeOS"
          : /Windows/.test(ua)
            ? "Windows"
            : /Mac OS X|Macintosh/.test(ua)
              ? "Mac"
              : /Linux/.test(ua)
                ? "Linux"
                : null;
  return system ? `${browser} on ${system}` : browser;
}

/** The service worker (public/messaging-sw.js) and its scope: the conversations a notification opens. */
export const SERVICE_WORKER_URL = "/messaging-sw.js";
export const SERVICE_WORKER_SCOPE = "/messaging";

/** A new message in a conversation: normal urgency, kept a day. A finder's reply is urgent like their first message. */
export const MESSAGE_PUSH = { ttl: 24 * 60 * 60, urgency: "normal" } as const;
/**
 * How long a conversation's message waits before it is pushed: time for a recipient who has the
 * conversation open to read it live (their page marks it read as it arrives), so it is not pushed
 * to their phone as well.
 */
export const LIVE_GRACE_MS = 5_000;
