import type { UserRow } from "../db/schema";
import type { User } from "./user-types";

export function toUserJson(row: UserRow): User {
  return { id: row.id, username: row.username, name: row.name, email: row.email, emailVerified: row.emailVerifiedAt !== null, role: row.role, createdAt: row.createdAt.toISOString() };
}
