// In the owner's open conversation with an anonymous finder: what the finder said first (how they
// will hand the item back, where they found it, how to reach them), and closing the thread, which
// ends the finder's private link. A plain form: it works without JavaScript.
import { Form } from "react-router";
import { Button } from "~/components/ui/button";
import type { Handover } from "./rules";

export type FinderThreadSummary = {
  itemLabel: string;
  handoverText: string;
  handover: Handover;
  foundWhere: string | null;
  contact: string | null;
  closed: boolean;
};

export function FinderThreadPanel({ thread, conversationId }: { thread: FinderThreadSummary; conversationId: string }) {
  return (
    <section aria-label="About this finder" className="rounded-lg border border-brand-100 bg-brand-50 p-3 text-sm text-slate-800" data-testid="finder-thread">
      <p className="font-semibold text-slate-900">
        Found: {thread.itemLabel} · <span data-testid="finder-handover">{thread.handoverText}</span>
      </p>
      {thread.foundWhere ? <p className="mt-0.5">Where: {thread.foundWhere}</p> : null}
      {thread.contact ? <p className="mt-0.5 break-all">Reach them: {thread.contact}</p> : null}
      <p className="mt-0.5 text-slate-600">The finder has no account: they read your answers through their private link.</p>
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
