// The contact list of /messaging: one link per conversation with the other person's name and
// avatar, the last message and its time, and an unread count. Plain links, so a conversation opens
// (and has its own URL) with or without JavaScript.
import { Link } from "react-router";
import { useT } from "~/i18n/use-t";

export type Contact = {
  conversationId: string;
  name: string;
  avatarUrl: string;
  /** The last message, or null in a conversation nobody has written in yet. */
  lastMessage: string | null;
  /** The last message was the viewer's own. */
  lastMine: boolean;
  /** When the last message came (or the conversation started), preformatted. */
  time: string;
  unread: number;
};

export function ContactList({ contacts, activeId }: { contacts: Contact[]; activeId?: string | null }) {
  const { t } = useT();
  if (contacts.length === 0) {
    return <p className="px-1 py-4 text-sm text-slate-600">{t("messagingPage.noConversations")}</p>;
  }
  return (
    <ul className="divide-y divide-slate-100" data-testid="contact-list">
      {contacts.map((contact) => {
        const active = contact.conversationId === activeId;
        return (
          <li key={contact.conversationId}>
            <Link
              to={`/messaging/${contact.conversationId}`}
              prefetch="none"
              aria-current={active ? "page" : undefined}
              data-testid="contact"
              className={`flex items-center gap-3 rounded-lg px-2 py-3 hover:bg-slate-50 ${active ? "bg-brand-50" : ""}`}
            >
              <PersonAvatar src={contact.avatarUrl} size="md" />
              <span className="min-w-0 flex-1">
                <span className="flex items-baseline justify-between gap-2">
                  <span className="truncate font-semibold text-slate-900">{contact.name}</span>
                  <span className="shrink-0 text-xs text-slate-500">{contact.time}</span>
                </span>
                <span className="flex items-center justify-between gap-2">
                  <span className="truncate text-sm text-slate-600" data-testid="contact-last-message">
                    {contact.lastMessage === null
                      ? t("messagingPage.noMessagesYet")
                      : contact.lastMine
                        ? t("messagingPage.lastMine", { message: contact.lastMessage })
                        : contact.lastMessage}
                  </span>
                  {contact.unread > 0 ? (
                    <span
                      className="shrink-0 rounded-full bg-brand-600 px-2 py-0.5 text-xs font-semibold text-white"
                      data-testid="unread-count"
                      aria-label={t("messagingPage.unread", { count: contact.unread })}
                    >
                      {contact.unread}
                    </span>
                  ) : null}
                </span>
              </span>
            </Link>
          </li>
        );
      })}
    </ul>
  );
}

export function PersonAvatar({ src, size }: { src: string; size: "sm" | "md" }) {
  const pixels = size === "sm" ? 36 : 44;
  return (
    <img
      src={src}
      alt=""
      width={pixels}
      height={pixels}
      referrerPolicy="no-referrer"
      className={`${size === "sm" ? "h-9 w-9" : "h-11 w-11"} shrink-0 rounded-full border border-slate-200 bg-slate-100 object-cover`}
    />
  );
}
