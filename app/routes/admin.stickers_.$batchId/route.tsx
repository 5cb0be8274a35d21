// /admin/stickers/:batchId: one batch — while it is minted, its progress (a bar that updates every
// few seconds: with JavaScript its loader is read again, without it the page reloads itself, and a
// link does the same); when it is done, its passwords (once, to the admin who minted it) and its sheets.
import { useEffect } from "react";
import { data, Link, useRevalidator } from "react-router";
import type { Route } from "./+types/route";
import { dbContext } from "~/core/context";
import { istDateTime } from "~/core/india-time";
import { NO_STORE } from "~/core/no-store";
import { Button } from "~/components/ui/button";
import { FormAlert } from "~/components/ui/form-alert";
import { Section } from "~/components/ui/section";
import { requireAdmin } from "~/features/account/guards.server";
import { batchHref, inventoryHref, passwordsHref, sheetHref, shortId } from "~/features/stickers/admin-links";
import { mintJobView, type MintJobView } from "~/features/stickers/mint-job.server";
import { MINT_PROGRESS_REFRESH_SECONDS } from "~/features/stickers/rules";
import { message } from "~/i18n/messages";

export const meta: Route.MetaFunction = () => [{ title: "Sticker batch | Admin | Tagback" }];

export const headers: Route.HeadersFunction = () => NO_STORE;

export async function loader({ request, context, params }: Route.LoaderArgs) {
  const admin = await requireAdmin({ request, context });
  const batch = await mintJobView(context.get(dbContext), params.batchId, admin.id);
  if (!batch) throw new Response("No such batch.", { status: 404, headers: NO_STORE });
  return data({ batch }, { headers: NO_STORE });
}

export default function StickerBatch({ loaderData }: Route.ComponentProps) {
  const { batch } = loaderData;
  return (
    <div className="space-y-6">
      <p className="text-sm">
        <Link to="/admin/stickers" className="underline">
          ← Sticker inventory
        </Link>
      </p>
      {batch.status === "minting" ? <Progress batch={batch} /> : null}
      {batch.status === "done" ? <Minted batch={batch} /> : null}
      {batch.status === "failed" ? (
        <Section id="batch-title" title={`Batch of ${batch.count} stickers`}>
          <FormAlert
            id="mint-failed"
            title={message("stickers.mintFailed").title}
            description={message("stickers.mintFailed").description}
            data-testid="mint-failed"
          />
        </Section>
      ) : null}
    </div>
  );
}

function Progress({ batch }: { batch: MintJobView }) {
  const revalidator = useRevalidator();
  useEffect(() => {
    const timer = setInterval(() => {
      if (revalidator.state === "idle") void revalidator.revalidate();
    }, MINT_PROGRESS_REFRESH_SECONDS * 1000);
    return () => clearInterval(timer);
  }, [revalidator]);
  const percent = Math.floor((batch.progress / batch.count) * 100);
  return (
    <Section id="batch-title" title={`${message("stickers.minting").title} ${batch.count} stickers…`}>
      {/* Without JavaScript the page reloads itself; with it, the loader is read again. */}
      <noscript dangerouslySetInnerHTML={{ __html: `<meta http-equiv="refresh" content="${MINT_PROGRESS_REFRESH_SECONDS}">` }} />
      <div data-testid="mint-progress">
        <progress max={batch.count} value={batch.progress} className="h-3 w-full accent-brand-600" aria-labelledby="mint-progress-text" />
        <p id="mint-progress-text" role="status" className="mt-2 text-sm">
          {batch.progress.toLocaleString("en")} of {batch.count.toLocaleString("en")} stickers prepared ({percent} %).
        </p>
      </div>
      <p className="mt-2 text-sm text-slate-600">{message("stickers.minting").description}</p>
      <p className="mt-2 text-sm">
        <a href={batchHref(batch.id)} className="underline">
          Refresh to see the progress
        </a>
      </p>
    </Section>
  );
}

function Minted({ batch }: { batch: MintJobView }) {
  return (
    <section aria-labelledby="minted-title" className="rounded-xl border border-emerald-300 bg-emerald-50/40 p-5" data-testid="minted-batch">
      <h2 id="minted-title" className="text-lg font-bold">
        {message("stickers.minted").title}: {batch.count} sticker{batch.count === 1 ? "" : "s"}
      </h2>
      <p className="mt-1 text-sm text-slate-700">
        {batch.finishedAt ? istDateTime(batch.finishedAt) : istDateTime(batch.createdAt)} · {batch.mintedBy ?? "CLI"}
      </p>
      {batch.passwordsOffered ? (
        <>
          <p role="status" className="mt-3 text-sm font-medium text-emerald-900">
            {message("stickers.minted").description}
          </p>
          {/* A POST, not a link: the passwords leave once, and a prefetch or a crawler must not take them. */}
          <form method="post" action={passwordsHref(batch.id)} className="mt-2">
            <Button type="submit">Download tokens and passwords (CSV)</Button>
          </form>
        </>
      ) : (
        <p className="mt-3 text-sm text-slate-700" data-testid="passwords-gone">
          {message("stickers.passwordsGone").title}. {message("stickers.passwordsGone").description}
        </p>
      )}
      <p className="mt-4 flex flex-wrap gap-3 text-sm">
        <a href={sheetHref(batch.id, "svg")} className="font-semibold text-brand-700 underline">
          Sticker sheet (SVG)
        </a>
        <a href={sheetHref(batch.id, "pdf")} className="font-semibold text-brand-700 underline">
          Sticker sheet (PDF, A4)
        </a>
        <Link to={inventoryHref({ batch: batch.id })} className="underline">
          Tokens of batch {shortId(batch.id)}
        </Link>
      </p>
    </section>
  );
}
