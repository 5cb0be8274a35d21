// A conversation's messages as bubbles, one's own on the right, scrolled to the newest: the
// owner's chat panel and the finder's private thread page. What differs between the two (the
// finder's page is narrower, translated and names both sides) comes in as props.
import { useLayoutEffect, useRef } from "react";
import type { LiveMessage } from "./live-message";

type MessageListProps = {
  messages: LiveMessage[];
  /** The reader's user id: their messages are "mine". */
  me: string;
  /** The list's classes (its spacing in the page around it). */
  className: string;
  /** The widest a bubble may be, as a class. */
  bubbleWidth: string;
  /** The list's accessible name. */
  label?: string;
  /** Shown instead of an empty list. */
  emptyText?: string;
  /** Who wrote each message, above its text; without it, only screen readers hear `youSaid` on one's own. */
  senderLabel?: (mine: boolean) => string;
  /** What screen readers hear before one's own message's time without senderLabel ("You, "). */
  youSaid?: string;
};

export function MessageList({ messages, me, className, bubbleWidth, label, emptyText, senderLabel, youSaid }: MessageListProps) {
  const end = useRef<HTMLDivElement>(null);
  const count = messages.length;
  // The newest message in view: on first render and whenever one arrives.
  useLayoutEffect(() => {
    end.current?.scrollIntoView({ block: "end" });
  }, [count]);
  if (count === 0 && emptyText !== undefined) {
    return <p className="py-8 text-center text-sm text-slate-600">{emptyText}</p>;
  }
  return (
    <>
      <ol className={className} aria-label={label} data-testid="messages">
        {messages.map((one) => {
          const mine = one.senderId === me;
          return (
            <li key={one.id} className={`flex ${mine ? "justify-end" : "justify-start"}`} data-testid="message" data-mine={mine ? "true" : "false"}>
              <div className={`${bubbleWidth} rounded-2xl px-3 py-2 ${mine ? "bg-brand-600 text-white" : "bg-slate-100 text-slate-900"}`}>
                {senderLabel ? <p className={`text-xs font-semibold ${mine ? "text-brand-50" : "text-slate-600"}`}>{senderLabel(mine)}</p> : null}
                <p className="whitespace-pre-wrap break-words">{one.content}</p>
                <p className={`mt-0.5 text-right text-xs ${mine ? "text-brand-50" : "text-slate-500"}`}>
                  {senderLabel ? null : <span className="sr-only">{mine ? (youSaid ?? "") : ""}</span>}
                  <time dateTime={one.createdAt}>{one.time}</time>
                </p>
              </div>
            </li>
          );
        })}
      </ol>
      <div id="latest" ref={end} />
    </>
  );
}
