// POST /admin/stickers/:batchId/passwords.csv: a new batch's tokens and passwords as CSV, handed
// once to the admin who minted it (features/stickers/mint-job.server.ts); after that, or when the
// offer has ended, back to the batch's page, which says so. A GET only shows the batch's page.
import { redirect } from "react-router";
import type { Route } from "./+types/admin.stickers.$batchId.passwords[.]csv";
import { dbContext } from "~/core/context";
import { NO_STORE } from "~/core/no-store";
import { requireAdmin } from "~/features/account/guards.server";
import { batchHref, shortId } from "~/features/stickers/admin-links";
import { takeMintPasswords } from "~/features/stickers/mint-job.server";

export function loader({ params }: Route.LoaderArgs) {
  return redirect(batchHref(params.batchId), { headers: NO_STORE });
}

export async function action({ request, context, params }: Route.ActionArgs) {
  const admin = await requireAdmin({ request, context });
  const csv = await takeMintPasswords(context.get(dbContext), params.batchId, admin.id);
  if (csv === null) return redirect(batchHref(params.batchId), { status: 303, headers: NO_STORE });
  return new Response(csv, {
    headers: {
      "Content-Type": "text/csv; charset=utf-8",
      "Content-Disposition": `attachment; filename="tagback-batch-${shortId(params.batchId)}-passwords.csv"`,
      ...NO_STORE,
    },
  });
}
