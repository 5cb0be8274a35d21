// GET /token/stickers.svg?copies=N: the same reprint as SVG, shown in the browser.
import type { Route } from "./+types/token.stickers[.]svg";
import { reprintSheet } from "~/features/stickers/reprint-route.server";

export function loader(args: Route.LoaderArgs) {
  return reprintSheet(args, "svg");
}
