import { PackageCheck, RotateCcw, Truck, Zap } from "lucide-react";

/** SPEC §2 Product detail: the four service notes. */
const notes = [
  { icon: Truck, text: "Free shipping on orders over $50" },
  { icon: RotateCcw, text: "30-day return policy" },
  { icon: PackageCheck, text: "Free returns" },
  { icon: Zap, text: "Fast delivery (2-5 business days)" },
];

export function ServiceNotes() {
  return (
    <ul className="grid gap-3 rounded-2xl bg-surface-muted p-5 text-sm sm:grid-cols-2">
      {notes.map(({ icon: Icon, text }) => (
        <li key={text} className="flex items-center gap-3">
          <Icon aria-hidden="true" className="size-5 shrink-0 text-brand-700 dark:text-brand-500" />
          {text}
        </li>
      ))}
    </ul>
  );
}
