import { Download, Upload } from "lucide-react";
import { adminMeta } from "~/lib/admin-meta";
import { useState } from "react";
import { Link } from "react-router";
import type { Route } from "./+types/admin-import";
import { servicesContext } from "~/context";
import type { ImportReport } from "../../server/catalog/shopify-csv/import-catalog";
import type { Refusal } from "../../server/catalog/shopify-csv/parse-shopify-csv";
import { AdminShell, AdminTable, StatGrid, tdClass } from "~/components/admin/admin-shell";
import { buttonClass, secondaryButtonClass } from "~/components/layout/status-screen";
import { ApiError, apiRequest } from "~/lib/api";
import { requirePermission } from "~/lib/guards.server";
import { toast } from "~/lib/toast";
import { LabelledSelect } from "~/components/admin/labelled-select";

export async function loader({ context, request }: Route.LoaderArgs) {
  requirePermission(context, request, "products.write");
  return { collections: (await context.get(servicesContext).admin.productFormOptions()).collections };
}

export const meta: Route.MetaFunction = ({ matches }) => adminMeta(matches, "Import and export");

type Line = Refusal;
type Report = ImportReport;

const MAX_BYTES = 25_000_000;

function LineTable({ label, lines }: { label: string; lines: Line[] }) {
  return (
    <AdminTable label={label} headers={["Line", "Column", "Handle", "Reason"]}>
      {lines.map((l, i) => (
        <tr key={`${l.line}-${i}`}>
          <td className={`${tdClass} tabular-nums`}>{l.line}</td>
          <td className={tdClass}>{l.column ?? "—"}</td>
          <td className={`${tdClass} font-mono text-xs`}>{l.handle ?? "—"}</td>
          <td className={tdClass}>{l.reason}</td>
        </tr>
      ))}
    </AdminTable>
  );
}

/** Staff import a Shopify product CSV (a dry run first, then all or nothing) and export the catalogue in the same format. */
export default function AdminImport({ loaderData }: Route.ComponentProps) {
  const { collections } = loaderData;
  const [file, setFile] = useState<{ name: string; text: string } | null>(null);
  const [collection, setCollection] = useState("men");
  const [report, setReport] = useState<Report | null>(null);
  const [busy, setBusy] = useState<"checking" | "importing" | null>(null);

  async function choose(picked: File | undefined) {
    setReport(null);
    if (!picked) return setFile(null);
    if (picked.size > MAX_BYTES) return toast.error("The file is over 25 MB", { description: "Split it into smaller files." });
    setFile({ name: picked.name, text: await picked.text() });
  }

  async function run(dryRun: boolean) {
    if (!file) return;
    setBusy(dryRun ? "checking" : "importing");
    try {
      const result = await apiRequest<Report>("POST", "/api/admin/catalog/import", { csv: file.text, dryRun, defaultCollection: collection });
      setReport(result);
      if (!dryRun) toast.success("Import finished", { description: `${result.created.length} created, ${result.updated.length} updated, ${result.unchanged.length} unchanged.` });
    } catch (error) {
      const body = error instanceof ApiError ? (error.body as Report | undefined) : undefined;
      if (body?.refused) setReport(body);
      toast.error(dryRun ? "Couldn't check the file" : "Nothing was imported", { description: error instanceof ApiError ? error.detail : undefined });
    } finally {
      setBusy(null);
    }
  }

  const canImport = report?.dryRun && report.refused.length === 0 && report.created.length + report.updated.length > 0;
  return (
    <AdminShell
      title="Import and export"
      actions={
        <a href="/api/admin/catalog.csv" download className={secondaryButtonClass}>
          <Download aria-hidden="true" className="size-4" /> Export all products (CSV)
        </a>
      }
    >
      <section aria-labelledby="import-heading" className="rounded-3xl border border-line p-6">
        <h2 id="import-heading" className="font-semibold">
          Import a Shopify product CSV
        </h2>
        <p className="mt-1 text-sm text-ink-muted">
          Both Shopify export formats work. Products are matched by handle, so importing the same file again changes nothing. Check the file first: nothing is
          written until you import, and an import with any refused line writes nothing at all.
        </p>
        <div className="mt-4 flex flex-wrap items-end gap-4">
          <div>
            <label htmlFor="import-file" className="block text-sm font-medium">
              CSV file (up to 25 MB)
            </label>
            <input id="import-file" type="file" accept=".csv,text/csv" onChange={(e) => void choose(e.target.files?.[0])} className="mt-1 block text-sm file:mr-3 file:rounded-full file:border file:border-line file:bg-surface file:px-4 file:py-2 file:font-semibold" />
          </div>
          <LabelledSelect id="import-collection" label="Collection for products the file does not place" value={collection} onChange={(e) => setCollection(e.target.value)} options={collections.map((c) => [c.slug, c.name] as const)} />
          <button type="button" disabled={!file || busy !== null} onClick={() => run(true)} className={`${secondaryButtonClass} disabled:opacity-50`}>
            {busy === "checking" ? "Checking..." : "Check file"}
          </button>
          <button type="button" disabled={!canImport || busy !== null} onClick={() => run(false)} className={`${buttonClass} disabled:opacity-50`}>
            <Upload aria-hidden="true" className="size-4" /> {busy === "importing" ? "Importing..." : "Import"}
          </button>
        </div>
        {busy && (
          <div className="mt-4" role="status">
            <progress className="h-2 w-full accent-current" aria-label={busy === "checking" ? "Checking the file" : "Importing"} />
            <p className="mt-1 text-sm text-ink-muted">{busy === "checking" ? `Checking ${file?.name}...` : `Importing ${file?.name} in one transaction...`}</p>
          </div>
        )}
      </section>

      {report && (
        <section aria-labelledby="report-heading" className="mt-8 space-y-6">
          <h2 id="report-heading" className="font-semibold" tabIndex={-1}>
            {report.imported ? "Imported" : report.dryRun ? "What this file would do" : "Nothing was imported"}
          </h2>
          <StatGrid
            className="grid-cols-2 sm:grid-cols-5"
            stats={[
              ["Created", report.created.length],
              ["Updated", report.updated.length],
              ["Unchanged", report.unchanged.length],
              ["Refused lines", report.refused.length],
              [report.imported ? "Photos added" : "Photos to fetch", report.photos],
            ]}
          />
          {report.refused.length > 0 && (
            <div>
              <h3 className="mb-2 font-semibold text-red-700 dark:text-red-400">Refused: fix these lines and check again</h3>
              <LineTable label="Refused lines" lines={report.refused} />
            </div>
          )}
          {report.created.length + report.updated.length > 0 && (
            <div>
              <h3 className="mb-2 font-semibold">{report.imported ? "Written" : "Would be written"}</h3>
              <ul className="max-h-72 divide-y divide-line overflow-y-auto rounded-2xl border border-line text-sm" tabIndex={0} aria-label="Products created or updated">
                {report.created.map((c) => (
                  <li key={c.handle} className="px-4 py-2">
                    <span className="font-semibold">New:</span> {c.title} <span className="font-mono text-xs text-ink-muted">{c.handle}</span>, {c.variants} {c.variants === 1 ? "variant" : "variants"}
                  </li>
                ))}
                {report.updated.map((u) => (
                  <li key={u.handle} className="px-4 py-2">
                    <span className="font-semibold">Update:</span> <span className="font-mono text-xs">{u.handle}</span>: {u.changes.join(", ")}
                  </li>
                ))}
              </ul>
            </div>
          )}
          {report.warnings.length > 0 && (
            <details className="group">
              <summary className="mb-2 cursor-pointer font-semibold">
                Notes ({report.warnings.length}): {report.imported ? "imported with a caveat" : "will import with a caveat"}
              </summary>
              <LineTable label="Import notes" lines={report.warnings} />
            </details>
          )}
          {report.unknownColumns.length > 0 && <p className="text-sm text-ink-muted">Columns this store does not use (ignored): {report.unknownColumns.join(", ")}</p>}
          {report.imported && (
            <Link to="/admin/products" className={secondaryButtonClass}>
              See the products
            </Link>
          )}
        </section>
      )}
    </AdminShell>
  );
}
