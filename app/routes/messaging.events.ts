// GET /messaging/events: the signed-in user's live stream for the contact list (no conversation
// open). See app/features/messaging/live.server.ts.
import type { Route } from "./+types/messaging.events";
import { messagingStream } from "~/features/messaging/live.server";

export function loader({ request, context }: Route.LoaderArgs) {
  return messagingStream({ request, context, conversationId: null });
}
