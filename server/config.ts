import { z } from "zod";
import { DEFAULT_COUNTRY_HEADER } from "../shared/consent";
import { parseTrustProxy } from "./http/trust-proxy";
import { parseClockOffset } from "./clock/clock-offset";

const port = z.coerce.number().int().min(0).max(65535);

const schema = z.object({
  NODE_ENV: z.enum(["development", "production", "test"]).default("development"),
  HOST: z.string().min(1).default("0.0.0.0"),
  PORT: port.default(3000),
  /** Embedded PGlite data directory, used when DATABASE_URL is not set. */
  DATA_DIR: z.string().min(1).default("./data"),
  /** Product photos (originals and derivatives); DATA_DIR/media when not set. */
  MEDIA_DIR: z.string().min(1).optional(),
  /** Where photos live (decision 0053): this machine's MEDIA_DIR, or an S3-compatible bucket (the S3_* settings). */
  MEDIA_STORAGE: z.enum(["local", "s3"]).default("local"),
  S3_BUCKET: z.string().regex(/^[a-z0-9][a-z0-9.-]{1,61}[a-z0-9]$/, "must be a bucket name (3-63 lower-case letters, digits, dots, hyphens)").optional(),
  /** The bucket's region ("auto" for Cloudflare R2). */
  S3_REGION: z.string().regex(/^[a-z0-9-]{2,32}$/, "must be a region such as eu-west-1 (or auto for R2)").optional(),
  /** For R2, MinIO, Backblaze, Wasabi: the S3 API's address; AWS itself when not set. */
  S3_ENDPOINT: z.url({ protocol: /^https?$/ }).optional(),
  /** Address the bucket as ENDPOINT/BUCKET/key instead of BUCKET.ENDPOINT/key (MinIO and most local servers). */
  S3_FORCE_PATH_STYLE: z.stringbool().default(false),
  /** Both, or neither for the SDK's default credential chain (AWS_* variables, a profile, an instance or task role). */
  S3_ACCESS_KEY_ID: z.string().min(1).optional(),
  S3_SECRET_ACCESS_KEY: z.string().min(1).optional(),
  /** Pages link to photos here (a CDN or the bucket's public address) instead of the store's own /media. */
  MEDIA_PUBLIC_URL: z.url({ protocol: /^https?$/ }).transform((u) => u.replace(/\/+$/, "")).optional(),
  /** Hosts a catalogue import may fetch photos from even on a private address, comma-separated (normally none). */
  IMPORT_IMAGE_HOSTS: z.string().default("").transform((v) => v.split(",").map((h) => h.trim()).filter(Boolean)),
  /** PostgreSQL connection string; when set, PGlite is not used. */
  DATABASE_URL: z.url({ protocol: /^postgres(ql)?$/ }).optional(),
  LOG_LEVEL: z.enum(["fatal", "error", "warn", "info", "debug", "trace", "silent"]).default("info"),
  /** Milliseconds anonymous catalogue reads and pages may be served from memory; 0 turns it off. */
  RESPONSE_CACHE_MS: z.coerce.number().int().min(0).max(60_000).default(5000),
  /** Seed the demo catalogue at start-up when the products table is empty. */
  SEED_ON_START: z.stringbool().default(true),
  /** Public origin of the store, used in absolute links (feeds, emails, social previews). */
  PUBLIC_URL: z.url().optional(),
  /** Stripe: all three, or none for the built-in test payment provider. */
  STRIPE_SECRET_KEY: z.string().startsWith("sk_").optional(),
  STRIPE_PUBLISHABLE_KEY: z.string().startsWith("pk_").optional(),
  STRIPE_WEBHOOK_SECRET: z.string().startsWith("whsec_").optional(),
  /** Outgoing mail; without it, emails are written as .eml files in DATA_DIR/outbox. */
  SMTP_URL: z.url({ protocol: /^smtps?$/ }).optional(),
  /** Optional language model for the style assistant (OpenAI-compatible chat completions). */
  AI_API_KEY: z.string().min(1).optional(),
  AI_BASE_URL: z.url().default("https://api.openai.com/v1"),
  AI_MODEL: z.string().min(1).default("gpt-4o-mini"),
  /** Lets Meta's scheduled fetch read /api/instagram-shop/feed?token=...; a long random value. */
  FEED_TOKEN: z.string().min(32, "must be at least 32 characters").optional(),
  /** GET /metrics on the store's port answers to `Authorization: Bearer <this>`; a long random value. */
  METRICS_TOKEN: z.string().min(32, "must be at least 32 characters").optional(),
  /** Serves /metrics on this port, bound to 127.0.0.1 only, with no token (for a scraper on the same machine). */
  METRICS_PORT: port.optional(),
  /** Worker processes (node:cluster) sharing the port; more than 1 needs PostgreSQL (DATABASE_URL). */
  WEB_CONCURRENCY: z.coerce.number().int().min(1).max(64).default(1),
  /** Each process's PostgreSQL connections (times WEB_CONCURRENCY and instances must stay under max_connections). */
  DATABASE_POOL_SIZE: z.coerce.number().int().min(1).max(100).default(10),
  /** On SIGTERM, how long requests in flight and running jobs get to finish before the process exits anyway. */
  SHUTDOWN_TIMEOUT_MS: z.coerce.number().int().min(0).max(600_000).default(10_000),
  /** On SIGTERM, how long to keep accepting requests (with /api/health/ready answering 503) so a balancer stops sending. */
  SHUTDOWN_DELAY_MS: z.coerce.number().int().min(0).max(120_000).default(0),
  /** Run the background jobs in this process (turn off on web-only instances when another instance runs them). */
  RUN_JOBS: z.stringbool().default(true),
  /** Staff step-up (decision 0033): refunds, exports, staff and tax changes ask for the second factor again after this long. */
  STAFF_STEP_UP_SECONDS: z.coerce.number().int().min(10).max(3600).default(600),
  /** Google Tag Manager container; when set, pages carry the cookie banner and load it once a visitor allows it (decision 0039). */
  GTM_ID: z.string().regex(/^GTM-[A-Z0-9]{4,12}$/, "must look like GTM-XXXXXXX").optional(),
  /**
   * Whose X-Forwarded-For gives a visitor's address (rate limits): the proxy on this machine by default; behind a
   * balancer on another machine its address or subnet (10.0.0.0/8), or how many proxies are in front; false for none.
   */
  TRUST_PROXY: z
    .string()
    .default("loopback")
    .transform((text, ctx) => {
      const parsed = parseTrustProxy(text);
      if ("value" in parsed) return parsed.value;
      ctx.addIssue({ code: "custom", message: parsed.error });
      return z.NEVER;
    }),
  /** The request header the proxy or CDN sets to the visitor's country code, for a banner that asks by country. */
  COUNTRY_HEADER: z.string().regex(/^[A-Za-z0-9-]{1,64}$/, "must be a header name such as CF-IPCountry").default(DEFAULT_COUNTRY_HEADER),
  /**
   * Operator only, for trying a running store ahead in time: moves the store's one clock forward ("1h", "24h", "90m").
   * Reservations, jobs and emails follow it; the store warns at start while it is set. Parsed to milliseconds.
   */
  STORE_CLOCK_OFFSET: z
    .string()
    .default("0")
    .transform((text, ctx) => {
      const parsed = parseClockOffset(text);
      if ("ms" in parsed) return parsed.ms;
      ctx.addIssue({ code: "custom", message: parsed.error });
      return z.NEVER;
    }),
}).refine((c) => [c.STRIPE_SECRET_KEY, c.STRIPE_PUBLISHABLE_KEY, c.STRIPE_WEBHOOK_SECRET].filter(Boolean).length % 3 === 0, {
  message: "set STRIPE_SECRET_KEY, STRIPE_PUBLISHABLE_KEY and STRIPE_WEBHOOK_SECRET together",
  path: ["STRIPE_SECRET_KEY"],
}).superRefine((c, ctx) => {
  if (Boolean(c.S3_ACCESS_KEY_ID) !== Boolean(c.S3_SECRET_ACCESS_KEY)) {
    ctx.addIssue({ code: "custom", path: [c.S3_ACCESS_KEY_ID ? "S3_SECRET_ACCESS_KEY" : "S3_ACCESS_KEY_ID"], message: "set S3_ACCESS_KEY_ID and S3_SECRET_ACCESS_KEY together, or neither for the default credential chain" });
  }
  if (c.MEDIA_STORAGE !== "s3") return;
  for (const name of ["S3_BUCKET", "S3_REGION"] as const) {
    if (!c[name]) ctx.addIssue({ code: "custom", path: [name], message: "required when MEDIA_STORAGE=s3" });
  }
});

export type Config = z.infer<typeof schema>;

/** Parses the environment once at boot; an invalid variable stops the process with a clear message. */
export function loadConfig(env: NodeJS.ProcessEnv = process.env): Config {
  const parsed = schema.safeParse(env);
  if (!parsed.success) {
    const problems = parsed.error.issues.map((i) => `${i.path.join(".")}: ${i.message}`).join("; ");
    throw new Error(`Invalid environment: ${problems}`);
  }
  return parsed.data;
}
