// The language switch's field (components/language-switch.tsx): on a page with a draft, one of its
// buttons sends the page's form with it, and the form's check lets that post through as it is
// (./language-draft.server.ts answers it).
export const LANGUAGE_FIELD = "lang";
