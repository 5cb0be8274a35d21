// Pages that are not hydrated carry a stylesheet inline (app/root.tsx, decision 018): a scan result
// its own small one (app/result-page.css, decision 029), the others the app's. Each text is the same
// for every response, so the policy allows them by their hashes, worked out once.
import { createHash } from "node:crypto";
import appCss from "../app/app.css?inline";
import resultPageCss from "../app/result-page.css?inline";

const hashOf = (css: string) => `sha256-${createHash("sha256").update(css).digest("base64")}`;

export const INLINE_CSS_HASHES = [hashOf(appCss), hashOf(resultPageCss)];
