import { useState } from "react";
import { cn } from "~/lib/cn";

const MAX_THUMBNAILS = 4;

export function ProductGallery({ images, name }: { images: string[]; name: string }) {
  const [selected, setSelected] = useState(0);
  const shown = images.slice(0, MAX_THUMBNAILS);
  const current = shown[Math.min(selected, shown.length - 1)] ?? images[0];
  return (
    <div className="flex flex-col gap-3">
      <div className="overflow-hidden rounded-3xl bg-surface-muted">
        <img src={current} alt={name} width={400} height={500} fetchPriority="high" className="aspect-[4/5] w-full object-cover" />
      </div>
      {shown.length > 1 && (
        <ul className="grid grid-cols-4 gap-3" aria-label="Product images">
          {shown.map((image, i) => (
            <li key={image}>
              <button
                type="button"
                onClick={() => setSelected(i)}
                aria-label={`Show image ${i + 1} of ${shown.length}`}
                aria-pressed={i === selected}
                className={cn(
                  "block w-full overflow-hidden rounded-xl border-2 bg-surface-muted transition",
                  i === selected ? "border-ink" : "border-transparent hover:border-line",
                )}
              >
                <img src={image} alt="" width={100} height={125} loading="lazy" className="aspect-[4/5] w-full object-cover" />
              </button>
            </li>
          ))}
        </ul>
      )}
    </div>
  );
}
