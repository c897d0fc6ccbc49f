import { Plus } from "lucide-react";
import { Form, Link } from "react-router";
import { StatusBadge } from "~/components/admin/status-badge";
import type { Route } from "./+types/admin-products";
import { servicesContext } from "~/context";
import { AdminShell, tableClass, tdClass, thClass } from "~/components/admin/admin-shell";
import { buttonClass, secondaryButtonClass } from "~/components/layout/status-screen";
import { requireAdmin } from "~/lib/guards.server";
import { formatPrice } from "~/lib/money";

export async function loader({ context, request }: Route.LoaderArgs) {
  requireAdmin(context, request);
  const params = new URL(request.url).searchParams;
  const q = params.get("q")?.trim().slice(0, 100) || undefined;
  const page = Math.max(1, Math.min(10_000, Number(params.get("page")) || 1));
  const status = STATUSES.find((s) => s === params.get("status"));
  const { admin } = context.get(servicesContext);
  const [options, list] = await Promise.all([admin.productFormOptions(), admin.listProducts({ q, page, status, category: params.get("category") || undefined })]);
  return { ...list, q: q ?? "", status: status ?? "", category: params.get("category") ?? "", collections: options.collections };
}

const STATUSES = ["active", "draft", "archived"] as const;

export const meta = () => [{ title: "Products | VSOP Admin" }, { name: "robots", content: "noindex" }];

export default function AdminProducts({ loaderData }: Route.ComponentProps) {
  const { products, total, q, status, category, collections } = loaderData;
  const selectClass = "mt-1 h-10 rounded-xl border border-line bg-surface px-3 text-sm";
  return (
    <AdminShell
      title="Products & stock"
      actions={
        <div className="flex flex-wrap gap-2">
          <Link to="/admin/products/import" className={secondaryButtonClass}>
            Import / export CSV
          </Link>
          <Link to="/admin/products/bulk" className={secondaryButtonClass}>
            Bulk edit prices and stock
          </Link>
          <Link to="/admin/products/new" className={buttonClass}>
            <Plus aria-hidden="true" className="size-4" /> New product
          </Link>
        </div>
      }
    >
      <Form method="get" className="mb-6 flex flex-wrap items-end gap-3">
        <div>
          <label htmlFor="q" className="block text-sm font-medium">
            Name or handle
          </label>
          <input id="q" name="q" type="search" defaultValue={q} className="mt-1 h-10 w-64 rounded-xl border border-line bg-surface px-3 text-sm" />
        </div>
        <div>
          <label htmlFor="category" className="block text-sm font-medium">
            Collection
          </label>
          <select id="category" name="category" defaultValue={category} className={selectClass}>
            <option value="">All</option>
            {collections.map((c) => (
              <option key={c.slug} value={c.slug}>
                {c.name}
              </option>
            ))}
          </select>
        </div>
        <div>
          <label htmlFor="status" className="block text-sm font-medium">
            Status
          </label>
          <select id="status" name="status" defaultValue={status} className={selectClass}>
            <option value="">All</option>
            {STATUSES.map((s) => (
              <option key={s} value={s} className="capitalize">
                {s[0]!.toUpperCase() + s.slice(1)}
              </option>
            ))}
          </select>
        </div>
        <button type="submit" className={`${buttonClass} h-10`}>
          Find
        </button>
      </Form>
      <p className="mb-3 text-sm text-ink-muted">{total} products</p>
      <div className="overflow-x-auto rounded-2xl border border-line" tabIndex={0} role="region" aria-label="Table">
        <table className={tableClass}>
          <thead className="bg-surface-muted">
            <tr>
              {["Product", "Status", "Category", "Price", "Available"].map((h) => (
                <th key={h} scope="col" className={thClass}>
                  {h}
                </th>
              ))}
            </tr>
          </thead>
          <tbody className="divide-y divide-line">
            {products.map((p) => (
              <tr key={p.id}>
                <td className={tdClass}>
                  <Link to={`/admin/products/${p.id}`} className="flex items-center gap-3 font-medium underline">
                    <img src={p.image} alt="" width={32} height={40} className="h-10 w-8 rounded bg-surface-muted object-cover" />
                    {p.name}
                  </Link>
                </td>
                <td className={tdClass}>
                  <StatusBadge status={p.status} />
                </td>
                <td className={`${tdClass} text-ink-muted`}>
                  {p.category}
                  {p.subcategory && ` / ${p.subcategory}`}
                </td>
                <td className={`${tdClass} tabular-nums`}>{formatPrice(p.price)}</td>
                <td className={`${tdClass} tabular-nums ${p.stock === 0 ? "text-red-700 dark:text-red-400" : ""}`}>{p.stock}</td>
              </tr>
            ))}
          </tbody>
        </table>
      </div>
    </AdminShell>
  );
}
