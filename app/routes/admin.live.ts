// GET /admin/live (admins): this process's live-message connections as JSON — open event streams
// and hub listeners. Both are 0 when nobody has /messaging open; a number that only grows means
// streams leak. tests/integration/messaging-stream.test.ts reads it from a real server.
import type { Route } from "./+types/admin.live";
import { NO_STORE } from "~/core/no-store";
import { currentAdmin } from "~/features/admin/guard.server";
import { messagingHub } from "~/features/messaging/hub.server";
import { openStreamCount } from "~/features/messaging/live.server";

export function loader({ context }: Route.LoaderArgs) {
  currentAdmin(context);
  return Response.json({ streams: openStreamCount(), listeners: messagingHub().listenerCount() }, { headers: NO_STORE });
}
