import type { Permission } from "../../shared/staff-permissions";

/** A user as clients see it (SPEC §3: name, username, email), plus id and role. */
export interface User {
  id: string;
  username: string;
  name: string;
  email: string;
  /** True once the owner followed the link sent to the email. */
  emailVerified: boolean;
  role: "customer" | "admin";
  createdAt: string;
  /** A staff member's role and what it allows (set on the signed-in user of a session; absent for shoppers). */
  staff?: StaffAccess;
}

export interface StaffAccess {
  roleId: number;
  roleName: string;
  /** The Owner role: every permission, never edited. */
  owner: boolean;
  permissions: Permission[];
  /** Two-step sign-in (issue 29): what the member has set up, and what this session has given. */
  secondFactor: SecondFactorState;
}

export interface SecondFactorState {
  /** A TOTP app is set up. */
  totp: boolean;
  /** At least one passkey is registered. */
  passkey: boolean;
  /** This session gave a second factor (a passkey sign-in counts); until then only the set-up or check page opens. */
  given: boolean;
  /** It was given within the last 10 minutes: refunds, exports, staff and tax changes need this (a step-up). */
  fresh: boolean;
}
