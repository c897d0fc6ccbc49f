import { lazy, memo, useEffect, useMemo, useState } from "react";
import { useNavigate } from "react-router";
import type { ProductDetail } from "../../../server/catalog/product-types";
import { buttonClass, secondaryButtonClass } from "~/lib/button-classes";
import { useAddProduct } from "~/components/product/use-add-product";
import { LazyMount } from "~/components/ui/lazy-dialog";
import { variantPrice, withoutColourChoice } from "~/lib/product-options";
import { clampQuantity } from "~/lib/quantity";
import { availabilityFor, ColorPicker, SizePicker } from "./option-pickers";
import { QuantityInput } from "./quantity-input";
import { type GiftCardChoice, GiftCardFields, giftCardPayload } from "./gift-card-fields";

const loadAlertSignUp = () => import("~/components/alerts/alert-sign-up");
const AlertSignUp = lazy(() => loadAlertSignUp().then((m) => ({ default: m.AlertSignUp })));
let alertSignUpLoading: Promise<unknown> | undefined;
/** The sign-up form's code is fetched when the shopper reaches for the options of a product with a sold-out size. */
function preloadAlertSignUp() {
  alertSignUpLoading ??= loadAlertSignUp().catch(() => (alertSignUpLoading = undefined));
}

/**
 * "Email me when it's back", loaded on first use. Memoised on plain props: while its code is on its way, a server-rendered
 * form (a product sold out from the start) must not be re-rendered, or React would replace it with nothing until then.
 */
const SoldOutAlert = memo(function SoldOutAlert({ variantId, detail }: { variantId: number; detail: string }) {
  return (
    <LazyMount when>
      <AlertSignUp heading="Email me when it's back" detail={detail} endpoint="/api/stock-alerts" body={{ variantId }} idPrefix={`stock-alert-${variantId}`} />
    </LazyMount>
  );
});

/**
 * Colour, size and quantity choices with Add to Cart and Buy Now; a sold-out size offers an email when it's back instead.
 * The server also renders it on its own, into the cached product page (decision 0041): its ids are fixed, not useId's.
 */
export function ProductPurchase({ product, onChoice }: { product: ProductDetail; onChoice: (choice: { color: string; size: string }) => void }) {
  // A drop's piece in one colour: no picker, in the cart as "Default" (SPEC §4, lib/product-options.ts).
  const oneColour = withoutColourChoice(product) || product.giftCard;
  const [gift, setGift] = useState<GiftCardChoice>({ recipientEmail: "", message: "", sendOn: "" });
  const [color, setColor] = useState(product.colors[0] ?? "Black");
  const availability = useMemo(() => availabilityFor(product.variants, color), [product.variants, color]);
  const firstAvailable = (map: Map<string, number>) => product.sizes.find((s) => (map.get(s) ?? 0) > 0) ?? product.sizes[0] ?? "M";
  const [size, setSize] = useState(() => firstAvailable(availability));
  const [quantity, setQuantity] = useState(1);
  const { addProduct, isPending } = useAddProduct();
  const navigate = useNavigate();
  const left = availability.get(size) ?? 0;
  const soldOut = product.stock <= 0 || left <= 0;
  const variant = product.variants.find((v) => v.color === color && v.size === size);
  const anySoldOut = product.variants.some((v) => v.available <= 0);

  useEffect(() => onChoice({ color, size }), [color, size, onChoice]);

  function chooseColor(next: string) {
    setColor(next);
    const nextAvailability = availabilityFor(product.variants, next);
    if ((nextAvailability.get(size) ?? 0) <= 0) setSize(firstAvailable(nextAvailability));
  }

  async function add({ buyNow }: { buyNow: boolean }) {
    if (!size || (!oneColour && !color)) return;
    const item = { productId: product.id, quantity, color: oneColour ? "Default" : color, size, ...(product.giftCard ? { giftCard: giftCardPayload(gift) } : {}) };
    const forWhom = product.giftCard && gift.recipientEmail.trim() ? ` for ${gift.recipientEmail.trim()}` : "";
    const added = await addProduct({ ...product, price: variantPrice(product, color, size).price }, item, { title: "Added to cart", description: `${quantity} × ${product.name} (${size})${forWhom}` }, { openDrawer: !buyNow });
    if (added && buyNow) navigate("/checkout");
  }

  const intent = anySoldOut ? preloadAlertSignUp : undefined;
  return (
    <div className="space-y-6" onPointerEnter={intent} onFocus={intent} onTouchStart={intent}>
      {!oneColour && <ColorPicker colors={product.colors} value={color} onChange={chooseColor} />}
      <SizePicker
        label={product.giftCard ? "Amount" : "Size"}
        sizes={product.sizes}
        availability={availability}
        value={size}
        onChange={(next) => {
          setSize(next);
          setQuantity((q) => clampQuantity(q, availability.get(next) ?? 1));
        }}
      />
      {soldOut && variant ? (
        <SoldOutAlert key={variant.id} variantId={variant.id} detail={`${oneColour ? "Size" : `${color}, size`} ${size} is sold out. Leave your email and we'll tell you as soon as it's back in stock.`} />
      ) : (
        <>
          {product.giftCard && <GiftCardFields value={gift} onChange={setGift} />}
          <QuantityInput id="product-quantity" value={quantity} onChange={setQuantity} max={Math.max(left, 1)} />
          <div className="flex flex-col gap-3 sm:flex-row">
            {/* While adding, the buttons stay focusable (aria-disabled, not disabled) so focus comes back from the drawer. */}
            <button type="button" disabled={soldOut} aria-disabled={isPending || undefined} onClick={() => !isPending && add({ buyNow: false })} className={`${buttonClass} h-12 sm:flex-1 disabled:cursor-not-allowed disabled:opacity-50 aria-disabled:cursor-wait aria-disabled:opacity-50`}>
              {soldOut ? "Sold out" : isPending ? "Adding..." : product.preorder || product.drops.length > 0 ? "Pre-order: Add to Cart" : "Add to Cart"}
            </button>
            <button type="button" disabled={soldOut} aria-disabled={isPending || undefined} onClick={() => !isPending && add({ buyNow: true })} className={`${secondaryButtonClass} h-12 sm:flex-1 disabled:cursor-not-allowed disabled:opacity-50 aria-disabled:cursor-wait aria-disabled:opacity-50`}>
              Buy Now
            </button>
          </div>
        </>
      )}
    </div>
  );
}
