import { sql } from "drizzle-orm";
import { staffRoles } from "../db/schema";

/** The Owner role's id, as a subquery (for an insert or update that makes someone an Owner). */
export const ownerRoleId = sql<number>`(select ${staffRoles.id} from ${staffRoles} where ${staffRoles.key} = 'owner')`;
