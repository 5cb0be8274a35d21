// The batches on /admin/stickers, each with its printable sheets (SVG, and PDF for A4 label sheets).
import { Link } from "react-router";
import { Section } from "~/components/ui/section";
import { istDateTime } from "~/core/india-time";
import { LABEL_SHEET, LABELS_PER_PAGE } from "~/features/stickers/sheet-layout";
import { batchHref, inventoryHref, sheetHref, shortId } from "~/features/stickers/admin-links";
import { TableHead } from "~/components/ui/table-head";

type Batch = { id: string; count: number; createdAt: Date; mintedBy: string | null; status: "minting" | "done" | "failed" };

export function Batches({ batches }: { batches: Batch[] }) {
  return (
    <Section id="batches-title" title="Batches">
      <p className="text-sm text-slate-600">
        Sheets print {LABELS_PER_PAGE} stickers per A4 page ({LABEL_SHEET.columns} × {LABEL_SHEET.rows} labels of {LABEL_SHEET.labelWidth} ×{" "}
        {LABEL_SHEET.labelHeight} mm).
      </p>
      {batches.length === 0 ? (
        <p className="mt-2 text-sm">No batches yet.</p>
      ) : (
        <div className="mt-2 overflow-x-auto">
          <table className="w-full text-left text-sm" data-testid="batches">
            <caption className="sr-only">Minted batches</caption>
            <TableHead columns={["Minted", "Stickers", "Minted by", "Sheets"]} />
            <tbody>
              {batches.map((batch) => (
                <tr key={batch.id} className="border-b border-slate-100" data-testid="batch-row" data-batch-id={batch.id}>
                  <td className="py-1 pr-4">
                    <Link to={inventoryHref({ batch: batch.id })} className="underline">
                      {istDateTime(batch.createdAt)}
                    </Link>
                  </td>
                  <td className="py-1 pr-4">{batch.count}</td>
                  <td className="py-1 pr-4 break-all">{batch.mintedBy ?? "CLI"}</td>
                  <td className="py-1">
                    {batch.status === "done" ? (
                      <>
                        <a href={sheetHref(batch.id, "svg")} className="mr-3 underline">
                          SVG<span className="sr-only"> sheet of batch {shortId(batch.id)}</span>
                        </a>
                        <a href={sheetHref(batch.id, "pdf")} className="underline">
                          PDF<span className="sr-only"> sheet of batch {shortId(batch.id)}</span>
                        </a>
                      </>
                    ) : (
                      <Link to={batchHref(batch.id)} className="underline">
                        {batch.status === "minting" ? "Minting…" : "Failed"}
                        <span className="sr-only"> batch {shortId(batch.id)}</span>
                      </Link>
                    )}
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}
    </Section>
  );
}
