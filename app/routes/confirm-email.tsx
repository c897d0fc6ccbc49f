import { pageTitle } from "~/lib/seo";
import type { Route } from "./+types/confirm-email";
import { LinkConfirmation } from "~/components/auth/link-confirmation";

export const headers = () => ({ "Referrer-Policy": "no-referrer", "Cache-Control": "no-store" });
export const meta: Route.MetaFunction = ({ matches }) => [{ title: pageTitle(matches, "Confirm your new email") }, { name: "robots", content: "noindex" }, { name: "referrer", content: "no-referrer" }];

/** /confirm-email#token=…: the link an email change sends to the new address. */
export default function ConfirmEmail() {
  return <LinkConfirmation endpoint="/api/auth/confirm-email" title="Confirm your new email" />;
}
