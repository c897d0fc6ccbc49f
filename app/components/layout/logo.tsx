import { Link } from "react-router";
import { photoUrl } from "../../../shared/photo-urls";
import type { PublicStore, StoreLogo } from "../../../shared/store-settings";

const srcSet = (logo: StoreLogo, format: "avif" | "webp" | "jpg") => logo.widths.map((w) => `${photoUrl(logo.key, w, format)} ${w}w`).join(", ");

/** The uploaded logo (AVIF and WebP keep its transparency), drawn 32 px high. */
function LogoImage({ logo }: { logo: StoreLogo }) {
  return (
    <picture>
      <source type="image/avif" srcSet={srcSet(logo, "avif")} sizes="160px" />
      <source type="image/webp" srcSet={srcSet(logo, "webp")} sizes="160px" />
      <img src={photoUrl(logo.key, logo.widths[0]!, "jpg")} srcSet={srcSet(logo, "jpg")} sizes="160px" alt="" height={32} className="h-8 w-auto max-w-40 object-contain" />
    </picture>
  );
}

/** The store's logo when staff uploaded one, else its name as a wordmark: the first word large, the rest small. */
export function Logo({ store }: { store: PublicStore | null }) {
  const name = store?.name ?? "Home";
  const [first, ...rest] = name.split(" ");
  return (
    <Link to="/" className="flex items-baseline gap-1.5 rounded-md font-display" aria-label={`${name}, home`}>
      {store?.logo ? (
        <LogoImage logo={store.logo} />
      ) : (
        <>
          <span className="text-2xl font-black tracking-[0.18em]">{first}</span>
          {rest.length > 0 && <span className="hidden text-[0.65rem] font-semibold uppercase tracking-[0.3em] text-ink-muted sm:inline">{rest.join(" ")}</span>}
        </>
      )}
    </Link>
  );
}
