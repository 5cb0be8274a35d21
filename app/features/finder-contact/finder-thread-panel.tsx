// In the owner's open conversation with an anonymous finder: what the finder said first (how they
// will hand the item back, where they found it, how to reach them), and closing the thread, which
// ends the finder's private link. A plain form: it works without JavaScript.
import { Form } from "react-router";
import { Button } from "~/components/ui/button";
import { THANK_YOU_MAX } from "~/features/returns/rules";
import type { Handover } from "./rules";

export type FinderThreadSummary = {
  itemLabel: string;
  handoverText: string;
  handover: Handover;
  foundWhere: string | null;
  contact: string | null;
  closed: boolean;
  /** Where the finder said they are: the rounded position as text, and the two links (no embedded map). */
  location: { text: string; geo: string; osm: string } | null;
  /** Marked returned: when, the thank-you line, and whether the day to undo it is still running. */
  returned: { time: string; note: string | null; undoable: boolean } | null;
};

export function FinderThreadPanel({ thread, conversationId }: { thread: FinderThreadSummary; conversationId: string }) {
  return (
    <section aria-label="About this finder" className="rounded-lg border border-brand-100 bg-brand-50 p-3 text-sm text-slate-800" data-testid="finder-thread">
      <p className="font-semibold text-slate-900">
        Found: {thread.itemLabel} · <span data-testid="finder-handover">{thread.handoverText}</span>
      </p>
      {thread.foundWhere ? <p className="mt-0.5">Where: {thread.foundWhere}</p> : null}
      {thread.contact ? <p className="mt-0.5 break-all">Reach them: {thread.contact}</p> : null}
      {thread.location ? (
        <p className="mt-0.5" data-testid="finder-location">
          Where they are: {thread.location.text} ·{" "}
          <a href={thread.location.geo} className="font-medium text-brand-700 underline" data-testid="finder-location-geo">
            Open in map app
          </a>{" "}
          ·{" "}
          <a href={thread.location.osm} className="font-medium text-brand-700 underline" rel="noreferrer noopener" target="_blank" data-testid="finder-location-osm">
            OpenStreetMap
          </a>
        </p>
      ) : null}
      <p className="mt-0.5 text-slate-600">The finder has no account: they read your answers through their private link.</p>
      {thread.closed ? null : <ReturnedPart returned={thread.returned} conversationId={conversationId} />}
      {thread.closed ? (
        <p className="mt-2 font-medium text-slate-700" data-testid="finder-thread-closed">
          Closed: the finder's link no longer works.
        </p>
      ) : (
        <Form method="post" action={`/messaging/${conversationId}/close`} reloadDocument className="mt-2">
          <Button type="submit" size="sm" variant="danger-outline">
            Close and end the finder's link
          </Button>
        </Form>
      )}
    </section>
  );
}

/**
 * "I got it back" (issue 49): with an optional thank-you line; once marked, what the finder was
 * told and, for a day, the undo.
 */
function ReturnedPart({ returned, conversationId }: { returned: FinderThreadSummary["returned"]; conversationId: string }) {
  if (returned) {
    return (
      <div className="mt-2 rounded-lg bg-emerald-50 p-2 text-emerald-950" data-testid="returned-state">
        <p className="font-medium">Returned — marked at {returned.time}. The finder's page says so, and the conversation takes no new messages.</p>
        {returned.note ? <p className="mt-0.5">Your thank-you: “{returned.note}”</p> : null}
        {returned.undoable ? (
          <Form method="post" action={`/messaging/${conversationId}`} className="mt-1">
            <input type="hidden" name="intent" value="undo-return" />
            <Button type="submit" size="sm" variant="outline">
              Undo (marked by mistake)
            </Button>
          </Form>
        ) : null}
      </div>
    );
  }
  return (
    <Form method="post" action={`/messaging/${conversationId}`} className="mt-2 space-y-1" data-testid="returned-form">
      <input type="hidden" name="intent" value="returned" />
      <label htmlFor="thank-you" className="block font-medium">
        Got it back? A thank-you line for the finder (optional)
      </label>
      <input id="thank-you" name="note" type="text" maxLength={THANK_YOU_MAX * 2} className="block w-full rounded-lg border border-slate-300 px-3 py-2" />
      <Button type="submit" size="sm">
        I got it back
      </Button>
    </Form>
  );
}
