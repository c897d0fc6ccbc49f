import { isRouteErrorResponse, Link, useNavigate } from "react-router";
import { StatusScreen, buttonClass } from "~/components/layout/status-screen";

/** The product page's error screens: a malformed id, a product that is gone, or a failure. */
export function ProductError({ error }: { error: unknown }) {
  const navigate = useNavigate();
  if (isRouteErrorResponse(error) && error.status === 400) {
    return (
      <StatusScreen title="Invalid Product">
        <p>That link doesn't point to a product.</p>
        <Link to="/" className={`${buttonClass} mt-8`}>
          Go Home
        </Link>
      </StatusScreen>
    );
  }
  if (isRouteErrorResponse(error) && error.status === 404) {
    return (
      <StatusScreen title="Product Not Found">
        <p>We couldn't find this product. It may have sold out for good or moved.</p>
        <button type="button" onClick={() => navigate(-1)} className={`${buttonClass} mt-8`}>
          Go Back
        </button>
      </StatusScreen>
    );
  }
  return (
    <StatusScreen title="Error Loading Product">
      <p>Something went wrong while loading this product.</p>
      <button type="button" onClick={() => window.location.reload()} className={`${buttonClass} mt-8`}>
        Refresh
      </button>
    </StatusScreen>
  );
}
