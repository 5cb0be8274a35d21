// GET /messaging/{conversationId}/events: the live stream of an open conversation (its messages,
// and the contact list's activity). Participants only: anyone else gets 404. See
// app/features/messaging/live.server.ts.
import type { Route } from "./+types/messaging.$conversationId.events";
import { messagingStream } from "~/features/messaging/live.server";

export function loader({ request, context, params }: Route.LoaderArgs) {
  return messagingStream({ request, context, conversationId: params.conversationId });
}
