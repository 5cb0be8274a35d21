// GET /settings/data (issue 25, DESIGN §5): everything Tagback holds about the signed-in owner, as a
// JSON file to keep (features/account/data-export.server.ts says what is in it and what is not).
// Below the signed-in layout, so an anonymous visitor is sent to sign in and brought back.
// `?view=summary` is the readable page, which lives at its own URL because a page's loader cannot
// answer with a file.
import { redirect } from "react-router";
import type { Route } from "./+types/_app.settings_.data";
import { dbContext } from "~/core/context";
import { NO_STORE } from "~/core/no-store";
import { exportOwnData } from "~/features/account/data-export.server";
import { requireUser } from "~/features/account/guards.server";

// React Router also answers /settings/data.data (its single-fetch URL) with this loader's data; the
// Response's own headers stay behind there, so the route says no-store for it too.
export const headers: Route.HeadersFunction = () => NO_STORE;

export async function loader({ request, context }: Route.LoaderArgs) {
  const user = requireUser({ request, context });
  if (new URL(request.url).searchParams.get("view") === "summary") return redirect("/settings/data/summary", { headers: NO_STORE });
  const data = await exportOwnData(context.get(dbContext), user.id);
  return new Response(JSON.stringify(data, null, 2), {
    headers: {
      "Content-Type": "application/json; charset=utf-8",
      "Content-Disposition": `attachment; filename="tagback-data-${data.exportedAt.slice(0, 10)}.json"`,
      ...NO_STORE,
    },
  });
}
