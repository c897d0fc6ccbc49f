import { Link } from "react-router";
import { StatusScreen, buttonClass } from "./status-screen";

/** SPEC §2: the not-found screen's exact text. */
export function NotFound() {
  return (
    <StatusScreen eyebrow="Error 404" title="404 Page Not Found">
      <p>Did you forget to add the page to the router?</p>
      <Link to="/" className={`${buttonClass} mt-8`}>
        Back to Home
      </Link>
    </StatusScreen>
  );
}
