// /admin/stickers (spec 001 §2 "Admin panel"): the sticker inventory — minted tokens with their
// state and claiming user, counts, filters and pages (GET links and forms) — the batches with their
// printable sheets, and minting a batch (a plain POST form). Minting is a background job
// (features/stickers/mint-job.server.ts): the action starts it and redirects to the batch's page
// (/admin/stickers/:batchId), which shows its progress and then offers its passwords once.
import { data, redirect } from "react-router";
import type { Route } from "./+types/route";
import { dbContext } from "~/core/context";
import { NO_STORE } from "~/core/no-store";
import { getEnv } from "~/core/env.server";
import { readForm, unknownIntent } from "~/middleware/read-form.server";
import { requireAdmin } from "~/features/account/guards.server";
import { isTokenState } from "~/features/stickers/inventory";
import { countByState, listBatches, listTokens } from "~/features/stickers/inventory.server";
import { mintPool, requestMint } from "~/features/stickers/mint-job.server";
import { MAX_MINT_COUNT } from "~/features/stickers/rules";
import { Batches } from "./batches";
import { batchHref } from "~/features/stickers/admin-links";
import { Inventory } from "./inventory";
import { MintForm } from "./mint";


export const meta: Route.MetaFunction = () => [{ title: "Sticker inventory | Admin | Tagback" }];

export function headers({ loaderHeaders, actionHeaders }: Route.HeadersArgs) {
  return { "Cache-Control": actionHeaders.get("Cache-Control") ?? loaderHeaders.get("Cache-Control") ?? NO_STORE["Cache-Control"] };
}

export async function loader({ request, context }: Route.LoaderArgs) {
  await requireAdmin({ request, context });
  // The page holds the mint's form: the mint's thread starts now, while the admin types, rather
  // than with the mint (its start is ~20 ms of CPU, ~0.3 s of a shared CPU's quota; decision 023).
  mintPool.warm();
  const db = context.get(dbContext);
  const url = new URL(request.url);
  const stateParam = url.searchParams.get("state");
  const state = isTokenState(stateParam) ? stateParam : undefined;
  const batchId = url.searchParams.get("batch")?.trim() || undefined;
  const pageParam = Number(url.searchParams.get("page") ?? "1");
  const page = Number.isSafeInteger(pageParam) && pageParam >= 1 ? pageParam : 1;
  const [inventory, counts, batches] = await Promise.all([
    listTokens(db, { state, batchId, page }),
    countByState(db, batchId),
    listBatches(db),
  ]);
  return data(
    {
      filter: { state: state ?? null, batchId: batchId ?? null },
      inventory,
      counts,
      batches,
      maxMintCount: MAX_MINT_COUNT,
      // The mint form's idempotency key: a new one for each time the form is shown.
      mintKey: crypto.randomUUID(),
    },
    { headers: NO_STORE },
  );
}

function parseCount(value: FormDataEntryValue | null): number | null {
  const text = typeof value === "string" ? value.trim() : "";
  if (!/^\d{1,6}$/.test(text)) return null;
  const count = Number(text);
  return count >= 1 && count <= MAX_MINT_COUNT ? count : null;
}

/** The form's idempotency key: a UUID, as the loader makes it. */
function parseMintKey(value: FormDataEntryValue | null): string | null {
  return typeof value === "string" && /^[0-9a-f-]{36}$/.test(value) ? value : null;
}

export async function action({ request, context }: Route.ActionArgs) {
  const admin = await requireAdmin({ request, context });
  const form = await readForm(request);
  if (form.get("intent") !== "mint") return unknownIntent();
  const count = parseCount(form.get("count"));
  if (count === null) {
    return data({ intent: "mint" as const, error: "stickers.badCount" as const }, { status: 400, headers: NO_STORE });
  }
  // A form without a key (an old page, a script) still mints once: its own request is its key.
  const requestKey = parseMintKey(form.get("mintKey")) ?? crypto.randomUUID();
  const batchId = await requestMint(context.get(dbContext), { adminId: admin.id, count, requestKey, appUrl: getEnv().APP_URL });
  return redirect(batchHref(batchId), { status: 303, headers: NO_STORE });
}

export default function AdminStickers({ loaderData, actionData }: Route.ComponentProps) {
  const { filter, inventory, counts, batches, maxMintCount, mintKey } = loaderData;
  const mintError = actionData?.error === "stickers.badCount" ? actionData.error : null;
  return (
    // Inside the admin layout (admin.tsx), which holds the page's h1 and the section tabs.
    <div className="space-y-6">
      <MintForm maxMintCount={maxMintCount} mintError={mintError} mintKey={mintKey} />
      <Inventory filter={filter} counts={counts} batches={batches} inventory={inventory} />
      <Batches batches={batches} />
    </div>
  );
}
