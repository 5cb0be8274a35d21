// Minting a batch on /admin/stickers: the form, and the new batch's tokens and passwords, shown
// once (the action's answer) with a CSV built into a data: link.
import { Form } from "react-router";
import { Button } from "~/components/ui/button";
import { FormAlert } from "~/components/ui/form-alert";
import { Section } from "~/components/ui/section";
import { formatToken } from "~/features/finder/search-input";
import { TOKEN_LENGTH } from "~/features/stickers/rules";
import { LABELS_PER_PAGE } from "~/features/stickers/sheet-layout";
import { message, type MessageKey } from "~/i18n/messages";
import { sheetHref, shortId } from "./links";
import { TableHead } from "~/components/ui/table-head";

export type MintedBatch = { batchId: string; count: number; tokens: Array<{ token: string; password: string }>; csvHref: string };

export function MintForm({ maxMintCount, mintError }: { maxMintCount: number; mintError: MessageKey | null }) {
  return (
    <Section id="mint-title" title="Mint a batch">
      <Form method="post" className="flex flex-wrap items-end gap-3" aria-describedby={mintError ? "mint-error" : undefined}>
        <input type="hidden" name="intent" value="mint" />
        <label className="flex flex-col text-sm font-medium">
          How many stickers (1 to {maxMintCount.toLocaleString("en")})
          <input
            type="number"
            name="count"
            min={1}
            max={maxMintCount}
            step={1}
            required
            defaultValue={LABELS_PER_PAGE}
            inputMode="numeric"
            className="mt-1 w-40 rounded-lg border border-slate-300 px-3 py-2"
            aria-invalid={mintError ? true : undefined}
          />
        </label>
        <Button type="submit">Mint batch</Button>
      </Form>
      {mintError ? (
        <div className="mt-3">
          <FormAlert id="mint-error" title={message(mintError).title} data-testid="mint-error" />
        </div>
      ) : null}
      <p className="mt-2 text-sm text-slate-600">
        Each sticker gets a {TOKEN_LENGTH}-digit token and a password. The passwords are shown once, right after
        minting; Tagback keeps only their hashes.
      </p>
    </Section>
  );
}

export function MintedBatchView({ minted }: { minted: MintedBatch }) {
  return (
    <section aria-labelledby="minted-title" className="rounded-xl border border-emerald-300 bg-emerald-50/40 p-5" data-testid="minted-batch">
      <h2 id="minted-title" className="text-lg font-bold">
        {message("stickers.minted").title}: {minted.count} sticker{minted.count === 1 ? "" : "s"}
      </h2>
      <p role="status" className="mt-1 text-sm font-medium text-emerald-900">
        {message("stickers.minted").description}
      </p>
      <p className="mt-3 flex flex-wrap gap-3 text-sm">
        <a href={minted.csvHref} download={`tagback-batch-${shortId(minted.batchId)}-passwords.csv`} className="font-semibold text-brand-700 underline">
          Download tokens and passwords (CSV)
        </a>
        <a href={sheetHref(minted.batchId, "svg")} className="font-semibold text-brand-700 underline">
          Sticker sheet (SVG)
        </a>
        <a href={sheetHref(minted.batchId, "pdf")} className="font-semibold text-brand-700 underline">
          Sticker sheet (PDF, A4)
        </a>
      </p>
      <div className="mt-3 max-h-96 overflow-auto">
        <table className="w-full text-left text-sm">
          <caption className="sr-only">New tokens and their passwords</caption>
          <TableHead columns={["Token", "Password"]} />
          <tbody>
            {minted.tokens.map((row) => (
              <tr key={row.token} data-testid="minted-row">
                <td className="py-1 pr-4 font-mono">{formatToken(row.token)}</td>
                <td className="py-1 font-mono" data-testid="minted-password">
                  {row.password}
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      </div>
    </section>
  );
}
