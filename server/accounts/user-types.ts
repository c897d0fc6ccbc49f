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
}
