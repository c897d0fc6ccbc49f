-- Refund tax lines keep the taxable amount they gave back, so the tax report can net taxable amounts too (issue 27).
-- Existing rows are backfilled in proportion to the order tax line: taxable × refunded tax ÷ tax, rounded half up and
-- never past the line's taxable amount. New rows are written exactly by the refund code (server/orders/refunds.ts),
-- which may differ from this by a cent of rounding.
ALTER TABLE "refund_tax_lines" ADD COLUMN "taxable_cents" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
UPDATE "refund_tax_lines" r SET "taxable_cents" = least(l."taxable_cents", round(r."tax_cents"::numeric * l."taxable_cents" / l."tax_cents"))::integer
FROM "order_tax_lines" l WHERE l."id" = r."order_tax_line_id" AND l."tax_cents" > 0;--> statement-breakpoint
ALTER TABLE "refund_tax_lines" ALTER COLUMN "taxable_cents" DROP DEFAULT;--> statement-breakpoint
ALTER TABLE "refund_tax_lines" ADD CONSTRAINT "refund_tax_lines_taxable_nonnegative" CHECK ("refund_tax_lines"."taxable_cents" >= 0);
