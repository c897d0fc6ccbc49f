import { data } from "react-router";
import { NotFound } from "~/components/layout/not-found";

export function loader() {
  return data(null, { status: 404 });
}

export const meta = () => [{ title: "Page not found | VSOP Apparel" }, { name: "robots", content: "noindex" }];

export default function NotFoundRoute() {
  return <NotFound />;
}
