import { sql } from "drizzle-orm";
import { createAccountsService } from "./accounts/accounts-service";
import { createCartService } from "./cart/cart-service";
import { createCheckoutService } from "./orders/checkout-service";
import { createAdminService } from "./admin/admin-service";
import { createCampaignService } from "./campaign/campaign-service";
import { createFeedService } from "./feed/feed-service";
import { STEP_UP_MS } from "./accounts/sessions";
import { subscribe } from "./newsletter/subscribe";
import { createAlertService } from "./alerts/alert-service";
import { unsubscribeLinks } from "./unsubscribe/unsubscribe-links";
import { unsubscribe } from "./unsubscribe/unsubscribe";
import { createSeoService } from "./seo/seo-service";
import { createTaxAdmin } from "./tax/tax-admin";
import { createShippingAdmin } from "./shipping/shipping-admin";
import { createReviewService } from "./reviews/review-service";
import { createContentService } from "./content/content-service";
import { createHomeService } from "./home/home-service";
import { createMenuService } from "./menus/menu-service";
import { loadMenuNodes } from "./menus/load-menus";
import { createSharedReads, type SharedReads } from "./catalog/shared-reads";
import { seenFromRenders } from "./clock/render-ahead";
import { saveContactMessage } from "./content/contact";
import type { ContactInput } from "./content/contact-schemas";
import { createStylist } from "./stylist/stylist";
import type { LanguageModel } from "./stylist/language-model";
import { assertWithinLimits, limits, recordAttempt } from "./accounts/rate-limit";
import type { SubscribeInput } from "./newsletter/newsletter-schemas";
import { cachedValue } from "./cache/cached-value";
import { loadPricingRules } from "./pricing/pricing-rules";
import { dropShipsFree, shippingPromise } from "./pricing/shipping-promise";
import type { TaxProviderName } from "./db/schema";
import { createTaxProvider, type TaxProviderDeps } from "./tax/create-tax-provider";
import { createCatalogService } from "./catalog/catalog-service";
import { createSearchService } from "./search/search-service";
import type { Database } from "./db/client";
import type { Logger } from "./logger";
import type { Mailer } from "./mail/mailer";
import { createCollectionCache } from "./catalog/collections";
import type { MediaStore } from "./media/media-store";
import { createStaffSecurity } from "./staff/second-factor";
import { createStaffService } from "./staff/staff-service";
import type { OrderDeps } from "./orders/order-deps";
import type { PaymentProvider } from "./payments/payment-provider";
import { createTestPaymentsService } from "./payments/test-payments";
import { jobsNotRunning, type JobControl } from "./jobs/job-control";
import { countedMailer } from "./mail/counted-mailer";
import { createMetrics, type Metrics } from "./metrics/metrics";
import { type CatalogChanges, clearedBy, committingStock, createCatalogChanges, publishingChangedProducts } from "./cache/catalog-changes";
import { createSettingsService } from "./settings/settings-service";
import { createReportsService } from "./reports/reports-service";
import { createViewerService } from "./viewer/viewer-service";
import { createRecoveryService } from "./recovery/recovery-service";
import { createDropIndex } from "./drops/drop-index";
import { readFeaturedDrop } from "./drops/featured-drop";
import { createDropAdmin } from "./drops/drop-service";
import { createDropGate } from "./drops/gate/drop-gate";
import { dropPassKey } from "./drops/pass-key";
import { createEarlyAccessService } from "./drops/early-access/early-access-service";
import { storeSecret } from "./drops/store-secret";
import { getPublicDrop } from "./drops/public-drop";

/** A product's first page of reviews is the same for everyone: shared like the catalogue reads. */
function withSharedList<S extends { list: (args: never) => Promise<unknown> }>(service: S, sharedReads: SharedReads): S {
  return { ...service, list: sharedReads.share(service.list) };
}

export interface ServiceDeps {
  db: Database;
  payments: PaymentProvider;
  mailer: Mailer;
  logger: Logger;
  now?: () => Date;
  storeUrl: string;
  /** Settings the browser may see (Epic Stack's env whitelist). */
  /** GTM_ID, and the header a proxy sets to the visitor's country (COUNTRY_HEADER, decision 0039). */
  publicConfig?: { gtmId: string | null; countryHeader?: string };
  /** The secret Meta's scheduled fetch uses to read the catalog feed. */
  feedToken?: string | null;
  /** Where product photos are kept (originals and derivatives). */
  media: MediaStore;
  /** Hosts an import may fetch photos from although their address is private (tests' local image server). */
  importImageHosts?: string[];
  /** Optional wording for the style assistant; the built-in engines answer without it. */
  languageModel?: LanguageModel | null;
  /** Where committed changes are told to this process's caches and, through the change feed, to the others'. */
  catalogChanges?: CatalogChanges;
  /** How long catalogue reads are shared between visitors (server/catalog/shared-reads.ts); 0 (tests) turns it off. */
  sharedReadMs?: number;
  /** How long a staff member's second factor counts for a step-up (STAFF_STEP_UP_SECONDS; 10 minutes by default). */
  stepUpMs?: number;
  /** The background job queue (server/jobs), for the staff page and the metrics; absent where no jobs run (most tests). */
  jobs?: JobControl;
  /** Where the store counts what happens (server/metrics, served at /metrics). */
  metrics?: Metrics;
  /** Stripe's API for Stripe Tax, when Stripe is configured (the settings choose whether tax uses it). */
  stripeTax?: TaxProviderDeps["stripe"];
}

/** Every service, bound to its dependencies once at start-up. Loaders and /api handlers call only these. */
export function createServices({ db, payments, logger, now: clock = () => new Date(), storeUrl, publicConfig = { gtmId: null }, feedToken = null, languageModel = null, media, importImageHosts = [], catalogChanges = createCatalogChanges(), sharedReadMs = 0, stepUpMs = STEP_UP_MS, jobs = jobsNotRunning, metrics = createMetrics(), ...deps }: ServiceDeps) {
  // Its transactions let a stock move's figures go with the change they publish only once committed (decision 0043).
  committingStock(db);
  /** The service clock; inside a render ahead of a drop's phase change, that instant (decision 0051). */
  const now = seenFromRenders(clock);
  const mailer = countedMailer(deps.mailer, metrics);
  let stopping = false;
  const sharedReads = createSharedReads({ ttlMs: sharedReadMs });
  // The settings change only when staff save them (a change to everything): a sale's stock change, many a second
  // during a drop, leaves their shared read alone (each checkout's email and each render read them).
  const settingsReads = createSharedReads({ ttlMs: sharedReadMs, maxEntries: 1 });
  const settings = createSettingsService({ db, media, now, sharedReads: settingsReads, catalogChanges });
  /** Who the store is in its emails, read from the settings as each one is written. */
  const storeIdentity = settings.identity;
  const campaign = createCampaignService({ db, now, sharedReads });
  // Tax and shipping rules change only when staff save them (a change to everything, heard by every process).
  const rules = cachedValue(() => loadPricingRules(db), 60_000);
  const pricingRules = () => rules.get();
  // The header, footer and legal menus change only when staff save them or what they link to (a change to everything).
  const menuNodes = cachedValue(() => loadMenuNodes(db), 60_000);
  const taxProviders = { manual: createTaxProvider("manual", { rules: pricingRules, stripe: null }), stripe_tax: createTaxProvider("stripe_tax", { rules: pricingRules, stripe: deps.stripeTax ?? null }) };
  const taxProvider = (name: TaxProviderName) => taxProviders[name];
  const orderDeps: OrderDeps = { db, payments, mailer, logger, now, storeUrl, storeIdentity, metrics, pricingRules, taxProvider, afterPaid: (order) => recovery.afterPaid(order) };
  const accountDeps = { db, mailer, logger, now, storeUrl, storeIdentity };
  const collections = clearedBy(catalogChanges, createCollectionCache(db));
  /** The drops not archived and their products, in memory, with the timer that drops the caches at each phase change (issue 48). */
  const dropIndex = createDropIndex({ db, now, clock, catalogChanges });
  /** The home page's drop: the one featured now, with its pieces (issue 48). */
  const featuredDropRead = sharedReads.share((_: object) => readFeaturedDrop({ db, index: dropIndex, now: now() }));
  const sharedFeaturedDrop = () => featuredDropRead({});
  /** The HMAC key of drop passes (the line's and early access's), and the gate that checks them (issue 48). */
  const passKey = dropPassKey(db, now);
  const dropGate = createDropGate({ db, now, index: dropIndex, passKey, altchaKey: storeSecret(db, "altcha_key", now) });
  const search = createSearchService({ db, catalogChanges, now, collections: collections.list, sharedReads });
  const catalog = createCatalogService({ db, sharedReads, collections, search });
  const links = unsubscribeLinks({ db, storeUrl, now });
  const alerts = createAlertService({ db, mailer, logger, now, storeUrl, storeIdentity, links });
  const recovery = createRecoveryService({ db, mailer, logger, now, storeUrl, storeIdentity, settings, unsubscribeLinks: links, jobs, metrics });
  /** Checkout-side services publish the products whose stock or rating they changed, and only those (decision 0022). */
  const publishing = <A extends unknown[], R>(service: (...args: A) => Promise<R>) => publishingChangedProducts(catalogChanges, service);
  const publishingReviews = <S extends { write: (a: never) => Promise<unknown>; edit: (a: never) => Promise<unknown>; remove: (a: never) => Promise<unknown> }>(service: S): S => ({
    ...service,
    write: publishing(service.write),
    edit: publishing(service.edit),
    remove: publishing(service.remove),
  });
  /** The home page's sections and the announcement bar (issue 28): the catalogue reads they show are the shared ones. */
  const home = createHomeService({
    db,
    now,
    catalogChanges,
    catalog: {
      listProducts: catalog.listProducts,
      collections: catalog.collections,
      campaign: () => campaign.get({}),
      featuredDrop: sharedFeaturedDrop,
    },
    freeShippingFrom: async () => shippingPromise(await pricingRules()).freeFromCents,
  });
  // Every committed change, made here or heard from another process, drops the shared reads (they are a second old at
  // most, but a page rendered from one would then be cached for the response cache's whole life); a staff change may
  // also rename or reorder collections, so the menus are read again (decisions 0016, 0022).
  catalogChanges.subscribe((change) => {
    sharedReads.clear();
    if ("all" in change) {
      settingsReads.clear();
      rules.clear();
      home.clearCache();
      menuNodes.clear();
    }
  });
  return {
    publicConfig: { ...publicConfig, origin: storeUrl },
    catalogChanges,
    /** Cleared with the response cache by every change that may alter what they show (catalogChanges). */
    sharedReads,
    media,
    payments,
    checkout: createCheckoutService({ ...orderDeps, catalogChanges, alerts }),
    /** The built-in provider's card form; null when Stripe takes payments. */
    testPayments: createTestPaymentsService({ payments, now }),
    pricing: {
      /** What the storefront may say about shipping before an address; for a product, whether its drop ships pre-orders free. */
      shippingPromise: async ({ productId }: { productId?: number } = {}) =>
        shippingPromise(await pricingRules(), { dropShipsFree: productId !== undefined && (await dropShipsFree({ drops: dropIndex, productId })) }),
    },
    catalog,
    /** The header's suggestions (shared briefly, like the listings), the staff's synonyms and zero-result searches (issue 33). */
    search,
    /** The per-visitor part of a shared page (decision 0034). */
    viewer: createViewerService({ db }),
    cart: createCartService({ db, pricingRules, taxProvider }),
    accounts: createAccountsService({ ...accountDeps, stepUpMs, store: settings.storefront }),
    admin: createAdminService({ ...orderDeps, store: settings.storefront, afterStockChange: alerts.afterStockChange, media, importImageHosts, collections, campaign }),
    feed: createFeedService({ db, now, storeUrl, storeIdentity, feedToken }),
    campaign,
    /** Drops (issue 48): which drop a product is in and its phase, staff's drops, the line, the gate, early access. */
    drops: {
      index: dropIndex,
      /** Staff's drops: create, change, archive, delete, and the live figures and report (/admin/drops). */
      admin: createDropAdmin({ db, now, catalogChanges }),
      passKey,
      /** Early access: the invitations emailed at earlyAccessAt, and their links redeemed as early passes. */
      earlyAccess: createEarlyAccessService({ db, mailer, logger, now, storeUrl, storeIdentity, unsubscribeLinks: links, jobs, index: dropIndex, passKey }),
      /** The clock's rule at add-to-cart and checkout, the waiting room and its proof of work (server/drops/gate). */
      gate: dropGate,
      /** A drop's public page data (GET /api/drops/{slug}, /drops/{slug}), read once a moment for every viewer. */
      publicDrop: sharedReads.share(({ slug }: { slug: string }) => getPublicDrop({ db, now, index: dropIndex, slug }), ({ slug }) => slug),
      /** The service clock the phases are read at (STORE_CLOCK_OFFSET honoured): a page's countdown starts from it. */
      now,
    },
    /** Who the store is (issue 27): the pages, emails, JSON-LD and exports read it; staff change it at /admin/settings. */
    settings,
    stylist: {
      ...createStylist({ db, model: languageModel, logger }),
      /** 60 answers an hour per IP: the assistant may call a paid model. */
      allow: async (ip: string) => {
        await assertWithinLimits(db, [limits.stylistIp(ip)], now());
        await recordAttempt(db, [limits.stylistIp(ip)], now());
      },
    },
    reviews: withSharedList(publishingReviews(createReviewService({ db, mailer, logger, now, store: { storeUrl, storeIdentity } })), sharedReads),
    seo: createSeoService({ db, origin: storeUrl, now }),
    /** Staff: tax and shipping zones, rates, categories, the tax settings, the test panel and the tax report (issue 27). */
    /** The Reports section (issue 52): sales over time, every day in the store's time zone. */
    reports: createReportsService({ db, now, settings }),
    taxAdmin: createTaxAdmin({ db, now, catalogChanges, stripeConfigured: payments.name === "stripe" }),
    shippingAdmin: createShippingAdmin({ db, now, catalogChanges }),
    /** The home page's sections and the announcement bar (issue 28): staff calls and what shoppers see at a time. */
    home,
    /** Posts, pages and policies as staff data (issue 28): the staff calls and the live rule for shoppers. */
    contentEntries: createContentService({ db, now, catalogChanges, storeUrl, storeName: async () => (await storeIdentity()).name, media }),
    /** The storefront's menus as staff data (issue 28): resolved for the pages, edited at /admin/menus. */
    menus: createMenuService({ db, now, catalogChanges, cached: () => menuNodes.get() }),
    /** Staff roles, who has which, invitations, suspension and removal (issue 29). */
    staff: createStaffService(accountDeps),
    /** A staff member's own two-step sign-in: TOTP, passkey, recovery codes, step-ups (issue 29). */
    staffSecurity: createStaffSecurity({ db, now, storeUrl, storeName: async () => (await storeIdentity()).name }),
    content: {
      /** 10 messages an hour per IP. */
      sendContactMessage: async ({ input, ip }: { input: ContactInput; ip: string }) => {
        await assertWithinLimits(db, [limits.contactIp(ip)], now());
        await recordAttempt(db, [limits.contactIp(ip)], now());
        return saveContactMessage({ db, input });
      },
    },
    newsletter: {
      /** Rate-limited per IP (30 an hour), since it writes for anonymous visitors. */
      subscribe: async ({ input, ip }: { input: SubscribeInput; ip: string }) => {
        await assertWithinLimits(db, [limits.newsletterIp(ip)], now());
        await recordAttempt(db, [limits.newsletterIp(ip)], now());
        return subscribe({ db, mailer, logger, now, storeUrl, storeIdentity, links, input });
      },
    },
    /** Back-in-stock alerts and the VSOP waitlist: sign-up, confirmation, the sender and its sweep. */
    alerts,
    /** Checkout recovery emails (issue 31): the minute sweep, each step's send, the restore link, the staff page. */
    recovery,
    /** One-click unsubscribe links (newsletter and alerts), signed, never stored. */
    unsubscribe: {
      /** What a link unsubscribes from (the page's question), or null for a link this store did not sign. */
      describe: async ({ token }: { token: string }) => {
        const target = await links.verify(token);
        return target && { kind: target.kind };
      },
      apply: ({ token }: { token: string }) => unsubscribe({ db, links, token, now: now() }),
    },
    jobs,
    metrics,
    /** For what reports outside a request's own logger (the pages' error hook). */
    logger,
    health: {
      /** Throws when the database does not answer. */
      checkDatabase: async () => {
        await db.execute(sql`select 1`);
      },
      /** False from the moment the store starts stopping: GET /api/health/ready tells a balancer to stop sending. */
      ready: () => !stopping,
      markStopping: () => {
        stopping = true;
        dropIndex.stop();
      },
    },
  };
}

export type Services = ReturnType<typeof createServices>;
