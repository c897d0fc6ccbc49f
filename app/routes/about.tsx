import { Gem, Lightbulb, Palette } from "lucide-react";
import { Link } from "react-router";
import type { Route } from "./+types/about";
import { buttonClass } from "~/components/layout/status-screen";
import { pageTitle, seo } from "~/lib/seo";
import { useStoreSettings } from "~/lib/store-settings";

export const meta: Route.MetaFunction = ({ matches }) =>
  seo({ title: pageTitle(matches, "About Us"), description: "Our story, our mission and what we value: premium quality, unique design and innovation.", path: "/about", matches });

const values = [
  { icon: Gem, title: "Premium Quality", text: "Heavyweight fabrics, bonded seams and finishes tested wash after wash." },
  { icon: Palette, title: "Unique Design", text: "Original graphics and considered cuts, sketched and sampled in our own studio." },
  { icon: Lightbulb, title: "Innovation", text: "Technical fabrics in everyday clothes, and a store that tells you the truth about stock and delivery." },
];

export default function About() {
  const store = useStoreSettings();
  return (
    <div className="container-page max-w-4xl pb-8 pt-6">
      <h1 className="font-display text-4xl font-bold tracking-tight">Our Story</h1>
      <p className="mt-5 text-lg leading-8 text-ink-muted">
        {store?.name ?? "We"} began with a simple idea: everyday clothes for the whole family should be made as carefully as premium streetwear. We design tees, hoodies, denim and
        dresses for men, women and kids, and once in a while we release something special.
      </p>
      <section aria-labelledby="mission" className="mt-12">
        <h2 id="mission" className="font-display text-2xl font-bold">
          Our mission
        </h2>
        <p className="mt-3 leading-7 text-ink-muted">
          Make fewer, better things; price them fairly; and be honest about what's in stock, when it ships and what it costs. No fake countdowns, no surprise fees.
        </p>
      </section>
      <section aria-labelledby="values" className="mt-12">
        <h2 id="values" className="font-display text-2xl font-bold">
          What we value
        </h2>
        <ul className="mt-6 grid gap-4 sm:grid-cols-3">
          {values.map(({ icon: Icon, title, text }) => (
            <li key={title} className="rounded-2xl bg-surface-muted p-5">
              <Icon aria-hidden="true" className="size-6 text-brand-700 dark:text-brand-500" />
              <h3 className="mt-3 font-semibold">{title}</h3>
              <p className="mt-1 text-sm text-ink-muted">{text}</p>
            </li>
          ))}
        </ul>
      </section>
      <section aria-labelledby="vsop" className="mt-12 rounded-3xl bg-[#16171a] p-8 text-white">
        <h2 id="vsop" className="font-display text-2xl font-bold">
          VSOP
        </h2>
        <p className="mt-3 text-white/75">
          VSOP is our premium tech-casual line: a heavyweight hoodie, tech shorts and the complete set, made in one numbered run per drop and sold by pre-order, with free
          shipping.
        </p>
        <Link to="/vsop" className={`${buttonClass} mt-6 bg-white text-black`}>
          Explore the VSOP drop
        </Link>
      </section>
    </div>
  );
}
