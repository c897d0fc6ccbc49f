import { Plus } from "lucide-react";
import { adminMeta } from "~/lib/admin-meta";
import { Form, Link } from "react-router";
import { StatusBadge } from "~/components/admin/status-badge";
import type { Route } from "./+types/admin-products";
import { servicesContext } from "~/context";
import { AdminShell, AdminTable, tdClass } from "~/components/admin/admin-shell";
import { buttonClass, secondaryButtonClass } from "~/components/layout/status-screen";
import { requirePermission } from "~/lib/guards.server";
import { formatPrice } from "~/lib/money";
import { LabelledSelect } from "~/components/admin/labelled-select";

export async function loader({ context, request }: Route.LoaderArgs) {
  requirePermission(context, request, "products.write");
  const params = new URL(request.url).searchParams;
  const q = params.get("q")?.trim().slice(0, 100) || undefined;
  const page = Math.max(1, Math.min(10_000, Number(params.get("page")) || 1));
  const status = STATUSES.find((s) => s === params.get("status"));
  const { admin } = context.get(servicesContext);
  const [options, list] = await Promise.all([admin.productFormOptions(), admin.listProducts({ q, page, status, category: params.get("category") || undefined })]);
  return { ...list, q: q ?? "", status: status ?? "", category: params.get("category") ?? "", collections: options.collections };
}

const STATUSES = ["active", "draft", "archived"] as const;

export const meta: Route.MetaFunction = ({ matches }) => adminMeta(matches, "Products");

export default function AdminProducts({ loaderData }: Route.ComponentProps) {
  const { products, total, q, status, category, collections } = loaderData;
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
        <LabelledSelect id="category" label="Collection" name="category" defaultValue={category} empty="All" options={collections.map((c) => [c.slug, c.name] as const)} />
        <LabelledSelect id="status" label="Status" name="status" defaultValue={status} empty="All" options={STATUSES.map((s) => [s, s[0]!.toUpperCase() + s.slice(1)] as const)} />
        <button type="submit" className={`${buttonClass} h-10`}>
          Find
        </button>
      </Form>
      <p className="mb-3 text-sm text-ink-muted">{total} products</p>
      <AdminTable label="Table" headers={["Product", "Status", "Category", "Price", "Available"]}>
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
      </AdminTable>
    </AdminShell>
  );
}
