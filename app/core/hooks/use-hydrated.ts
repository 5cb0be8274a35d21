import { useEffect, useState } from "react";

/** False in the server's HTML and until React runs in the browser: controls that need script show only then. */
export function useHydrated() {
  const [hydrated, setHydrated] = useState(false);
  useEffect(() => setHydrated(true), []);
  return hydrated;
}

// A controlled field (`value={state}`) hydrates to its state, and its state starts from the
// server's default: on a slow phone, what the person typed before React started was then erased
// (issue 34). So during hydration, and only then, a field's state starts from the element the
// server rendered, as it is now. After a client navigation the element may be the previous page's,
// so the root ends this once the first render has committed (markHydrated).
let hydrating = typeof document !== "undefined";

/** Called once by the root, after the document's first render in the browser. */
export function markHydrated() {
  hydrating = false;
}

/** While hydrating: the value now in the server-rendered field `id`; otherwise (or none) `fallback`. */
export function typedBeforeHydration(id: string, fallback: string): string {
  if (!hydrating) return fallback;
  const field = document.getElementById(id);
  return field instanceof HTMLInputElement || field instanceof HTMLTextAreaElement ? field.value : fallback;
}

/** While hydrating: the checked radio of `name` in the form `formId`, if one of `values`; otherwise `fallback`. */
export function checkedBeforeHydration<Value extends string>(formId: string, name: string, values: readonly Value[], fallback: Value): Value {
  if (!hydrating) return fallback;
  const form = document.getElementById(formId);
  const checked = form instanceof HTMLFormElement ? new FormData(form).get(name) : null;
  return values.find((value) => value === checked) ?? fallback;
}
