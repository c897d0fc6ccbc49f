/** EU UCPD Art. 7(6): a shop that shows reviews says whether and how it checks they come from real buyers. */
export function HowReviewsWork() {
  return (
    <details className="rounded-2xl bg-surface-muted p-4 text-sm">
      <summary className="cursor-pointer font-semibold">How reviews work</summary>
      <ul className="mt-3 list-disc space-y-1.5 pl-5 text-ink-muted">
        <li>Only shoppers whose order with this product was delivered can review it, once, from their account. Each review says what size and colour they bought.</li>
        <li>We read every review before it appears and publish it whatever its rating. We only turn one down for abuse, personal details or not being about the product, and we tell the author why.</li>
        <li>Staff can't write reviews, and we never pay or reward anyone for one.</li>
        <li>The stars and counts on our pages are worked out from the published reviews alone.</li>
      </ul>
    </details>
  );
}
