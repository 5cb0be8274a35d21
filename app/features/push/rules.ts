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
 * e-mail: an alert is never owed to nowhere. Here when it is queued; when its push is sent and
 * fails for good with no device left to take it, the outbox queues its mail (core/outbox.server.ts,
 * mailIfNoDeviceTookIt).
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

/**
 * The push services' hosts an endpoint may name (decision 043): the server POSTs to whatever
 * endpoint a signed-in account subscribes, so anything else would let an account aim the server at
 * the inside of its network (metadata services, Fly's private addresses, the metrics port). A name
 * that starts with "." admits its subdomains, where the service hands out several hosts.
 * - Google FCM (Chrome, and Chromium browsers such as Opera and Brave): fcm.googleapis.com. Not
 *   GCM's android.googleapis.com: Google turned GCM off in 2019, nothing delivers there.
 * - Mozilla autopush (Firefox): updates.push.services.mozilla.com.
 * - Apple (Safari, home-screen web apps on iOS): web.push.apple.com, and *.push.apple.com as
 *   Apple's web push guide tells servers to allow.
 * - Microsoft WNS (Edge on Windows): *.notify.windows.com (wns2-….notify.windows.com).
 * An operator adds hosts with PUSH_SERVICE_HOSTS (core/env.server.ts).
 */
export const PUSH_SERVICE_HOSTS = ["fcm.googleapis.com", "updates.push.services.mozilla.com", "web.push.apple.com", ".push.apple.com", ".notify.windows.com"] as const;

/** The longest endpoint kept: real ones are 150–600 characters (WNS's are the longest). */
export const ENDPOINT_MAX_CHARS = 2048;

/** Loopback hosts the tests' push service listens on: admitted in demo mode only. */
const LOOPBACK_HOSTS = ["127.0.0.1", "localhost", "[::1]"];

/** Whether `host` (a URL's hostname, lower case) is `pattern`, or under it when the pattern starts with ".". */
function hostMatches(host: string, pattern: string): boolean {
  return pattern.startsWith(".") ? host.endsWith(pattern) && host.length > pattern.length : host === pattern;
}

/** A hostname the URL parser made an IP address of (127.1, 2130706433 and 0x7f.1 all become 127.0.0.1). */
const isIpLiteral = (host: string) => host.startsWith("[") || /^\d{1,3}(\.\d{1,3}){3}$/.test(host);

export type EndpointRefusal = "not-a-url" | "too-long" | "not-https" | "port" | "credentials" | "ip-address" | "host";

/**
 * Why the server must not post to this endpoint, or null when it may: an absolute https: URL on
 * port 443 with no credentials, naming (not an IP address) one of the push services' hosts, or one
 * of `extraHosts`; in demo mode also a loopback push service (http or https, any port).
 */
export function endpointRefusal(endpoint: string, options: { demoMode: boolean; extraHosts?: readonly string[] }): EndpointRefusal | null {
  if (endpoint.length > ENDPOINT_MAX_CHARS) return "too-long";
  let url: URL;
  try {
    url = new URL(endpoint);
  } catch {
    return "not-a-url";
  }
  if (url.username !== "" || url.password !== "") return "credentials";
  if (options.demoMode && LOOPBACK_HOSTS.includes(url.hostname) && (url.protocol === "http:" || url.protocol === "https:")) return null;
  if (url.protocol !== "https:") return "not-https";
  // The parser drops a default port: "" is 443, written or not.
  if (url.port !== "") return "port";
  if (isIpLiteral(url.hostname)) return "ip-address";
  const hosts = [...PUSH_SERVICE_HOSTS, ...(options.extraHosts ?? [])];
  return hosts.some((pattern) => hostMatches(url.hostname, pattern)) ? null : "host";
}

/** The decoded length of URL-safe base64 (this module is in the browser's bundle too: no Buffer). */
const decodedLength = (value: string) => Math.floor((value.replace(/=+$/, "").length * 3) / 4);

/**
 * A key as URL-safe base64 of exactly `bytes` bytes: web-push throws on any other length, so a bad
 * key is refused here rather than when the first alert is sent.
 */
const base64url = (bytes: number) =>
  z
    .string()
    .max(Math.ceil((bytes * 4) / 3) + 2)
    .regex(/^[\w-]+={0,2}$/)
    .refine((value) => decodedLength(value) === bytes);

/**
 * A browser's PushSubscription as the page posts it. `endpoint` is refused with
 * "push.unknownPushService" when it is a URL but not a push service's (endpointRefusal), with
 * "push.badSubscription" for anything else wrong.
 */
export function subscriptionSchema(options: { demoMode: boolean; extraHosts?: readonly string[] }) {
  return z.object({
    endpoint: z
      .string()
      .superRefine((value, ctx) => {
        const refusal = endpointRefusal(value, options);
        if (refusal === null) return;
        const known = refusal !== "not-a-url" && refusal !== "too-long";
        ctx.addIssue({ code: "custom", message: known ? "push.unknownPushService" : "push.badSubscription", params: { refusal } });
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
