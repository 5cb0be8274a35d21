// Minting a batch on /admin/stickers: the form. It posts an idempotency key (a double submit mints
// once) and, with JavaScript, shows that it is pending and cannot be sent again; the action then
// redirects to the batch's page, where the job's progress shows.
import { Form, useNavigation } from "react-router";
import { Button } from "~/components/ui/button";
import { FormAlert } from "~/components/ui/form-alert";
import { Section } from "~/components/ui/section";
import { TOKEN_LENGTH } from "~/features/stickers/rules";
import { LABELS_PER_PAGE } from "~/features/stickers/sheet-layout";
import { message, type MessageKey } from "~/i18n/messages";

export function MintForm({ maxMintCount, mintError, mintKey }: { maxMintCount: number; mintError: MessageKey | null; mintKey: string }) {
  const navigation = useNavigation();
  const pending = navigation.state !== "idle" && navigation.formData?.get("intent") === "mint";
  return (
    <Section id="mint-title" title="Mint a batch">
      <Form method="post" className="flex flex-wrap items-end gap-3" aria-describedby={mintError ? "mint-error" : undefined}>
        <input type="hidden" name="intent" value="mint" />
        <input type="hidden" name="mintKey" value={mintKey} />
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
        <Button type="submit" disabled={pending} aria-disabled={pending}>
          {pending ? "Starting…" : "Mint batch"}
        </Button>
      </Form>
      {mintError ? (
        <div className="mt-3">
          <FormAlert id="mint-error" title={message(mintError).title} data-testid="mint-error" />
        </div>
      ) : null}
      <p className="mt-2 text-sm text-slate-600">
        Each sticker gets a {TOKEN_LENGTH}-digit token and a password. Large batches take a few minutes; the batch&apos;s
        page shows the progress. The passwords are offered once, as a CSV, when the batch is ready; Tagback keeps only
        their hashes.
      </p>
    </Section>
  );
}
