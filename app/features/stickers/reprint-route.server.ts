// GET /token/stickers.pdf and /token/stickers.svg (?copies=N): the signed-in owner's verified
// tokens on the admin's label sheet (one sheet generator: sheet.server.ts, in the print worker).
import type { RouterContextProvider } from "react-router";
import { dbContext } from "~/core/context";
import { getEnv } from "~/core/env.server";
import { NO_STORE } from "~/core/no-store";
import { requireUser } from "~/features/account/guards.server";
import { printFor, refuseWhenBusy, reprintCopies, reprintStickers } from "./printables.server";
import { renderSheetPdf, renderSheetSvg } from "./sheet-jobs.server";
import { messageIn } from "~/i18n/messages";
import { localeContext } from "~/middleware/i18n";

type Args = { request: Request; context: Readonly<RouterContextProvider> };

export async function reprintSheet({ request, context }: Args, format: "pdf" | "svg"): Promise<Response> {
  const user = requireUser({ request, context });
  const db = context.get(dbContext);
  const locale = context.get(localeContext);
  const copies = reprintCopies(new URL(request.url).searchParams, locale);
  if (!copies.ok) throw copies.response;
  const stickers = await reprintStickers(db, user.id, copies.copies, getEnv().APP_URL, locale);
  const bytes = await printFor(db, user.id, locale, () =>
    (format === "pdf" ? renderSheetPdf(stickers, messageIn(locale, "token.sheetTitle").title) : renderSheetSvg(stickers)).catch(refuseWhenBusy(locale)),
  );
  return new Response(bytes, {
    headers: {
      "Content-Type": format === "pdf" ? "application/pdf" : "image/svg+xml; charset=utf-8",
      "Content-Disposition": `${format === "pdf" ? "attachment" : "inline"}; filename="tagback-my-stickers.${format}"`,
      ...NO_STORE,
    },
  });
}
