import { isRouteErrorResponse, Link } from "react-router";
import { StatusScreen, buttonClass } from "~/components/layout/status-screen";

/** What a staff page's guard throws when the member's role lacks its permission (app/lib/guards.server.ts). */
interface NotAllowedData {
  notAllowed: true;
  label: string;
  roleName: string;
}

/** The 403 a staff page's guard threw, or null for any other error. */
export function notAllowedOf(error: unknown): NotAllowedData | null {
  if (!isRouteErrorResponse(error) || error.status !== 403) return null;
  const data = error.data as Partial<NotAllowedData> | null;
  return data?.notAllowed ? (data as NotAllowedData) : null;
}

/** Why this staff page is refused, and what to do about it. */
export function NotAllowedMessage({ data }: { data: NotAllowedData }) {
  return (
    <div className="max-w-prose space-y-4">
      <p>
        Your role ({data.roleName}) doesn't include “{data.label}”, which this page needs. Ask an Owner to change your role if you need it.
      </p>
      <Link to="/admin" className={buttonClass}>
        Back to the dashboard
      </Link>
    </div>
  );
}

/** The not-allowed page on its own (outside the staff frame). */
export function NotAllowed({ data }: { data: NotAllowedData }) {
  return (
    <StatusScreen eyebrow="Error 403" title="Not allowed">
      <div className="mt-4">
        <NotAllowedMessage data={data} />
      </div>
    </StatusScreen>
  );
}
