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

self.addEventListener("notificationclick", (event) => {
  event.notification.close();
  // Only a path of this site: a payload cannot send the owner elsewhere.
  const target = new URL(event.notification.data?.url ?? "/messaging", self.location.origin);
  const url = target.origin === self.location.origin ? target.href : new URL("/messaging", self.location.origin).href;
  event.waitUntil(
    (async () => {
      const windows = await self.clients.matchAll({ type: "window", includeUncontrolled: true });
      const open = windows.find((client) => client.url === url);
      if (open) return open.focus();
      return self.clients.openWindow(url);
    })(),
  );
});
