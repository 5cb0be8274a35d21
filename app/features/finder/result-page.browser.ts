// The script of a search result page loaded as a document (a sticker scan, a shared result link).
// Such a page is not hydrated (root.tsx, decision 017): it works as plain HTML, and this small
// module, loaded after the owner is painted, adds what the hydrated page does with JavaScript:
// closing the dialog with Escape or a click outside, the unlock field's digits, pending labels,
// the demo checkbox that applies itself, the number field's digits-only 4-4-4 typing, copying the
// tweet text and sharing the browser's position. Every text it shows was rendered by the server
// into data attributes, in the page's language; nothing here is needed to find or reach an owner.
import { displayNumber, keepDigits, SEARCH_TYPES, type SearchType } from "./search-number";
import { METRO_CARD_MAX } from "~/features/owner/rules";
import { TOKEN_LENGTH } from "~/features/stickers/rules";

const all = <E extends Element>(selector: string) => Array.from(document.querySelectorAll<E>(selector));

/** Escape and a click on the backdrop go where the close link goes; the panel takes the focus. */
function dialog() {
  const backdrop = document.querySelector<HTMLElement>("[data-close-href]");
  if (!backdrop) return;
  const close = () => location.assign(backdrop.dataset.closeHref!);
  document.addEventListener("keydown", (event) => {
    if (event.key === "Escape") close();
  });
  backdrop.addEventListener("click", (event) => {
    if (event.target === backdrop) close();
  });
  backdrop.querySelector<HTMLElement>("[role=dialog]")?.focus();
}

/**
 * The unlock field keeps to digits. It stays the field the server rendered (digits typed before this
 * script came are kept, issue 34); after a refused try it is selected, so the next digits replace.
 */
function digitsOnly() {
  const field = document.querySelector<HTMLInputElement>("input[data-digits-only]");
  if (!field) return;
  field.addEventListener("input", () => {
    const digits = field.value.replace(/\D/g, "");
    if (digits !== field.value) field.value = digits;
  });
  if (field.closest("form")?.querySelector("[role=alert]")) {
    field.focus();
    field.select();
  }
}

/** A submit button with `data-pending-label` says so (and is disabled) while its form is sent. */
function pendingLabels() {
  for (const form of all<HTMLFormElement>("form")) {
    form.addEventListener("submit", () => {
      const button = form.querySelector<HTMLButtonElement>("button[data-pending-label]");
      if (!button) return;
      // After the form data is read, so a disabled button does not change what is sent.
      setTimeout(() => {
        button.disabled = true;
        button.textContent = button.dataset.pendingLabel!;
      });
    });
  }
}

/** Controls that apply themselves (the demo checkbox) and the buttons only needed without script. */
function selfSubmitting() {
  for (const input of all<HTMLInputElement>("input[data-submit-on-change]")) {
    input.addEventListener("change", () => input.form?.requestSubmit());
  }
  for (const element of all("[data-without-script]")) element.remove();
}

/** The search box: digits only, a token grouped 4-4-4; picking the other type clears the number. */
function numberField() {
  const form = document.querySelector<HTMLFormElement>("form#owner-search");
  const field = form?.querySelector<HTMLInputElement>("input[name=number]");
  if (!form || !field) return;
  const label = form.querySelector(`label[for="${field.id}"]`);
  const typeOf = () => (new FormData(form).get("type") ?? "metrocard") as SearchType;
  const apply = (type: SearchType) => {
    field.maxLength = type === "metrocard" ? METRO_CARD_MAX : TOKEN_LENGTH + 2;
    field.placeholder = field.dataset[`${type}Placeholder`] ?? field.placeholder;
    if (label) label.textContent = field.dataset[`${type}Label`] ?? label.textContent;
  };
  field.addEventListener("input", () => {
    const type = typeOf();
    field.value = displayNumber(type, keepDigits(field.value, type));
  });
  for (const radio of all<HTMLInputElement>("form#owner-search input[name=type]")) {
    radio.addEventListener("change", () => {
      field.value = "";
      if (SEARCH_TYPES.includes(radio.value as SearchType)) apply(radio.value as SearchType);
    });
  }
  apply(typeOf());
  form.dataset.enhanced = "true";
}

/** Copy Tweet: offered only where the clipboard can be written. */
function copyTweet() {
  const item = document.querySelector<HTMLElement>("[data-copy-text]");
  if (!item || !navigator.clipboard) return;
  item.hidden = false;
  item.querySelector("button")?.addEventListener("click", async () => {
    try {
      await navigator.clipboard.writeText(item.dataset.copyText!);
      document.querySelector<HTMLElement>("[data-copied]")!.hidden = false;
    } catch {
      // Nothing copied: nothing to say; the Make a Tweet link still works.
    }
  });
}

/** Only when the finder asks: the browser's position for this search (2 s, once allowed). */
function shareLocation() {
  const box = document.querySelector<HTMLElement>("[data-share-location]");
  if (!box) return;
  if (!("geolocation" in navigator)) return box.remove();
  const button = box.querySelector("button")!;
  const status = box.querySelector<HTMLElement>("[role=status]")!;
  const say = (text: string, ok: boolean) => {
    status.textContent = text;
    status.className = ok ? "text-emerald-800" : "mt-1 text-red-800";
    button.disabled = false;
    if (ok) box.replaceChildren(status);
  };
  button.addEventListener("click", () => {
    button.disabled = true;
    navigator.geolocation.getCurrentPosition(
      async ({ coords }) => {
        try {
          const response = await fetch("/search/location", {
            method: "POST",
            body: new URLSearchParams({ number: box.dataset.number!, latitude: String(coords.latitude), longitude: String(coords.longitude) }),
            signal: AbortSignal.timeout(2000),
          });
          say(response.ok ? box.dataset.shared! : box.dataset.failed!, response.ok);
        } catch {
          say(box.dataset.failed!, false);
        }
      },
      () => say(box.dataset.failed!, false),
      { timeout: 2000, maximumAge: 60_000, enableHighAccuracy: false },
    );
  });
}

for (const enhance of [dialog, digitsOnly, pendingLabels, selfSubmitting, numberField, copyTweet, shareLocation]) {
  // One part failing (an old browser without some API) leaves the others and the plain page working.
  try {
    enhance();
  } catch (error) {
    console.error(error);
  }
}
// What the late-script tests wait for (tests/e2e/late-scripts.ts), as the root's data-hydrated.
document.documentElement.dataset.enhanced = "true";
