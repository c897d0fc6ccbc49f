import { isRouteErrorResponse } from "react-router";
import { NotAllowed, notAllowedOf } from "~/components/admin/not-allowed";
import { NotFound } from "./not-found";
import { StatusScreen, buttonClass } from "./status-screen";

/** Any page's error screen: not found, not allowed (a staff page), or a failure. */
export function PageError({ error }: { error: unknown }) {
  if (isRouteErrorResponse(error) && error.status === 404) return <NotFound />;
  const notAllowed = notAllowedOf(error);
  if (notAllowed) return <NotAllowed data={notAllowed} />;
  return (
    <StatusScreen eyebrow="Something went wrong" title="We couldn't load this page">
      <p>Please try again in a moment. If it keeps happening, contact us and we'll sort it out.</p>
      <a href="/" className={`${buttonClass} mt-8`}>
        Back to Home
      </a>
    </StatusScreen>
  );
}
