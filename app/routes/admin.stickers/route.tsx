// /admin/stickers (spec 001 §2 "Admin panel"): the sticker inventory — minted tokens with their
// state and claiming user, counts, filters and pages (GET links and forms) — the batches with their
// printable sheets, and minting a batch (a plain POST form). A new batch's passwords are in the
// action's answer only: shown once and offered as a CSV built into a data: link, never stored.
import { data } from "react-router";
import type { Route } from "./+types/route";
import { dbContext } from "~/core/context";
import { NO_STORE } from "~/core/no-store";
import { getEnv } from "~/core/env.server";
import { readForm, unknownIntent } from "~/core/read-form.server";
import { requireAdmin } from "~/features/account/guards.server";
import { isTokenState } from "~/features/stickers/inventory";
import { countByState, listBatches, listTokens } from "~/features/stickers/inventory.server";
import { mintTokens, tokenCsv } from "~/features/stickers/mint.server";
import { MAX_MINT_COUNT } from "~/features/stickers/rules";
import { Batches } from "./batches";
import { Inventory } from "./inventory";
import { MintedBatchView, MintForm } from "./mint";


export const meta: Route.MetaFunction = () => [{ title: "Sticker inventory | Admin | Tagback" }];

export function headers({ loaderHeaders, actionHeaders }: Route.HeadersArgs) {
  return { "Cache-Control": actionHeaders.get("Cache-Control") ?? loaderHeaders.get("Cache-Control") ?? NO_STORE["Cache-Control"] };
}

export async function loader({ request, context }: Route.LoaderArgs) {
  await requireAdmin({ request, context });
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
    { filter: { state: state ?? null, batchId: batchId ?? null }, inventory, counts, batches, maxMintCount: MAX_MINT_COUNT },
    { headers: NO_STORE },
  );
}

function parseCount(value: FormDataEntryValue | null): number | null {
  const text = typeof value === "string" ? value.trim() : "";
  if (!/^\d{1,6}$/.test(text)) return null;
  const count = Number(text);
  return count >= 1 && count <= MAX_MINT_COUNT ? count : null;
}

export async function action({ request, context }: Route.ActionArgs) {
  const admin = await requireAdmin({ request, context });
  const form = await readForm(request);
  if (form.get("intent") !== "mint") return unknownIntent();
  const count = parseCount(form.get("count"));
  if (count === null) {
    return data({ intent: "mint" as const, error: "stickers.badCount" as const, minted: null }, { status: 400, headers: NO_STORE });
  }
  const { batchId, tokens } = await mintTokens(context.get(dbContext), count, getEnv().APP_URL, { mintedBy: admin.id });
  const csvHref = `data:text/csv;charset=utf-8;base64,${Buffer.from(tokenCsv(tokens), "utf8").toString("base64")}`;
  return data(
    {
      intent: "mint" as const,
      error: null,
      minted: { batchId, count, tokens: tokens.map(({ token, password }) => ({ token, password })), csvHref },
    },
    { headers: NO_STORE },
  );
}

export default function AdminStickers({ loaderData, actionData }: Route.ComponentProps) {
  const { filter, inventory, counts, batches, maxMintCount } = loaderData;
  const minted = actionData && "minted" in actionData ? actionData.minted : null;
  const mintError = actionData && "error" in actionData && actionData.error === "stickers.badCount" ? actionData.error : null;
  return (
    // Inside the admin layout (admin.tsx), which holds the page's h1 and the section tabs.
    <div className="space-y-6">
      <MintForm maxMintCount={maxMintCount} mintError={mintError} />
      {minted ? <MintedBatchView minted={minted} /> : null}
      <Inventory filter={filter} counts={counts} batches={batches} inventory={inventory} />
      <Batches batches={batches} />
    </div>
  );
}
