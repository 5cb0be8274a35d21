// The owner's open conversation with an anonymous finder (/messaging/{id}): what the page shows
// about the finder, and the read receipt it sends them.
import type { Db } from "../../../db/connection";
import type { OpenConversation } from "~/features/messaging/conversations.server";
import { indiaTime, inDate } from "~/core/india-time";
import type { Locale } from "~/core/locale";
import { messageIn } from "~/i18n/messages";
import { RETURN_UNDO_HOURS } from "~/features/returns/rules";
import { handoverText, ownerItemLabel } from "./owner-mail.server";
import { geoUri, osmUrl } from "./finder-location";
import type { FinderThreadSummary } from "./finder-thread-panel";
import { announceOwnerRead } from "./live.server";
import { finderThreadForOwner } from "./threads.server";

/**
 * Called after the owner's page marked the conversation read: null for an ordinary chat; for a
 * finder thread, what the page shows in the page's language, and the finder's page hears that the
 * owner read it.
 */
export async function finderThreadOpenedBy(db: Db, ownerId: string, conversationId: string, locale: Locale): Promise<FinderThreadSummary | null> {
  const thread = await finderThreadForOwner(db, ownerId, conversationId);
  if (!thread) return null;
  announceOwnerRead(thread);
  return {
    itemLabel: ownerItemLabel(thread.item, locale),
    handover: thread.handover,
    handoverText: handoverText(thread.handover, thread.handoverPlace, locale),
    foundWhere: thread.foundWhere,
    contact: thread.contact,
    closed: thread.closed,
    location: thread.location
      ? {
          text: messageIn(locale, "finderThread.position", {
            // As stored, not in the language's number format (no grouping, the dot kept).
            latitude: String(thread.location.latitude),
            longitude: String(thread.location.longitude),
            metres: thread.location.accuracy,
            time: indiaTime(thread.location.sharedAt, locale),
          }).title,
          geo: geoUri(thread.location),
          osm: osmUrl(thread.location),
        }
      : null,
    returned: thread.returned
      ? {
          time: `${indiaTime(thread.returned.at, locale)}, ${inDate(thread.returned.at, locale)}`,
          note: thread.returned.note,
          undoable: Date.now() - +thread.returned.at <= RETURN_UNDO_HOURS * 60 * 60 * 1000,
        }
      : null,
  };
}

/** The conversation as its header shows it: the other participant is 'Finder (no account)', in the page's language. */
export function asFinderConversation(conversation: OpenConversation, locale: Locale): OpenConversation {
  return { ...conversation, other: { ...conversation.other, name: messageIn(locale, "finderContact.finderName").title } };
}
