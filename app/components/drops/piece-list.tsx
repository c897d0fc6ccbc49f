import { Link } from "react-router";
import type { Product } from "../../../server/catalog/product-types";
import { formatPrice } from "~/lib/money";

/** SPEC §2's plain list of the VSOP drop's pieces on /vsop: each with its price, stock and View Details, and a count line. */
export function PieceList({ pieces }: { pieces: Product[] }) {
  const collection = pieces[0]?.category;
  return (
    <section aria-labelledby="all-heading" className="container-page pb-8">
      <h2 id="all-heading" className="text-lg font-bold">
        Every VSOP piece
      </h2>
      <p className="text-sm text-ink-muted">{pieces.length === 0 ? "No products found" : `${pieces.length} VSOP ${pieces.length === 1 ? "product" : "products"}${collection ? ` in the ${collection} collection` : ""}`}</p>
      <ul className="mt-4 divide-y divide-line rounded-2xl border border-line">
        {pieces.map((p) => (
          <li key={p.id} className="flex items-center justify-between gap-4 p-4 text-sm">
            <span>
              <span className="font-medium">{p.name}</span> · {formatPrice(p.price)} · {p.stock} left
            </span>
            <Link to={`/product/${p.id}`} className="font-semibold underline">
              View Details
            </Link>
          </li>
        ))}
      </ul>
    </section>
  );
}
