// GET /admin/stickers/:batchId/sheet.svg: a batch's printable sticker sheet as SVG (shown inline), rendered
// in a worker thread (sheet-jobs.server.ts).
import type { Route } from "./+types/admin.stickers.$batchId.sheet[.]svg";
import { getEnv } from "~/core/env.server";
import { dbContext } from "~/core/context";
import { requireAdmin } from "~/features/account/guards.server";
import { batchStickers } from "~/features/stickers/inventory.server";
import { sheetFileName } from "~/features/stickers/sheet-layout";
import { refuseWhenBusy } from "~/features/stickers/printables.server";
import { renderSheetSvg } from "~/features/stickers/sheet-jobs.server";
import { NO_STORE } from "~/core/no-store";

export async function loader({ request, context, params }: Route.LoaderArgs) {
  await requireAdmin({ request, context });
  const found = await batchStickers(context.get(dbContext), params.batchId, getEnv().APP_URL);
  if (!found) throw new Response("No such batch.", { status: 404, headers: NO_STORE });
  const svg = await renderSheetSvg(found.stickers).catch(refuseWhenBusy("en"));
  return new Response(svg, {
    headers: {
      "Content-Type": "image/svg+xml; charset=utf-8",
      "Content-Disposition": `inline; filename="${sheetFileName(found.batch, "svg")}"`,
      ...NO_STORE,
    },
  });
}
