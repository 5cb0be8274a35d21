// A translated sentence with elements in it (a link, a token in monospace): the catalogue's text
// keeps `{name}` slots where they go, since each language puts them in its own place, and this
// fills them with the elements. Slots without an element stay as written.
import { Fragment, type ReactNode } from "react";

export function SlottedText({ text, slots }: { text: string; slots: Record<string, ReactNode> }) {
  const parts = text.split(/\{(\w+)\}/);
  return (
    <>
      {parts.map((part, index) =>
        index % 2 === 0 ? (
          part ? <Fragment key={index}>{part}</Fragment> : null
        ) : (
          <Fragment key={index}>{part in slots ? slots[part] : `{${part}}`}</Fragment>
        ),
      )}
    </>
  );
}
