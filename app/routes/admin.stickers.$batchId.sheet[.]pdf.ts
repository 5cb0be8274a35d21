// GET /admin/stickers/:batchId/sheet.pdf: a batch's sticker sheet as an A4 PDF for label sheets
// (features/stickers/sheet.server.ts: LABEL_SHEET), downloaded as a file. Rendered in a worker thread
// (sheet-jobs.server.ts): a sheet of thousands of stickers takes seconds of CPU.
import type { Route } from "./+types/admin.stickers.$batchId.sheet[.]pdf";
import { getEnv } from "~/core/env.server";
import { dbContext } from "~/core/context";
import { requireAdmin } from "~/features/account/guards.server";
import { batchStickers } from "~/features/stickers/inventory.server";
import { sheetFileName } from "~/features/stickers/sheet-layout";
import { refuseWhenBusy } from "~/features/stickers/printables.server";
import { renderSheetPdf } from "~/features/stickers/sheet-jobs.server";
import { NO_STORE } from "~/core/no-store";

export async function loader({ request, context, params }: Route.LoaderArgs) {
  await requireAdmin({ request, context });
  const found = await batchStickers(context.get(dbContext), params.batchId, getEnv().APP_URL);
  if (!found) throw new Response("No such batch.", { status: 404, headers: NO_STORE });
  const pdf = await renderSheetPdf(found.stickers, `Tagback stickers ${found.batch.id}`).catch(refuseWhenBusy("en"));
  return new Response(pdf, {
    headers: {
      "Content-Type": "application/pdf",
      "Content-Disposition": `attachment; filename="${sheetFileName(found.batch, "pdf")}"`,
      ...NO_STORE,
    },
  });
}
