import type { DropBlockSettings } from "../../../server/drops/drop-schemas";

/**
 * A drop's questions and answers: native disclosures (details/summary), so a keyboard opens them with Enter or
 * Space and a screen reader hears "collapsed" or "expanded" without any script.
 */
export function DropFaq({ settings, id }: { settings: DropBlockSettings["faq"]; id: string }) {
  return (
    <section aria-labelledby={id} className="container-page pb-14">
      <h2 id={id} className="font-display text-2xl font-bold tracking-tight">
        {settings.heading ?? "Questions"}
      </h2>
      <ul className="mt-6 divide-y divide-line rounded-2xl border border-line">
        {settings.items.map((item) => (
          <li key={item.question}>
            <details className="group">
              <summary className="flex cursor-pointer list-none items-center justify-between gap-4 rounded-2xl p-5 font-semibold [&::-webkit-details-marker]:hidden">
                {item.question}
                <span aria-hidden="true" className="text-xl leading-none transition group-open:rotate-45">
                  +
                </span>
              </summary>
              <p className="whitespace-pre-line px-5 pb-5 text-ink-muted">{item.answer}</p>
            </details>
          </li>
        ))}
      </ul>
    </section>
  );
}
