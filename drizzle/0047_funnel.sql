CREATE TABLE "funnel_daily" (
	"day" date NOT NULL,
	"stage" text NOT NULL,
	"product_id" integer NOT NULL,
	"sessions" integer NOT NULL,
	CONSTRAINT "funnel_daily_day_stage_product_id_pk" PRIMARY KEY("day","stage","product_id")
);
--> statement-breakpoint
CREATE TABLE "funnel_events" (
	"session_id" uuid NOT NULL,
	"stage" text NOT NULL,
	"product_id" integer NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"rolled_up" boolean DEFAULT false NOT NULL,
	CONSTRAINT "funnel_events_session_id_stage_product_id_pk" PRIMARY KEY("session_id","stage","product_id"),
	CONSTRAINT "funnel_events_stage_known" CHECK (stage in ('view', 'cart', 'checkout', 'payment', 'paid'))
);
--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "funnel_session" uuid;--> statement-breakpoint
CREATE INDEX "funnel_events_waiting_idx" ON "funnel_events" USING btree ("created_at") WHERE not "funnel_events"."rolled_up";--> statement-breakpoint
CREATE INDEX "funnel_events_created_idx" ON "funnel_events" USING btree ("created_at");