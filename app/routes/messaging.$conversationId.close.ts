// POST /messaging/{conversationId}/close: the owner closes an "I found this" thread, which ends the
// finder's private link at once (app/features/finder-contact/). Only the thread's owner can; anyone
// else, and any other conversation, gets 404 and changes nothing. The conversation itself stays.
import { data } from "react-router";
import type { Route } from "./+types/messaging.$conversationId.close";
import { dbContext } from "~/core/context";
import { NO_STORE } from "~/core/no-store";
import { redirectWithToast } from "~/core/toast.server";
import { requireUser } from "~/features/account/guards.server";
import { announceClosed } from "~/features/finder-contact/live.server";
import { closeFinderThread } from "~/features/finder-contact/threads.server";
import { messageIn } from "~/i18n/messages";
import { localeContext } from "~/middleware/i18n";

export async function action({ request, context, params }: Route.ActionArgs) {
  const me = requireUser({ request, context }).id;
  const outcome = await closeFinderThread(context.get(dbContext), me, params.conversationId);
  if (!outcome.ok) throw data("Not Found", { status: 404, headers: NO_STORE });
  announceClosed(params.conversationId, outcome.finderUserId);
  return redirectWithToast(`/messaging/${params.conversationId}`, { type: "success", ...messageIn(context.get(localeContext), "finderContact.closed") });
}

export function loader() {
  throw data("Not Found", { status: 404 });
}
