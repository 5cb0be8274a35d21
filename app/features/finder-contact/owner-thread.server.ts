// The owner's open conversation with an anonymous finder (/messaging/{id}): what the page shows
// about the finder, and the read receipt it sends them.
import type { Db } from "../../../db/connection";
import type { OpenConversation } from "~/features/messaging/conversations.server";
import { inDate, istTime } from "~/core/india-time";
import { DEFAULT_LOCALE } from "~/core/locale";
import { RETURN_UNDO_HOURS } from "~/features/returns/rules";
import { handoverText } from "./owner-mail.server";
import { accuracyText, geoUri, osmUrl } from "./finder-location";
import type { FinderThreadSummary } from "./finder-thread-panel";
import { announceOwnerRead } from "./live.server";
import { FINDER_NAME } from "./owner-view";
import { finderThreadForOwner } from "./threads.server";

/**
 * Called after the owner's page marked the conversation read: null for an ordinary chat; for a
 * finder thread, what the page shows, and the finder's page hears that the owner read it.
 */
export async function finderThreadOpenedBy(db: Db, ownerId: string, conversationId: string): Promise<FinderThreadSummary | null> {
  const thread = await finderThreadForOwner(db, ownerId, conversationId);
  if (!thread) return null;
  announceOwnerRead(thread);
  return {
    itemLabel: thread.itemLabel,
    handover: thread.handover,
    // The owner's pages are English until their own texts are translated (decision 048).
    handoverText: handoverText(thread.handover, thread.handoverPlace, DEFAULT_LOCALE),
    foundWhere: thread.foundWhere,
    contact: thread.contact,
    closed: thread.closed,
    location: thread.location
      ? {
          text: `${thread.location.latitude}, ${thread.location.longitude} (${accuracyText(thread.location)}, shared at ${istTime(thread.location.sharedAt)})`,
          geo: geoUri(thread.location),
          osm: osmUrl(thread.location),
        }
      : null,
    returned: thread.returned
      ? {
          time: `${istTime(thread.returned.at)}, ${inDate(thread.returned.at)}`,
          note: thread.returned.note,
          undoable: Date.now() - +thread.returned.at <= RETURN_UNDO_HOURS * 60 * 60 * 1000,
        }
      : null,
  };
}

/** The conversation as its header shows it: the other participant is 'Finder (no account)'. */
export function asFinderConversation(conversation: OpenConversation): OpenConversation {
  return { ...conversation, other: { ...conversation.other, name: FINDER_NAME } };
}
