// Message keys and the one place they become text. A key names an area and a message of
// app/i18n/en.ts ("finder.badToken"); schemas put keys in their issues, routes resolve them here.
import { en, type Catalogue, type Message } from "./en";

export type { Message };
export type MessageKey = { [Area in keyof Catalogue]: `${Area & string}.${keyof Catalogue[Area] & string}` }[keyof Catalogue];

export function isMessageKey(value: string): value is MessageKey {
  const [area, name] = value.split(".");
  // Own properties only: "toString" is in every object.
  return Boolean(area && name && Object.hasOwn(en, area) && Object.hasOwn(en[area as keyof Catalogue], name));
}

/** A message key, checked by the compiler: what schemas put in their issues. */
export const key = (messageKey: MessageKey): MessageKey => messageKey;

/** The message of a key. */
export function message(key: MessageKey): Message {
  const [area, name] = key.split(".") as [keyof Catalogue, string];
  return (en[area] as Record<string, Message>)[name]!;
}

/** For field errors, which arrive as plain strings: the message of a key, or `fallback`. */
export function messageOf(value: string | undefined, fallback: MessageKey): Message {
  return message(value && isMessageKey(value) ? value : fallback);
}
