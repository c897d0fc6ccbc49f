ALTER TABLE "categories" ADD COLUMN "description" text DEFAULT '' NOT NULL;--> statement-breakpoint
ALTER TABLE "categories" ADD COLUMN "hero" text DEFAULT '' NOT NULL;--> statement-breakpoint
UPDATE "categories" c SET "description" = v.description, "hero" = v.hero
FROM (VALUES
  ('men', 'Everyday tees, heavyweight hoodies and denim that breaks in beautifully.', 'Tees, hoodies, denim and the extras that finish them.'),
  ('women', 'Dresses, easy tops and tailored bottoms for every day of the week.', 'Dresses, tops and bottoms made to be worn often.'),
  ('kids', 'Playground-proof favourites with room to grow.', 'Soft, tough clothes for boys, girls and the smallest ones.'),
  ('tech-casual', 'Our limited tech-casual drop. Pre-order now; every piece ships free.', 'Limited premium streetwear, on pre-order.')
) AS v(slug, description, hero)
WHERE c."slug" = v.slug AND c."parent_id" IS NULL AND c."description" = '';
