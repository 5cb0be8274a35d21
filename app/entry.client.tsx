// React Router's default browser entry, except that it does not start on a document that is being
// left: a form post or link followed before the scripts arrived must not be cancelled by the
// router's start-up (core/start-up.ts, issue 34).
import { startTransition, StrictMode } from "react";
import { hydrateRoot } from "react-dom/client";
import { HydratedRouter } from "react-router/dom";
import { LEAVING_FLAG } from "~/core/start-up";
import { isLocale } from "~/core/locale";
import { loadCatalogue } from "~/i18n/messages";

// The page's language (root.tsx writes it on <html lang>), loaded before hydrating so the first
// render in the browser says what the server's did; English is in the bundle (app/i18n/messages.ts).
const pageLocale = document.documentElement.lang;
const catalogue = isLocale(pageLocale) ? loadCatalogue(pageLocale).catch(() => undefined) : Promise.resolve();

async function hydrate() {
  await catalogue;
  startTransition(() => {
    hydrateRoot(
      document,
      <StrictMode>
        <HydratedRouter />
      </StrictMode>,
    );
  });
}

const leaving = () => (window as unknown as Record<string, unknown>)[LEAVING_FLAG] === true;

if (!leaving()) {
  void hydrate();
} else {
  // Still here at the next touch, key or focus: the navigation ended without replacing the page.
  document.documentElement.dataset.startup = "deferred";
  const events = ["pointerdown", "keydown", "focusin"] as const;
  const start = () => {
    for (const type of events) removeEventListener(type, start, true);
    (window as unknown as Record<string, unknown>)[LEAVING_FLAG] = false;
    delete document.documentElement.dataset.startup;
    void hydrate();
  };
  for (const type of events) addEventListener(type, start, true);
}
