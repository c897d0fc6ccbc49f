import { Camera, Sparkles, Zap } from "lucide-react";
import { type FormEvent, useId } from "react";
import { Link } from "react-router";
import { toast } from "~/lib/toast";
import type { Product } from "../../../server/catalog/product-types";
import { SocialIcon } from "~/components/layout/social-icon";
import { THANKS_TEXT, THANKS_TITLE, useSubscribe } from "~/components/marketing/use-subscribe";
import { socialTiles } from "~/lib/home-content";
import { formatPrice } from "~/lib/money";
import { useStoreSettings } from "~/lib/store-settings";

const MAX_STRIP_TEXT = 150;
const cut = (text: string) => (text.length > MAX_STRIP_TEXT ? `${text.slice(0, MAX_STRIP_TEXT).trimEnd()}…` : text);

/** Phone-only VSOP strip, its description cut to 150 characters (SPEC §2 Home). */
export function MobileVsopStrip({ product }: { product: Product | undefined }) {
  if (!product) return null;
  return (
    <section aria-label="VSOP on your phone" className="container-page pb-14 md:hidden">
      <Link to={`/product/${product.id}`} className="flex gap-4 rounded-3xl bg-[#16171a] p-4 text-white">
        <img src={product.image} alt="" width={96} height={120} loading="lazy" className="h-30 w-24 rounded-2xl object-cover" />
        <span className="flex flex-col gap-1">
          <span className="text-xs font-semibold uppercase tracking-widest text-brand-500">VSOP · Pre-order</span>
          <span className="font-semibold">{product.name}</span>
          <span className="text-sm text-white/70">{cut(product.description)}</span>
          <span className="text-sm font-semibold">{formatPrice(product.price)}</span>
        </span>
      </Link>
    </section>
  );
}

const tileIcons = [Zap, Sparkles, Camera];

export function SocialFollow({ heading = "Follow VSOP" }: { heading?: string }) {
  const headingId = useId();
  const socialLinks = useStoreSettings()?.socialLinks ?? [];
  if (socialLinks.length === 0) return null;
  return (
    <section aria-labelledby={headingId} className="bg-surface-muted py-14">
      <div className="container-page">
        <h2 id={headingId} className="font-display text-2xl font-bold tracking-tight sm:text-3xl">
          {heading}
        </h2>
        <ul className="mt-6 flex flex-wrap gap-3">
          {socialLinks.map((s) => (
            <li key={s.network}>
              <a href={s.url} target="_blank" rel="noopener noreferrer" className="inline-flex h-11 items-center gap-2 rounded-full border border-line bg-surface px-4 text-sm font-semibold hover:border-ink">
                <SocialIcon name={s.label} className="size-4" /> {s.label}
                <span className="sr-only">(opens in a new tab)</span>
              </a>
            </li>
          ))}
        </ul>
        <ul className="mt-8 grid gap-4 sm:grid-cols-3">
          {socialTiles.map((tile, i) => {
            const Icon = tileIcons[i]!;
            return (
              <li key={tile.title} className="rounded-2xl bg-surface p-5">
                <Icon aria-hidden="true" className="size-5 text-brand-700 dark:text-brand-500" />
                <h3 className="mt-3 font-semibold">{tile.title}</h3>
                <p className="mt-1 text-sm text-ink-muted">{tile.text}</p>
              </li>
            );
          })}
        </ul>
      </div>
    </section>
  );
}

/** VIP early access (SPEC §4 newsletter states: 'JOINING VIP...', inputs disabled, thanks toast, field cleared). */
export function VipSignup({ heading = "Get VIP early access", text = "Be first in line for the next VSOP drop, restocks and members-only offers." }: { heading?: string; text?: string }) {
  const headingId = useId();
  const emailId = useId();
  const socialLinks = useStoreSettings()?.socialLinks ?? [];
  const { email, setEmail, busy, submit } = useSubscribe("vip");
  async function join(event: FormEvent) {
    event.preventDefault();
    const result = await submit();
    if (result) toast.success(THANKS_TITLE, { description: THANKS_TEXT });
  }
  return (
    <section aria-labelledby={headingId} className="container-page py-16">
      <div className="rounded-3xl bg-gradient-to-br from-[#16171a] to-[#2a1c12] p-8 text-white sm:p-12">
        <h2 id={headingId} className="font-display text-3xl font-black tracking-tight">
          {heading}
        </h2>
        <p className="mt-2 max-w-xl text-white/75">{text}</p>
        <form onSubmit={join} noValidate className="mt-6 flex max-w-lg flex-col gap-3 sm:flex-row">
          <label htmlFor={emailId} className="sr-only">
            Email address
          </label>
          <input
            id={emailId}
            type="email"
            autoComplete="email"
            placeholder="you@example.com"
            value={email}
            disabled={busy}
            onChange={(e) => setEmail(e.target.value)}
            className="h-12 flex-1 rounded-full border border-white/25 bg-white/10 px-5 text-base text-white placeholder:text-white/60 focus:border-white focus:outline-none disabled:opacity-60"
          />
          <button type="submit" disabled={busy} className="h-12 rounded-full bg-brand-500 px-7 text-sm font-bold tracking-wide text-black hover:bg-brand-100 disabled:opacity-70">
            {busy ? "JOINING VIP..." : "Join VIP"}
          </button>
        </form>
        <ul className="mt-6 flex gap-2" aria-hidden="true">
          {socialLinks.map((s) => (
            <li key={s.network} className="grid size-9 place-items-center rounded-full bg-white/10">
              <SocialIcon name={s.label} className="size-4" />
            </li>
          ))}
        </ul>
      </div>
    </section>
  );
}
