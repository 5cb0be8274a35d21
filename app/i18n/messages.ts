// Message keys and the one place they become text. A key names an area and a message of
// app/i18n/en.ts ("finder.badToken"); schemas put keys in their issues, routes resolve them here,
// on the server and in the browser alike, in the request's language (app/core/locale.ts) — or, for
// what is written to an account (its mails and pushes), in the account's own language (decision
// 048). The areas of TRANSLATED_AREAS (translated.ts) are complete in every language: the finder's
// and the owner's pages, mails and pushes; the others (the admin pages) answer in English whatever
// the language.
//
// The server holds every language from the start. A browser holds English and the page's language
// only: the seven catalogues are ~1 MB of source, 161 KB compressed in one chunk, which a finder's
// landing page would download whole (DESIGN §8: a hydrating page's JavaScript under 150 KB). The
// page's language is loaded before hydration (entry.client.tsx) and before a navigation that
// changes it is shown (root.tsx's clientLoader): `loadCatalogue`.
import { en, type Catalogue, type Message } from "./en";
import { DEFAULT_LOCALE, INTL_LOCALE, type Locale } from "~/core/locale";

export type { Message };
export type { Locale };
export type MessageKey = { [Area in keyof Catalogue]: `${Area & string}.${keyof Catalogue[Area] & string}` }[keyof Catalogue];

type Areas = Record<string, Record<string, Message> | undefined>;
// One loader per locale of LOCALES: a locale added there without its catalogue is a type error.
// Each is a chunk of its own in the browser's build.
const LOADERS: Record<Exclude<Locale, "en">, () => Promise<Areas>> = {
  hi: () => import("./hi").then((module) => module.hi),
  mr: () => import("./mr").then((module) => module.mr),
  bn: () => import("./bn").then((module) => module.bn),
  ta: () => import("./ta").then((module) => module.ta),
  te: () => import("./te").then((module) => module.te),
  kn: () => import("./kn").then((module) => module.kn),
};

async function everyCatalogue(): Promise<Record<Locale, Areas>> {
  const [hi, mr, bn, ta, te, kn] = await Promise.all([LOADERS.hi(), LOADERS.mr(), LOADERS.bn(), LOADERS.ta(), LOADERS.te(), LOADERS.kn()]);
  return { en, hi, mr, bn, ta, te, kn };
}

// The server's build (and the tests) wait for every language as the module loads; the browser's
// drops this branch, and with it the static need for any catalogue but English. Outside Vite (the
// end-to-end tests' own imports) there is no import.meta.env: no document means a server.
const SERVER = import.meta.env ? import.meta.env.SSR : typeof document === "undefined";
const CATALOGUES: Partial<Record<Locale, Areas>> = SERVER ? await everyCatalogue() : { en };

/** Loads a language's catalogue into this page (the browser); at once when it is here already. */
export async function loadCatalogue(locale: Locale): Promise<void> {
  if (CATALOGUES[locale] || locale === "en") return;
  CATALOGUES[locale] = await LOADERS[locale]();
}

export function isMessageKey(value: string): value is MessageKey {
  const [area, name] = value.split(".");
  // Own properties only: "toString" is in every object.
  return Boolean(area && name && Object.hasOwn(en, area) && Object.hasOwn(en[area as keyof Catalogue], name));
}

/** A message key, checked by the compiler: what schemas put in their issues. */
export const key = (messageKey: MessageKey): MessageKey => messageKey;

/** Values for a message's `{name}` slots: numbers in the language's format, strings as given. */
export type MessageValues = Record<string, string | number>;

function fill(text: string, values: MessageValues | undefined, locale: Locale): string {
  if (!values) return text;
  return text.replace(/\{(\w+)\}/g, (slot, name: string) => {
    const value = values[name];
    if (value === undefined) return slot;
    return typeof value === "number" ? new Intl.NumberFormat(INTL_LOCALE[locale]).format(value) : value;
  });
}

/** The message of a key, in English. */
export function message(key: MessageKey): Message {
  return messageIn(DEFAULT_LOCALE, key);
}

/** The message of a key in `locale` (English where that language has no such area). */
export function messageIn(locale: Locale, key: MessageKey, values?: MessageValues): Message {
  const [area, name] = key.split(".") as [string, string];
  const found = CATALOGUES[locale]?.[area]?.[name] ?? (en as Areas)[area]![name]!;
  if (!values) return found;
  return {
    title: fill(found.title, values, locale),
    ...(found.description === undefined ? {} : { description: fill(found.description, values, locale) }),
  };
}

/** For field errors, which arrive as plain strings: the message of a key, or `fallback`. */
export function messageOf(value: string | undefined, fallback: MessageKey, locale: Locale = DEFAULT_LOCALE): Message {
  return messageIn(locale, value && isMessageKey(value) ? value : fallback);
}

/** What components use (through useT()): the title of a key, and the whole message, in one language. */
export function translator(locale: Locale) {
  return {
    locale,
    /** The text of a one-line message. */
    t: (messageKey: MessageKey, values?: MessageValues) => messageIn(locale, messageKey, values).title,
    /** A message with its description. */
    m: (messageKey: MessageKey, values?: MessageValues) => messageIn(locale, messageKey, values),
  };
}
export type Translator = ReturnType<typeof translator>;
