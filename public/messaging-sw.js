// The owner area's service worker (decision 033), registered with scope /messaging by the signed-in
// pages. Its only jobs are showing a push notification and opening what a tap on it is about. It
// has no fetch handler and caches nothing: every owner page comes from the server, never from here,
// and nothing private is kept on the device.

self.addEventListener("push", (event) => {
  // The server's payload: { title, body, url, tag } (app/core/push.server.ts). Without one (a
  // push service's test message), a plain notice that something arrived.
  let notice = { title: "Tagback", body: "", url: "/messaging", tag: "tagback" };
  try {
    if (event.data) notice = { ...notice, ...event.data.json() };
  } catch {
    // Not JSON: keep the plain notice.
  }
  event.waitUntil(
    self.registration.showNotification(notice.title, {
      body: notice.body,
      tag: notice.tag,
      icon: "/icons/icon-192.png",
      data: { url: notice.url },
    }),
  );
});

/**
 * What a tap on a notification does, given the notification's data: opens the conversation (or
 * whatever same-origin path `data.url` names; /messaging otherwise). A window already showing that
 * page is focused; else a window of the owner area this worker controls is focused and navigated
 * to it; with none open, a new window. Named and on `self` so a test can run it in the real worker
 * against a real open page (no DevTools command clicks a notification: tests/e2e/push.spec.ts).
 * Resolves with the window client that shows the page, or null.
 */
async function openFromNotification(data) {
  // Only a path of this site: a payload cannot send the owner elsewhere.
  const target = new URL(data?.url ?? "/messaging", self.location.origin);
  const url = target.origin === self.location.origin ? target.href : new URL("/messaging", self.location.origin).href;
  // A window showing that page already (controlled or not: one opened before this worker was
  // active) is only brought forward. A refusal to focus (no tap, as in a test) is not an error.
  const windows = await self.clients.matchAll({ type: "window", includeUncontrolled: true });
  const showing = windows.find((client) => client.url === url);
  if (showing) return showing.focus().catch(() => showing);
  // Else a window of the owner area this worker controls (scope /messaging): only those can be
  // navigated from here. Focused first, while the tap still allows bringing a window forward.
  const [open] = await self.clients.matchAll({ type: "window" });
  if (!open) return self.clients.openWindow(url);
  const focused = open.focus().catch(() => open);
  const navigated = await open.navigate(url);
  await focused;
  return navigated;
}
self.openFromNotification = openFromNotification;

self.addEventListener("notificationclick", (event) => {
  event.notification.close();
  event.waitUntil(openFromNotification(event.notification.data));
});
