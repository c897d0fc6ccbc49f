/** A user as clients see it (SPEC §3: name, username, email), plus id and role. */
export interface User {
  id: string;
  username: string;
  name: string;
  email: string;
  role: "customer" | "admin";
  createdAt: string;
}
