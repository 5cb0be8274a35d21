// React Router's default browser entry, except that it does not start on a document that is being
// left: a form post or link followed before the scripts arrived must not be cancelled by the
// router's start-up (core/start-up.ts, issue 34).
import { startTransition, StrictMode } from "react";
import { hydrateRoot } from "react-dom/client";
import { HydratedRouter } from "react-router/dom";
import { LEAVING_FLAG } from "~/core/start-up";

function hydrate() {
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
  hydrate();
} else {
  // Still here at the next touch, key or focus: the navigation ended without replacing the page.
  document.documentElement.dataset.startup = "deferred";
  const events = ["pointerdown", "keydown", "focusin"] as const;
  const start = () => {
    for (const type of events) removeEventListener(type, start, true);
    (window as unknown as Record<string, unknown>)[LEAVING_FLAG] = false;
    delete document.documentElement.dataset.startup;
    hydrate();
  };
  for (const type of events) addEventListener(type, start, true);
}
