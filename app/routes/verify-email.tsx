import { pageTitle } from "~/lib/seo";
import type { Route } from "./+types/verify-email";
import { LinkConfirmation } from "~/components/auth/link-confirmation";

export const headers = () => ({ "Referrer-Policy": "no-referrer", "Cache-Control": "no-store" });
export const meta: Route.MetaFunction = ({ matches }) => [{ title: pageTitle(matches, "Confirm your email") }, { name: "robots", content: "noindex" }, { name: "referrer", content: "no-referrer" }];

/** /verify-email#token=…: the link a new account gets. */
export default function VerifyEmail() {
  return <LinkConfirmation endpoint="/api/auth/verify-email" title="Confirm your email" />;
}
