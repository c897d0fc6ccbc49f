ALTER TABLE "content_entries" ADD COLUMN "featured" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "content_entries" ADD COLUMN "read_time" text;