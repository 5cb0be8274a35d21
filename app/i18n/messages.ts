// Message keys and the one place they become text. A key names an area and a message of
// app/i18n/en.ts ("finder.badToken"); schemas put keys in their issues, routes resolve them here,
// on the server and in the browser alike, in the request's language (app/core/locale.ts) — or, for
// what is written to an account (its mails and pushes), in the account's own language (decision
// 048). The areas of TRANSLATED_AREAS (translated.ts) are complete in every language; the others
// (the signed-in pages' own texts, to be translated next, and the admin pages, which stay English)
// answer in English whatever the language.
import { bn } from "./bn";
import { en, type Catalogue, type Message } from "./en";
import { hi } from "./hi";
import { kn } from "./kn";
import { mr } from "./mr";
import { ta } from "./ta";
import { te } from "./te";
import { DEFAULT_LOCALE, INTL_LOCALE, type Locale } from "~/core/locale";

export type { Message };
export type { Locale };
export type MessageKey = { [Area in keyof Catalogue]: `${Area & string}.${keyof Catalogue[Area] & string}` }[keyof Catalogue];

type Areas = Record<string, Record<string, Message> | undefined>;
// One catalogue per locale of LOCALES: a locale added there without its catalogue is a type error.
const CATALOGUES: Record<Locale, Areas> = { en, hi, mr, bn, ta, te, kn };

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
  const found = CATALOGUES[locale][area]?.[name] ?? (en as Areas)[area]![name]!;
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
