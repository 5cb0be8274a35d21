// /account-deleted: where Delete my account lands (issue 25; app/features/account/erasure.server.ts).
// A plain public page, the same for everyone and naming nobody: what was erased, what remains and
// for how long, and how to reach support. Static text, no JavaScript.
import type { Route } from "./+types/account-deleted";
import { PolicyList } from "~/features/content/policy-page";
import { getEnv } from "~/core/env.server";
import { SUPPORT_EMAIL, supportWhatsAppLink } from "~/core/site";
import type { RouteHandle } from "~/core/route-handle";

export const handle: RouteHandle = { hydrate: false };

export const meta: Route.MetaFunction = () => [
  { title: "Account deleted | Tagback" },
  { name: "robots", content: "noindex" },
];

/** How long the backups keep older copies: the operator's setting (BACKUP_RETENTION_DAYS), which Litestream keeps to. */
export function loader() {
  return { backupDays: getEnv().BACKUP_RETENTION_DAYS };
}

export default function AccountDeleted({ loaderData }: Route.ComponentProps) {
  return (
    <article className="mx-auto max-w-3xl space-y-6 px-4 py-10 text-slate-700 sm:py-14" data-testid="account-deleted">
      <h1 className="text-3xl font-black tracking-tight text-brand-900">Your account has been deleted</h1>
      <p>You are signed out on every device. This is what happened to your data.</p>

      <section aria-labelledby="erased-title" className="space-y-3">
        <h2 id="erased-title" className="text-xl font-bold text-slate-900">
          Erased now
        </h2>
        <PolicyList
          items={[
            "Your account, profile and settings: name, photo, bio, metro card and phone numbers, privacy switches, alert settings and the backup e-mail.",
            "Your products, search history (with its locations), lost-item reports and sessions.",
            "Your side of every conversation: the messages you sent and your read marks. The other person keeps their own messages and sees “Deleted user”.",
            "Messages finders sent you through “I found this”, with the finders' details; their private links now say the link no longer works.",
          ]}
        />
        <p>
          Your stickers are free again: anyone holding one can claim it with its token and password, like a new sticker.
        </p>
      </section>

      <section aria-labelledby="remains-title" className="space-y-3">
        <h2 id="remains-title" className="text-xl font-bold text-slate-900">
          What remains, and for how long
        </h2>
        <PolicyList
          items={[
            <>
              <strong>The admin audit trail</strong>, for as long as the service runs: the record of each lookup an admin made (the number
              looked up, whether it found someone, and when). If you were an admin, your lookups stay there under a pseudonym instead of your
              e-mail address.
            </>,
            <>
              <strong>Backups</strong> of the database keep older copies for <strong>{`${loaderData.backupDays} days`}</strong>; after that your data
              is gone from them too.
            </>,
            "E-mails we already sent you or about you stay in the mailboxes they went to.",
          ]}
        />
      </section>

      <p>
        Questions?{" "}
        <a className="text-brand-700 underline" href={supportWhatsAppLink("Hi Tagback, I have a question about my deleted account.")} target="_blank" rel="noopener noreferrer">
          Contact support
        </a>{" "}
        on WhatsApp, or write to{" "}
        <a className="text-brand-700 underline" href={`mailto:${SUPPORT_EMAIL}?subject=${encodeURIComponent("My deleted account")}`}>
          {SUPPORT_EMAIL}
        </a>
        .
      </p>
    </article>
  );
}
