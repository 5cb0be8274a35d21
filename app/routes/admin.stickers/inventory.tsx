// The token inventory on /admin/stickers: counts per state (links), a GET filter form, the table
// and its pages. Everything is a link or a GET form, so it works without JavaScript.
import { useEffect } from "react";
import { Form, Link, useLocation } from "react-router";
import { Button } from "~/components/ui/button";
import { Section } from "~/components/ui/section";
import { istDateTime } from "~/core/india-time";
import { formatToken } from "~/features/finder/search-input";
import { INVENTORY_PAGE_SIZE, TOKEN_STATES, type TokenState } from "~/features/stickers/inventory";
import { inventoryHref, shortId, STATE_LABELS } from "~/features/stickers/admin-links";
import { TableHead } from "~/components/ui/table-head";

type InventoryProps = {
  filter: { state: TokenState | null; batchId: string | null };
  counts: Record<TokenState | "all", number>;
  batches: Array<{ id: string; count: number; createdAt: Date }>;
  inventory: {
    total: number;
    page: number;
    pages: number;
    tokens: Array<{ token: string; state: TokenState; claimedBy: string | null; batchId: string | null; createdAt: Date }>;
  };
};

/**
 * Where Previous and Next land. A filter is a new query on the same page and keeps the scroll
 * (decision 041), but a pager shows new rows, read from the first: its links carry this anchor, which
 * the browser scrolls to without JavaScript, and the effect below with it (a client-side navigation
 * leaves a hash alone).
 */
const PAGE_TOP = "inventory-page";

function usePagerLandsOnTop() {
  const location = useLocation();
  useEffect(() => {
    if (location.hash === `#${PAGE_TOP}`) document.getElementById(PAGE_TOP)?.scrollIntoView({ block: "start" });
  }, [location.key, location.hash]);
}

export function Inventory({ filter, counts, batches, inventory }: InventoryProps) {
  usePagerLandsOnTop();
  return (
    <Section id="counts-title" title="Tokens">
      <ul className="flex flex-wrap gap-2 text-sm" data-testid="state-counts">
        <li>
          <Link to={inventoryHref({ batch: filter.batchId })} className="rounded-full border px-3 py-1" aria-current={filter.state === null ? "page" : undefined}>
            All: <span data-testid="count-all">{counts.all}</span>
          </Link>
        </li>
        {TOKEN_STATES.map((state) => (
          <li key={state}>
            <Link
              to={inventoryHref({ state, batch: filter.batchId })}
              className="rounded-full border px-3 py-1"
              aria-current={filter.state === state ? "page" : undefined}
            >
              {STATE_LABELS[state]}: <span data-testid={`count-${state}`}>{counts[state]}</span>
            </Link>
          </li>
        ))}
      </ul>

      <Form method="get" className="mt-4 flex flex-wrap items-end gap-3 text-sm">
        <label className="flex flex-col font-medium">
          State
          <select name="state" defaultValue={filter.state ?? ""} className="mt-1 rounded-lg border border-slate-300 px-3 py-2">
            <option value="">All states</option>
            {TOKEN_STATES.map((state) => (
              <option key={state} value={state}>
                {STATE_LABELS[state]}
              </option>
            ))}
          </select>
        </label>
        <label className="flex flex-col font-medium">
          Batch
          <select name="batch" defaultValue={filter.batchId ?? ""} className="mt-1 rounded-lg border border-slate-300 px-3 py-2">
            <option value="">All batches</option>
            {batches.map((batch) => (
              <option key={batch.id} value={batch.id}>
                {istDateTime(batch.createdAt)} · {batch.count} · {shortId(batch.id)}
              </option>
            ))}
          </select>
        </label>
        <Button type="submit" variant="outline">
          Filter
        </Button>
      </Form>

      <p id={PAGE_TOP} className="mt-4 scroll-mt-4 text-sm text-slate-600 md:scroll-mt-20" data-testid="inventory-summary">
        {inventory.total === 0
          ? "No tokens match."
          : `Showing ${(inventory.page - 1) * INVENTORY_PAGE_SIZE + 1}–${(inventory.page - 1) * INVENTORY_PAGE_SIZE + inventory.tokens.length} of ${inventory.total}.`}
      </p>
      {inventory.tokens.length > 0 ? (
        <div className="mt-2 overflow-x-auto">
          <table className="w-full text-left text-sm" data-testid="inventory">
            <caption className="sr-only">Minted tokens</caption>
            <TableHead columns={["Token", "State", "Claimed by", "Batch", "Minted"]} />
            <tbody>
              {inventory.tokens.map((row) => (
                <tr key={row.token} className="border-b border-slate-100" data-testid="inventory-row" data-state={row.state}>
                  <td className="py-1 pr-4 font-mono">{formatToken(row.token)}</td>
                  <td className="py-1 pr-4">{STATE_LABELS[row.state]}</td>
                  <td className="py-1 pr-4 break-all">{row.claimedBy ?? "—"}</td>
                  <td className="py-1 pr-4 font-mono">
                    {row.batchId ? (
                      <Link to={inventoryHref({ state: filter.state, batch: row.batchId })} className="underline">
                        {shortId(row.batchId)}
                      </Link>
                    ) : (
                      "—"
                    )}
                  </td>
                  <td className="py-1">{istDateTime(row.createdAt)}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      ) : null}
      {inventory.pages > 1 ? (
        <nav aria-label="Pages" className="mt-3 flex items-center gap-4 text-sm">
          {inventory.page > 1 ? (
            <Link to={`${inventoryHref({ state: filter.state, batch: filter.batchId, page: inventory.page - 1 })}#${PAGE_TOP}`} rel="prev" className="underline">
              Previous
            </Link>
          ) : null}
          <span>
            Page {inventory.page} of {inventory.pages}
          </span>
          {inventory.page < inventory.pages ? (
            <Link to={`${inventoryHref({ state: filter.state, batch: filter.batchId, page: inventory.page + 1 })}#${PAGE_TOP}`} rel="next" className="underline">
              Next
            </Link>
          ) : null}
        </nav>
      ) : null}
    </Section>
  );
}
