// The owner's devices and push choices (decision 035): what /settings → Notifications shows and
// saves, and where an alert goes when it is queued (features/finder-contact/alerts.server.ts).
// Each setting is its own small form post (intents below), so all but "Notify me on this device"
// (which needs the browser's push subscription, so JavaScript) work without JavaScript.
import { createHash } from "node:crypto";
import { and, asc, count, eq, sql } from "drizzle-orm";
import { data } from "react-router";
import { z } from "zod";
import type { Db } from "../../../db/connection";
import { products, profiles, pushSubscriptions } from "../../../db/schema";
import { getEnv } from "~/core/env.server";
import { preparedPerConnection } from "~/core/prepared.server";
import { pushAvailable, vapidKeysOf } from "~/core/push.server";
import { redirectWithToast } from "~/core/toast.server";
import { messageIn, type Locale } from "~/i18n/messages";
import { ALERT_KINDS, CHANNEL_CHOICES, channelsFor, deviceLabel, DEVICES_PER_ACCOUNT, effectiveChoice, subscriptionSchema, type AlertKind, type ChannelChoice } from "./rules";

export const PUSH_INTENTS = ["push-subscribe", "push-remove", "push-channels", "push-previews"] as const;

type Reader = Pick<Db, "select">;

const COLUMN = { contact: profiles.contactChannels, scan: profiles.scanChannels } as const;

/** Which channels an alert of `kind` to `ownerId` takes now, the devices a push goes to, and whether it may show a preview. */
export function alertTargets(tx: Reader, ownerId: string, kind: AlertKind): { email: boolean; deviceIds: string[]; previews: boolean } {
  const prefs = tx.select({ choice: COLUMN[kind], previews: profiles.pushPreviews }).from(profiles).where(eq(profiles.id, ownerId)).get();
  const devices = pushAvailable() ? tx.select({ id: pushSubscriptions.id }).from(pushSubscriptions).where(eq(pushSubscriptions.userId, ownerId)).all() : [];
  const channels = channelsFor(prefs?.choice ?? null, devices.length);
  return { email: channels.email, deviceIds: channels.push ? devices.map((device) => device.id) : [], previews: prefs?.previews ?? false };
}

/** The owner's name for a token's item ("Laptop"), when a product names it. */
export function productName(tx: Reader, ownerId: string, token: string): string | null {
  const row = tx.select({ name: products.name }).from(products).where(and(eq(products.userId, ownerId), eq(products.token, token))).orderBy(asc(products.createdAt)).get();
  return row?.name ?? null;
}

/** A device as the page knows it: a short hash of its endpoint lets the page find "this device" without holding the endpoint. */
export const endpointTag = (endpoint: string) => createHash("sha256").update(endpoint).digest("hex").slice(0, 16);

// /settings reads them on every page: prepared once per connection (core/prepared.server.ts).
const settingsStatementsOf = preparedPerConnection((db) => ({
  prefs: db
    .select({ contact: profiles.contactChannels, scan: profiles.scanChannels, message: profiles.messagePush, previews: profiles.pushPreviews })
    .from(profiles)
    .where(eq(profiles.id, sql.placeholder("userId")))
    .prepare(),
  devices: db
    .select({ id: pushSubscriptions.id, endpoint: pushSubscriptions.endpoint, label: pushSubscriptions.deviceLabel, createdAt: pushSubscriptions.createdAt, lastDeliveredAt: pushSubscriptions.lastDeliveredAt })
    .from(pushSubscriptions)
    .where(eq(pushSubscriptions.userId, sql.placeholder("userId")))
    .orderBy(asc(pushSubscriptions.createdAt))
    .prepare(),
}));

export async function pushSettingsOf(db: Db, userId: string) {
  const statements = settingsStatementsOf(db);
  const prefs = statements.prefs.get({ userId });
  const devices = statements.devices.all({ userId });
  const keys = vapidKeysOf(db);
  return {
    /** The key a browser subscribes with; null: push is off on this server. */
    publicKey: keys?.publicKey ?? null,
    devices: devices.map(({ endpoint, ...device }) => ({ ...device, tag: endpointTag(endpoint) })),
    channels: {
      contact: effectiveChoice(prefs?.contact ?? null, devices.length),
      scan: effectiveChoice(prefs?.scan ?? null, devices.length),
    },
    /** New messages in conversations: by push (to the devices), or not at all; never by e-mail. */
    messagePush: prefs?.message ?? true,
    previews: prefs?.previews ?? false,
  };
}

const choice = z.enum(CHANNEL_CHOICES);

/** Saves one of the Notifications forms; a bad post is a 400 the page shows. `locale`: the toast's language. */
export async function pushSettingsAction(db: Db, request: Request, userId: string, formData: FormData, locale: Locale) {
  const intent = formData.get("intent");
  if (intent === "push-remove") {
    const id = String(formData.get("device") ?? "");
    await db.delete(pushSubscriptions).where(and(eq(pushSubscriptions.id, id), eq(pushSubscriptions.userId, userId))).run();
    return redirectWithToast("/settings", { type: "success", ...messageIn(locale, "push.removed") });
  }
  if (intent === "push-previews") {
    const on = formData.get("value") === "on";
    await db.update(profiles).set({ pushPreviews: on, updatedAt: new Date() }).where(eq(profiles.id, userId)).run();
    return redirectWithToast("/settings", { type: "success", ...messageIn(locale, on ? "push.previewsOn" : "push.previewsOff") });
  }
  if (intent === "push-channels") {
    const parsed = z
      .object({ ...(Object.fromEntries(ALERT_KINDS.map((kind) => [kind, choice])) as Record<AlertKind, typeof choice>), message: z.enum(["push", "off"]).optional() })
      .safeParse({ contact: formData.get("contact"), scan: formData.get("scan"), message: formData.get("message") ?? undefined });
    if (!parsed.success) return data({ intent: "push-channels" as const, pushError: "push.badChoice" as const }, { status: 400 });
    const values: Record<AlertKind, ChannelChoice> = parsed.data;
    const messagePush = parsed.data.message === undefined ? {} : { messagePush: parsed.data.message === "push" };
    await db
      .update(profiles)
      .set({ contactChannels: values.contact, scanChannels: values.scan, ...messagePush, updatedAt: new Date() })
      .where(eq(profiles.id, userId))
      .run();
    return redirectWithToast("/settings", { type: "success", ...messageIn(locale, "push.channelsSaved") });
  }
  // "push-subscribe": posted by the page's script with the browser's new subscription.
  if (!pushAvailable()) return data({ intent: "push-subscribe" as const, pushError: "push.unavailable" as const }, { status: 400 });
  const env = getEnv();
  const parsed = subscriptionSchema({ demoMode: env.demoMode, extraHosts: env.PUSH_SERVICE_HOSTS }).safeParse({
    endpoint: formData.get("endpoint"),
    p256dh: formData.get("p256dh"),
    auth: formData.get("auth"),
  });
  if (!parsed.success) {
    // An endpoint that is a URL, but not a push service's, gets its own message: the owner's browser may use one we do not know.
    const unknownService = parsed.error.issues.some((issue) => issue.message === "push.unknownPushService");
    return data({ intent: "push-subscribe" as const, pushError: unknownService ? ("push.unknownPushService" as const) : ("push.badSubscription" as const) }, { status: 400 });
  }
  const { endpoint, p256dh, auth } = parsed.data;
  const label = deviceLabel(request.headers.get("User-Agent"));
  const saved = db.transaction((tx) => {
    const mine = tx.select({ n: count() }).from(pushSubscriptions).where(eq(pushSubscriptions.userId, userId)).get();
    const known = tx.select({ userId: pushSubscriptions.userId }).from(pushSubscriptions).where(eq(pushSubscriptions.endpoint, endpoint)).get();
    if (known?.userId !== userId && (mine?.n ?? 0) >= DEVICES_PER_ACCOUNT) return false;
    // The same browser subscribed again, perhaps signed in to another account now: it is this
    // account's device from here on (a browser has one subscription per site).
    tx.insert(pushSubscriptions)
      .values({ userId, endpoint, p256dh, auth, deviceLabel: label })
      .onConflictDoUpdate({ target: pushSubscriptions.endpoint, set: { userId, p256dh, auth, deviceLabel: label, createdAt: new Date(), lastDeliveredAt: null } })
      .run();
    return true;
  });
  if (!saved) return data({ intent: "push-subscribe" as const, pushError: "push.tooManyDevices" as const }, { status: 400 });
  return redirectWithToast("/settings", { type: "success", ...messageIn(locale, "push.subscribed") });
}
