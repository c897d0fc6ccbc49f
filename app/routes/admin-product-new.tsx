import { useNavigate } from "react-router";
import { adminMeta } from "~/lib/admin-meta";
import type { Route } from "./+types/admin-product-new";
import { servicesContext } from "~/context";
import { AdminShell } from "~/components/admin/admin-shell";
import { ProductForm, type ProductFormValues } from "~/components/admin/product-form";
import { ApiError, apiRequest } from "~/lib/api";
import { requirePermission } from "~/lib/guards.server";
import { toast } from "~/lib/toast";

export async function loader({ context, request }: Route.LoaderArgs) {
  requirePermission(context, request, "products.write");
  return { options: await context.get(servicesContext).admin.productFormOptions() };
}

export const meta: Route.MetaFunction = ({ matches }) => adminMeta(matches, "New product");

export default function NewProduct({ loaderData }: Route.ComponentProps) {
  const { options } = loaderData;
  const navigate = useNavigate();
  const initial: ProductFormValues = {
    name: "",
    handle: "",
    description: "",
    status: "draft",
    category: options.collections[0]?.slug ?? "",
    subcategory: null,
    tags: [],
    garment: "tshirt",
    priceCents: null,
    compareAtCents: null,
    colors: [],
    sizes: [],
    isNew: false,
    featured: false,
    trending: false,
    bestseller: false,
    hot: false,
    preorder: false,
    taxCategoryId: null,
  };
  async function create({ handle, ...values }: ProductFormValues) {
    try {
      const created = await apiRequest<{ product: { id: number; name: string } }>("POST", "/api/admin/products", { ...values, ...(handle ? { handle } : {}) });
      toast.success(`${created.product.name} created`, { description: "Set its stock below, then make it active to sell it." });
      await navigate(`/admin/products/${created.product.id}`);
    } catch (error) {
      toast.error("Couldn't create the product", { description: error instanceof ApiError ? error.detail : undefined });
    }
  }
  return (
    <AdminShell title="New product">
      <ProductForm initial={initial} options={options} submitLabel="Create product" onSubmit={create} />
    </AdminShell>
  );
}
