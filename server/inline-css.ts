// Pages that are not hydrated carry the app's stylesheet inline (app/root.tsx, decision 018). Its
// text is the same for every response, so the policy allows it by its hash, worked out once.
import { createHash } from "node:crypto";
import css from "../app/app.css?inline";

export const INLINE_CSS_HASH = `sha256-${createHash("sha256").update(css).digest("base64")}`;
