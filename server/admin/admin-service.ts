import { auditFacets, listAudit } from "../audit/audit-log";
import { adminSearch } from "../admin-search/admin-search";
import type { CampaignService } from "../campaign/campaign-service";
import { type CatalogAdminDeps, createCatalogAdmin } from "../catalog/catalog-admin";
import { exportSubscribers } from "../newsletter/export-subscribers";
import { createOrderAdmin, type OrderAdminDeps } from "../orders/order-admin";
import { withDeps } from "../with-deps";

export interface AdminDeps extends OrderAdminDeps, CatalogAdminDeps {
  campaign: Pick<CampaignService, "update">;
}

/**
 * The staff area's calls (/api/admin): the staff side of the orders and the catalogue, with the search across both,
 * the audit log, the subscriber export and the drop's campaign dates.
 */
export function createAdminService({ campaign, ...deps }: AdminDeps) {
  const { db } = deps;
  return {
    search: withDeps({ db }, adminSearch),
    ...createOrderAdmin(deps),
    ...createCatalogAdmin(deps),
    listAudit: withDeps({ db }, listAudit),
    auditFacets: () => auditFacets({ db }),
    exportSubscribers: () => exportSubscribers({ db }),
    updateCampaign: campaign.update,
  };
}

export type AdminService = ReturnType<typeof createAdminService>;
