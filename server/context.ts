import type { OrderRow } from "./db/schema";
import { createAccountsService } from "./accounts/accounts-service";
import { createStoreCreditService } from "./credit/credit-service";
import { createGiftCardService } from "./gift-cards/gift-card-service";
import { STEP_UP_MS } from "./accounts/sessions";
import { createAdminService } from "./admin/admin-service";
import { createAlertService } from "./alerts/alert-service";
import { type CatalogChanges, clearedBy, committingStock, createCatalogChanges } from "./cache/catalog-changes";
import { createCampaignService } from "./campaign/campaign-service";
import { createCartService } from "./cart/cart-service";
import { createCatalogService } from "./catalog/catalog-service";
import { createCollectionCache } from "./catalog/collections";
import { createCatalogReads } from "./catalog/shared-reads";
import { seenFromRenders } from "./clock/render-ahead";
import { createContactService } from "./content/contact";
import { createContentService } from "./content/content-service";
import type { Database } from "./db/client";
import { createDropsService } from "./drops/drops-service";
import { createFeedService } from "./feed/feed-service";
import { createHealthService } from "./health/health-service";
import { createHomeService } from "./home/home-service";
import { jobsNotRunning, type JobControl } from "./jobs/job-control";
import type { Logger } from "./logger";
import { countedMailer } from "./mail/counted-mailer";
import type { Mailer } from "./mail/mailer";
import type { MediaStore } from "./media/media-store";
import { createMenuService } from "./menus/menu-service";
import { createMetrics, type Metrics } from "./metrics/metrics";
import { createNewsletterService } from "./newsletter/newsletter-service";
import { createCheckoutService } from "./orders/checkout-service";
import { createOrderEditsService } from "./order-edits/order-edits-service";
import type { OrderDeps } from "./orders/order-deps";
import type { PaymentProvider } from "./payments/payment-provider";
import { createTestPaymentsService } from "./payments/test-payments";
import { createPricingService } from "./pricing/pricing-service";
import { createRecoveryService } from "./recovery/recovery-service";
import { createReportsService } from "./reports/reports-service";
import { createFunnelService } from "./reports/funnel-events";
import { createReviewService } from "./reviews/review-service";
import { createSearchService } from "./search/search-service";
import { createSeoService } from "./seo/seo-service";
import { createSettingsService } from "./settings/settings-service";
import { createShippingAdmin } from "./shipping/shipping-admin";
import { createStaffSecurity } from "./staff/second-factor";
import { createStaffService } from "./staff/staff-service";
import type { LanguageModel } from "./stylist/language-model";
import { createStylist } from "./stylist/stylist";
import type { TaxProviderDeps } from "./tax/create-tax-provider";
import { createTaxAdmin } from "./tax/tax-admin";
import { unsubscribeLinks } from "./unsubscribe/unsubscribe-links";
import { createUnsubscribeService } from "./unsubscribe/unsubscribe-service";
import { createViewerService } from "./viewer/viewer-service";

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

/**
 * Every service, bound to its dependencies once at start-up (Hydrogen's lib/context.ts). Loaders and /api handlers call
 * only these. Each domain's factory (`createXService` in its folder) holds that domain's rules; this only composes them.
 */
export function createServices({ db, payments, logger, now: clock = () => new Date(), storeUrl, publicConfig = { gtmId: null }, feedToken = null, languageModel = null, media, importImageHosts = [], catalogChanges = createCatalogChanges(), sharedReadMs = 0, stepUpMs = STEP_UP_MS, jobs = jobsNotRunning, metrics = createMetrics(), ...deps }: ServiceDeps) {
  // Its transactions let a stock move's figures go with the change they publish only once committed (decision 0043).
  committingStock(db);
  /** The service clock; inside a render ahead of a drop's phase change, that instant (decision 0051). */
  const now = seenFromRenders(clock);
  const mailer = countedMailer(deps.mailer, metrics);
  const sharedReads = createCatalogReads({ ttlMs: sharedReadMs, catalogChanges });
  const settings = createSettingsService({ db, media, now, sharedReadMs, catalogChanges });
  /** Who the store is in its emails, read from the settings as each one is written. */
  const storeIdentity = settings.identity;
  const storeName = async () => (await storeIdentity()).name;
  const mailing = { db, mailer, logger, now, storeUrl, storeIdentity };
  const links = unsubscribeLinks({ db, storeUrl, now });
  // The drop index's phase timers keep the real clock (decision 0051).
  const drops = createDropsService({ ...mailing, clock, catalogChanges, sharedReads, unsubscribeLinks: links, jobs });
  const pricing = createPricingService({ db, catalogChanges, stripeTax: deps.stripeTax ?? null, drops: drops.index });
  const campaign = createCampaignService({ db, now, sharedReads });
  const collections = clearedBy(catalogChanges, createCollectionCache(db));
  const search = createSearchService({ db, catalogChanges, now, collections: collections.list, sharedReads });
  const catalog = createCatalogService({ db, sharedReads, collections, search });
  const alerts = createAlertService({ ...mailing, links });
  const recovery = createRecoveryService({ ...mailing, settings, unsubscribeLinks: links, jobs, metrics });
  const funnel = createFunnelService({ db, timeZone: settings.timeZone, logger });
  const giftCards = createGiftCardService({ ...mailing, store: settings.storefront, jobs });
  const afterPaid = async (order: OrderRow) => {
    await recovery.afterPaid(order);
    await funnel.paid(order);
    await giftCards.sendDue();
  };
  const orderDeps: OrderDeps = { ...mailing, payments, metrics, pricingRules: pricing.rules, taxProvider: pricing.taxProvider, afterPaid, giftCardExpiry: giftCards.expiryForNew };
  return {
    publicConfig: { ...publicConfig, origin: storeUrl },
    catalogChanges,
    /** Cleared with the response cache by every change that may alter what they show (catalogChanges). */
    sharedReads,
    media,
    payments,
    checkout: createCheckoutService({ ...orderDeps, catalogChanges, alerts }),
    /** Staff's order edits and the shopper's link to pay a higher total (issue 51). */
    orderEdits: createOrderEditsService({ ...orderDeps, catalogChanges, alerts }),
    /** The built-in provider's card form; null when Stripe takes payments. */
    testPayments: createTestPaymentsService({ payments, now }),
    pricing,
    catalog,
    /** The header's suggestions (shared briefly, like the listings), the staff's synonyms and zero-result searches (issue 33). */
    search,
    /** The per-visitor part of a shared page (decision 0034). */
    viewer: createViewerService({ db }),
    cart: createCartService({ db, pricingRules: pricing.rules, taxProvider: pricing.taxProvider, timeZone: settings.timeZone, now }),
    accounts: createAccountsService({ ...mailing, stepUpMs, store: settings.storefront }),
    /** Store credit (issue 51): a shopper's balance and history, staff's adjustments; checkout spends it. */
    storeCredit: createStoreCreditService({ db, now }),
    /** Gift cards (issue 51): staff issue, adjust and disable them; a checkout holds them by reference and spends them. */
    giftCards,
    admin: createAdminService({ ...orderDeps, store: settings.storefront, afterStockChange: alerts.afterStockChange, media, importImageHosts, collections, campaign }),
    feed: createFeedService({ db, now, storeUrl, storeIdentity, feedToken }),
    campaign,
    /** Drops (issue 48): which drop a product is in and its phase, staff's drops, the line, the gate, early access. */
    drops,
    /** Who the store is (issue 27): the pages, emails, JSON-LD and exports read it; staff change it at /admin/settings. */
    settings,
    stylist: createStylist({ db, model: languageModel, logger, now }),
    reviews: createReviewService({ ...mailing, store: { storeUrl, storeIdentity }, catalogChanges, sharedReads }),
    seo: createSeoService({ db, origin: storeUrl, now }),
    /** The Reports section (issue 52): sales over time, every day in the store's time zone. */
    reports: createReportsService({ db, now, settings }),
    /** The funnel's counting (issue 52, decision 0057): stages noted from the shopping calls and the product page's beacon. */
    funnel,
    /** Staff: tax and shipping zones, rates, categories, the tax settings, the test panel and the tax report (issue 27). */
    taxAdmin: createTaxAdmin({ db, now, catalogChanges, stripeConfigured: payments.name === "stripe" }),
    shippingAdmin: createShippingAdmin({ db, now, catalogChanges }),
    /** The home page's sections and the announcement bar (issue 28): staff calls and what shoppers see at a time. */
    home: createHomeService({
      db,
      now,
      catalogChanges,
      catalog: { listProducts: catalog.listProducts, collections: catalog.collections, campaign: () => campaign.get({}), featuredDrop: drops.featured },
      freeShippingFrom: pricing.freeShippingFrom,
    }),
    /** Posts, pages and policies as staff data (issue 28): the staff calls and the live rule for shoppers. */
    contentEntries: createContentService({ db, now, catalogChanges, storeUrl, storeName, media }),
    /** The storefront's menus as staff data (issue 28): resolved for the pages, edited at /admin/menus. */
    menus: createMenuService({ db, now, catalogChanges }),
    /** Staff roles, who has which, invitations, suspension and removal (issue 29). */
    staff: createStaffService(mailing),
    /** A staff member's own two-step sign-in: TOTP, passkey, recovery codes, step-ups (issue 29). */
    staffSecurity: createStaffSecurity({ db, now, storeUrl, storeName }),
    content: createContactService({ db, now }),
    newsletter: createNewsletterService({ ...mailing, links }),
    /** Back-in-stock alerts and the VSOP waitlist: sign-up, confirmation, the sender and its sweep. */
    alerts,
    /** Checkout recovery emails (issue 31): the minute sweep, each step's send, the restore link, the staff page. */
    recovery,
    unsubscribe: createUnsubscribeService({ db, links, now }),
    jobs,
    metrics,
    /** For what reports outside a request's own logger (the pages' error hook). */
    logger,
    health: createHealthService({ db, onStopping: () => drops.index.stop() }),
  };
}

export type Services = ReturnType<typeof createServices>;
