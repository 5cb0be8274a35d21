// GET /token/stickers.pdf?copies=N: a reprint of the signed-in owner's stickers as an A4 PDF of labels.
import type { Route } from "./+types/token.stickers[.]pdf";
import { reprintSheet } from "~/features/stickers/reprint-route.server";

export function loader(args: Route.LoaderArgs) {
  return reprintSheet(args, "pdf");
}
