import { pageTitle } from "~/lib/seo";
import type { Route } from "./+types/not-found";
import { data } from "react-router";
import { NotFound } from "~/components/layout/not-found";

export function loader() {
  return data(null, { status: 404 });
}

export const meta: Route.MetaFunction = ({ matches }) => [{ title: pageTitle(matches, "Page not found") }, { name: "robots", content: "noindex" }];

export default function NotFoundRoute() {
  return <NotFound />;
}
