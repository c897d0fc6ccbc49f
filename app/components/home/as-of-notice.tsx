import { Eye } from "lucide-react";
import { Link } from "react-router";

/** Tells staff they are looking at the home page of another time, and how to get back to today's. */
export function AsOfNotice({ asOf }: { asOf: string }) {
  const when = new Date(asOf).toLocaleString("en-US", { dateStyle: "full", timeStyle: "short" });
  return (
    <div role="status" className="border-b border-line bg-brand-100 text-[#16171a]">
      <div className="container-page flex flex-wrap items-center gap-x-4 gap-y-1 py-3 text-sm">
        <Eye aria-hidden="true" className="size-4 shrink-0" />
        <p>
          <strong className="font-semibold">Staff preview:</strong> the home page as it will be on <time dateTime={asOf} suppressHydrationWarning>{when}</time>. Shoppers see today's.
        </p>
        <Link to="/admin/home" className="font-semibold underline underline-offset-2">
          Back to the home page editor
        </Link>
      </div>
    </div>
  );
}
