// GET /f/{secret}/events: the live stream of a finder's private thread, authorised by the link
// (a wrong or closed one gets 404). See app/features/finder-contact/live.server.ts.
import type { Route } from "./+types/f.$secret_.events";
import { dbContext } from "~/core/context";
import { finderStream } from "~/features/finder-contact/live.server";

export function loader({ request, context, params }: Route.LoaderArgs) {
  return finderStream(context.get(dbContext), request, params.secret);
}
