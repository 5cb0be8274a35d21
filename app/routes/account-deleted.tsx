// /account-deleted: where Delete my account lands (issue 25; app/features/account/erasure.server.ts).
// A plain public page, the same for everyone and naming nobody: what was erased, what remains and
// for how long, and how to reach support. Static text, no JavaScript.
import type { Route } from "./+types/account-deleted";
import { PolicyList } from "~/features/content/policy-page";
import { getEnv } from "~/core/env.server";
import { SUPPORT_EMAIL, supportWhatsAppLink } from "~/core/site";
import type { RouteHandle } from "~/core/route-handle";
import { metaT, useT } from "~/i18n/use-t";

export const handle: RouteHandle = { hydrate: false };

export const meta: Route.MetaFunction = ({ matches }) => [
  { title: metaT(matches).t("accountData.deletedMetaTitle") },
  { name: "robots", content: "noindex" },
];

/** How long the backups keep older copies: the operator's setting (BACKUP_RETENTION_DAYS), which Litestream keeps to. */
export function loader() {
  return { backupDays: getEnv().BACKUP_RETENTION_DAYS };
}

export default function AccountDeleted({ loaderData }: Route.ComponentProps) {
  const { t } = useT();
  return (
    <article className="mx-auto max-w-3xl space-y-6 px-4 py-10 text-slate-700 sm:py-14" data-testid="account-deleted">
      <h1 className="text-3xl font-black tracking-tight text-brand-900">{t("accountData.deletedHeading")}</h1>
      <p>{t("accountData.deletedLead")}</p>

      <section aria-labelledby="erased-title" className="space-y-3">
        <h2 id="erased-title" className="text-xl font-bold text-slate-900">
          {t("accountData.erasedNow")}
        </h2>
        <PolicyList
          items={[
            t("accountData.erasedAccount"),
            t("accountData.erasedProducts"),
            t("accountData.erasedConversations"),
            t("accountData.erasedFinders"),
          ]}
        />
        <p>{t("accountData.stickersFree")}</p>
      </section>

      <section aria-labelledby="remains-title" className="space-y-3">
        <h2 id="remains-title" className="text-xl font-bold text-slate-900">
          {t("accountData.remains")}
        </h2>
        <PolicyList
          items={[
            <>
              <strong>{t("accountData.auditTrail")}</strong>
              {t("accountData.auditTrailText")}
            </>,
            <>
              <strong>{t("accountData.backups")}</strong>
              {t("accountData.backupsText", { days: t("accountData.backupDays", { days: loaderData.backupDays }) })}
            </>,
            t("accountData.mailsSent"),
          ]}
        />
      </section>

      <p>
        {t("accountData.questions")}{" "}
        <a className="text-brand-700 underline" href={supportWhatsAppLink("Hi Tagback, I have a question about my deleted account.")} target="_blank" rel="noopener noreferrer">
          {t("accountData.contactSupport")}
        </a>{" "}
        {t("accountData.onWhatsApp")}{" "}
        <a className="text-brand-700 underline" href={`mailto:${SUPPORT_EMAIL}?subject=${encodeURIComponent("My deleted account")}`}>
          {SUPPORT_EMAIL}
        </a>
        .
      </p>
    </article>
  );
}
