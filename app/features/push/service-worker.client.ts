// The owner area's service worker, from the browser's side (decision 035). Registered on every
// signed-in page, so an installed app's /messaging is controlled from the first visit; it handles
// only push and notificationclick (public/messaging-sw.js).
import { SERVICE_WORKER_SCOPE, SERVICE_WORKER_URL } from "./rules";

/** Whether this browser can receive push at all (a service worker, the Push API, notifications). */
export function canPush(): boolean {
  return "serviceWorker" in navigator && "PushManager" in window && "Notification" in window;
}

export function registerOwnerWorker(): Promise<ServiceWorkerRegistration> | null {
  if (!("serviceWorker" in navigator)) return null;
  return navigator.serviceWorker.register(SERVICE_WORKER_URL, { scope: SERVICE_WORKER_SCOPE });
}

/**
 * The registration once its worker is active: the Push API refuses to subscribe before. Not
 * `navigator.serviceWorker.ready`, which waits for a worker controlling this page, and /settings is
 * outside the worker's scope.
 */
export async function activeRegistration(): Promise<ServiceWorkerRegistration> {
  const registration = await registerOwnerWorker()!;
  if (registration.active) return registration;
  const worker = registration.installing ?? registration.waiting;
  await new Promise<void>((resolve, reject) => {
    if (!worker) return reject(new Error("no service worker"));
    worker.addEventListener("statechange", () => {
      if (worker.state === "activated") resolve();
      else if (worker.state === "redundant") reject(new Error("the service worker was replaced"));
    });
  });
  return registration;
}

/** The endpoint's short hash, as the server tags each device (features/push/devices.server.ts endpointTag). */
export async function endpointTag(endpoint: string): Promise<string> {
  const digest = await crypto.subtle.digest("SHA-256", new TextEncoder().encode(endpoint));
  return Array.from(new Uint8Array(digest), (byte) => byte.toString(16).padStart(2, "0"))
    .join("")
    .slice(0, 16);
}
