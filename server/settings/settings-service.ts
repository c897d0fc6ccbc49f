import { eq } from "drizzle-orm";
import type { ConsentScope } from "../../shared/consent";
import { storeTimeZone } from "../../shared/time-zones";
import { postalAddress, type PublicStore, SOCIAL_NETWORK_NAMES, socialLinksOf } from "../../shared/store-settings";
import { recordAudit } from "../audit/audit-log";
import { type CatalogChanges, clearedBy } from "../cache/catalog-changes";
import { createSharedReads } from "../catalog/shared-reads";
import type { Database } from "../db/client";
import { discountCodes, settings, type SettingsRow } from "../db/schema";
import { AppError } from "../errors";
import type { StoreIdentity } from "../mail/components/layout";
import type { MediaStore } from "../media/media-store";
import type { SettingsUpdate } from "./settings-schemas";
import type { RecoverySettingsInput } from "../recovery/recovery-settings";

/** The settings as staff see them: the editable fields, the logo, and the tax settings (changed from the tax page). */
export type StoreSettings = Omit<SettingsRow, "id" | "logoKey" | "logoWidths" | "updatedAt"> & { logo: PublicStore["logo"]; updatedAt: string };

const AUDIT = { entity: "setting", entityId: "store" } as const;

function toSettings({ id: _id, logoKey, logoWidths, updatedAt, ...row }: SettingsRow): StoreSettings {
  return { ...row, logo: logoKey ? { key: logoKey, widths: logoWidths ?? [] } : null, updatedAt: updatedAt.toISOString() };
}

/** The fields as the history shows them: one per social network, and the logo by its key (its widths follow from it). */
function auditFields({ socialLinks, logoWidths: _widths, ...fields }: Partial<SettingsRow>): Record<string, unknown> {
  const links = socialLinks ? Object.fromEntries(SOCIAL_NETWORK_NAMES.map((n) => [`socialLinks.${n}`, socialLinks[n] ?? null])) : {};
  return { ...fields, ...links };
}

/** Only what changed, before and after, so the history shows "Store name: A → B" and not the whole row. */
function changes(current: SettingsRow, values: Partial<SettingsRow>) {
  const [before, after] = [auditFields(current), auditFields(values)];
  const keys = Object.keys(after).filter((k) => (before[k] ?? null) !== (after[k] ?? null));
  return { before: Object.fromEntries(keys.map((k) => [k, before[k] ?? null])), after: Object.fromEntries(keys.map((k) => [k, after[k] ?? null])) };
}

export interface SettingsDeps {
  db: Database;
  media: MediaStore;
  now: () => Date;
  /** How long the settings' read is shared between visitors (server/catalog/shared-reads.ts); 0 (tests) turns it off. */
  sharedReadMs: number;
  /** A save is told to every process, whose caches and page caches drop (decision 0022). */
  catalogChanges: CatalogChanges;
}

/**
 * The store's one row of settings (issue 27): who the store is, read by the pages, the emails, the JSON-LD and the
 * exports; staff change it at /admin/settings, each change audited.
 */
export function createSettingsService({ db, media, now, sharedReadMs, catalogChanges }: SettingsDeps) {
  // The settings change only when staff save them (a change to everything): a sale's stock change, many a second
  // during a drop, leaves their shared read alone (each checkout's email and each render read them).
  const sharedReads = clearedBy(catalogChanges, createSharedReads({ ttlMs: sharedReadMs, maxEntries: 1 }));
  const read = sharedReads.share(
    async (_: void) => {
      const [row] = await db.select().from(settings).where(eq(settings.id, 1));
      // The migration that made the table wrote the row: without it the store can't say who it is.
      if (!row) throw new Error("The settings row is missing (drizzle/0027 writes it)");
      return toSettings(row);
    },
    () => "settings",
  );

  /** Writes a change to the row with its audit entry, then tells every cache. */
  async function change(actor: string, action: string, set: (current: SettingsRow) => Partial<SettingsRow>) {
    const changed = await db.transaction(async (tx) => {
      const [current] = await tx.select().from(settings).where(eq(settings.id, 1)).for("update");
      if (!current) throw new AppError("not_found", "The store has no settings row");
      const values = set(current);
      const diff = changes(current, values);
      if (Object.keys(diff.after).length === 0) return false;
      await tx
        .update(settings)
        .set({ ...values, updatedAt: now(), updatedBy: actor })
        .where(eq(settings.id, 1));
      await recordAudit(tx, { actor, ...AUDIT, action, ...diff }, now());
      return true;
    });
    if (changed) catalogChanges.publish({ all: true });
    return read();
  }

  return {
    /** Everything, as the staff page shows it. */
    get: () => read(),
    /** What the storefront shows: the same for every visitor, so the root loader may carry it on cached pages. */
    storefront: async (): Promise<PublicStore> => {
      const s = await read();
      return {
        name: s.storeName,
        legalName: s.legalName,
        address: { line1: s.addressLine1, line2: s.addressLine2, city: s.city, region: s.region, postalCode: s.postalCode, country: s.country },
        supportEmail: s.supportEmail,
        phone: s.phone,
        logo: s.logo,
        socialLinks: socialLinksOf(s.socialLinks),
        consentScope: s.consentScope,
      };
    },
    /** The name, postal address, sender and support email of every email, read when the email is written. */
    identity: async (): Promise<StoreIdentity> => {
      const s = await read();
      const address = { line1: s.addressLine1, line2: s.addressLine2, city: s.city, region: s.region, postalCode: s.postalCode, country: s.country };
      return { name: s.storeName, postalAddress: postalAddress(s.legalName, address), sender: { name: s.senderName, address: s.senderEmail }, supportEmail: s.supportEmail };
    },
    /** The zone every report's day boundary follows (issue 52): staff's choice, else the legal address's. */
    timeZone: async () => storeTimeZone(await read()),
    // A field left out (an older client without timeZone) stays as it is.
    update: ({ input, actor }: { input: SettingsUpdate; actor: string }) => change(actor, "update", () => Object.fromEntries(Object.entries(input).filter(([, v]) => v !== undefined))),
    /** The logo goes through the photo pipeline: decoded (a file that isn't an image is refused), stored, resized. */
    setLogo: async ({ file, actor }: { file: Buffer; actor: string }) => {
      const stored = await media.save(file).catch((err: unknown) => {
        throw err instanceof AppError ? new AppError(err.code, `Logo: ${err.message}`) : err;
      });
      return change(actor, "logo", () => ({ logoKey: stored.key, logoWidths: stored.widths }));
    },
    /** Where the cookie banner asks (decision 0039): everywhere, or by the visitor's country. */
    /** Checkout recovery emails (issue 31): who gets them, each email's delay or off, the 2nd email's code (an existing one). */
    setRecovery: async ({ input, actor }: { input: RecoverySettingsInput; actor: string }) => {
      if (input.discountCode) {
        const [code] = await db.select({ code: discountCodes.code }).from(discountCodes).where(eq(discountCodes.code, input.discountCode));
        const message = `Discount code: there is no code ${input.discountCode} (make it at Discounts first)`;
        if (!code) throw new AppError("bad_request", message, { errors: [{ field: "discountCode", message }] });
      }
      return change(actor, "recovery", () => ({
        recoveryAudience: input.audience,
        recoveryFirstDelayMinutes: input.firstDelayMinutes,
        recoverySecondDelayMinutes: input.secondDelayMinutes,
        recoveryDiscountCode: input.discountCode,
      }));
    },
    setConsentScope: ({ scope, actor }: { scope: ConsentScope; actor: string }) => change(actor, "consent", () => ({ consentScope: scope })),
    /** Back to the wordmark (the files stay: their URLs are immutable). */
    removeLogo: ({ actor }: { actor: string }) => change(actor, "logo-remove", () => ({ logoKey: null, logoWidths: null })),
  };
}

export type SettingsService = ReturnType<typeof createSettingsService>;
