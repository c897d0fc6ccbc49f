import { Ruler } from "lucide-react";
import { Link } from "react-router";
import type { Route } from "./+types/size-guide";
import { servicesContext } from "~/context";
import { fitAdvice, fitHeadline } from "../../shared/reviews";
import { pageTitle, seo } from "~/lib/seo";
import { SIZE_CHART, toCm } from "../../shared/size-chart";
import { StylistDialog } from "~/components/stylist/stylist-dialog";

export const meta: Route.MetaFunction = ({ matches }) =>
  seo({ title: pageTitle(matches, "Size Guide"), description: "Our size chart in inches and centimetres, with how to measure and fit advice.", path: "/size-guide", matches });

const range = ([low, high]: [number, number], unit: "in" | "cm") => (unit === "in" ? `${low}–${high}` : `${toCm(low)}–${toCm(high)}`);

/** Opened from a product page (?product=ID), the guide also says how that product fits by its buyers' reviews. */
export async function loader({ request, context }: Route.LoaderArgs) {
  const id = new URL(request.url).searchParams.get("product");
  if (!id || !/^[1-9]\d{0,8}$/.test(id)) return { product: null };
  const found = await context.get(servicesContext).reviews.productFit(Number(id));
  return { product: found ? { id: Number(id), name: found.name, fit: found.fit } : null };
}

/** The same chart the size assistant uses (shared/size-chart.ts), in inches and centimetres. */
export default function SizeGuide({ loaderData }: Route.ComponentProps) {
  const { product } = loaderData;
  return (
    <div className="container-page max-w-4xl pb-8 pt-6">
      <h1 className="font-display text-3xl font-bold tracking-tight sm:text-4xl">Size Guide</h1>
      <p className="mt-3 text-ink-muted">Body measurements for our adult tops, hoodies and bottoms. Between two sizes? Take the larger for a relaxed fit, the smaller for a close one.</p>
      {product && (
        <p className="mt-6 rounded-2xl bg-brand-50 px-4 py-3 text-sm text-brand-700 dark:bg-brand-700/20 dark:text-brand-100">
          <span className="font-semibold">
            <Link to={`/product/${product.id}`} className="underline">
              {product.name}
            </Link>
            :{" "}
          </span>
          {product.fit.verdict
            ? `${fitHeadline(product.fit.verdict)} (${product.fit[product.fit.verdict]} of ${product.fit.total} buyers). ${fitAdvice(product.fit.verdict)}`
            : product.fit.total > 0
              ? `Buyers don't agree on its fit yet (${product.fit.total} answers): go by the chart.`
              : "No buyer has told us how it fits yet: go by the chart."}
        </p>
      )}
      <div className="mt-8 overflow-x-auto rounded-2xl border border-line" tabIndex={0} role="region" aria-label="Size chart">
        <table className="w-full text-left text-sm">
          <caption className="sr-only">Adult sizes by chest and waist</caption>
          <thead className="bg-surface-muted">
            <tr>
              <th scope="col" className="px-4 py-3">
                Size
              </th>
              <th scope="col" className="px-4 py-3">
                Chest (in)
              </th>
              <th scope="col" className="px-4 py-3">
                Chest (cm)
              </th>
              <th scope="col" className="px-4 py-3">
                Waist (in)
              </th>
              <th scope="col" className="px-4 py-3">
                Waist (cm)
              </th>
            </tr>
          </thead>
          <tbody className="divide-y divide-line tabular-nums">
            {SIZE_CHART.map((row) => (
              <tr key={row.size}>
                <th scope="row" className="px-4 py-3 font-semibold">
                  {row.size}
                </th>
                <td className="px-4 py-3">{range(row.chest, "in")}</td>
                <td className="px-4 py-3">{range(row.chest, "cm")}</td>
                <td className="px-4 py-3">{range(row.waist, "in")}</td>
                <td className="px-4 py-3">{range(row.waist, "cm")}</td>
              </tr>
            ))}
          </tbody>
        </table>
      </div>
      <p className="mt-3 text-sm text-ink-muted">XXL and 2XL are the same size. Jeans come in waist sizes 28–38 (inches); women's bottoms 24–32.</p>
      <section aria-labelledby="measure-heading" className="mt-10 grid gap-6 sm:grid-cols-3">
        <h2 id="measure-heading" className="sr-only">
          How to measure
        </h2>
        {[
          ["Chest", "Around the fullest part of your chest, under the arms, tape level."],
          ["Waist", "Around your natural waist, above the hip bones, without pulling tight."],
          ["Height", "Standing straight, without shoes. It guides sleeve and body length."],
        ].map(([title, text]) => (
          <div key={title} className="rounded-2xl bg-surface-muted p-5">
            <Ruler aria-hidden="true" className="size-5 text-brand-700 dark:text-brand-500" />
            <h3 className="mt-2 font-semibold">{title}</h3>
            <p className="mt-1 text-sm text-ink-muted">{text}</p>
          </div>
        ))}
      </section>
      <section className="mt-10 rounded-3xl border border-line p-6">
        <h2 className="font-display text-xl font-bold">Kids and babies</h2>
        <p className="mt-2 text-sm text-ink-muted">Kids' sizes 4–12 follow age (size 8 fits most eight-year-olds); baby sizes follow months (0-3M to 18-24M). When in doubt, size up: they grow.</p>
      </section>
      <div className="mt-10 flex flex-wrap items-center gap-4 rounded-3xl bg-[#16171a] p-6 text-white">
        <p className="flex-1">Not sure? Give the assistant your measurements, in any units.</p>
        <StylistDialog label="Find my size" triggerClassName="border-white text-white hover:bg-white hover:text-black" />
      </div>
    </div>
  );
}
