import { Link } from "react-router";
import type { Route } from "./+types/admin-collections";
import { adminMeta } from "~/lib/admin-meta";
import { servicesContext } from "~/context";
import { AdminShell } from "~/components/admin/admin-shell";
import { CollectionItem, NewCollectionForm } from "~/components/admin/collection-editor";
import { requirePermission } from "~/lib/guards.server";

export async function loader({ context, request }: Route.LoaderArgs) {
  requirePermission(context, request, "products.write");
  return context.get(servicesContext).admin.listCollections();
}

export const meta: Route.MetaFunction = ({ matches }) => adminMeta(matches, "Collections");

const blocked = (products: number, subcategories: number) =>
  subcategories > 0 ? "Delete its subcategories first" : products > 0 ? "Move its products to another collection first" : null;

export default function AdminCollections({ loaderData }: Route.ComponentProps) {
  const { collections } = loaderData;
  return (
    <AdminShell title="Collections">
      <p className="mb-6 max-w-2xl text-ink-muted">
        The home page and each category page show these names, texts and this order; the header's dropdowns show each collection's subcategories. A new collection shows in the menus once it is added at{" "}
        <Link to="/admin/menus" className="font-semibold underline underline-offset-2">
          Menus
        </Link>
        ; a renamed one keeps its links.
      </p>
      <div className="space-y-5">
        {collections.map((c, i) => (
          <CollectionItem key={`${c.id}-${c.position}`} row={c} kind="collection" first={i === 0} last={i === collections.length - 1} blockedBy={blocked(c.productCount, c.subcategories.length)}>
            <div className="mt-4 grid gap-2 lg:grid-cols-2">
              {c.subcategories.map((s, j) => (
                <CollectionItem key={`${s.id}-${s.position}`} row={s} kind="subcategory" first={j === 0} last={j === c.subcategories.length - 1} blockedBy={blocked(s.productCount, 0)} />
              ))}
            </div>
            <NewCollectionForm parent={c} />
          </CollectionItem>
        ))}
      </div>
      <div className="mt-8 rounded-2xl border border-dashed border-line p-5">
        <NewCollectionForm parent={null} />
      </div>
    </AdminShell>
  );
}
