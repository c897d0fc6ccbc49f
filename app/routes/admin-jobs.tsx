import type { Route } from "./+types/admin-jobs";
import { adminMeta } from "~/lib/admin-meta";
import { servicesContext } from "~/context";
import { AdminShell, AdminTable, StatGrid, tdClass } from "~/components/admin/admin-shell";
import { RetryJobButton } from "~/components/admin/retry-job-button";
import { requirePermission } from "~/lib/guards.server";

export async function loader({ context, request }: Route.LoaderArgs) {
  requirePermission(context, request, "settings");
  return context.get(servicesContext).jobs.overview();
}

export const meta: Route.MetaFunction = ({ matches }) => adminMeta(matches, "Background jobs");

const dateFormat = new Intl.DateTimeFormat("en-US", { dateStyle: "medium", timeStyle: "short", timeZone: "UTC" });
const when = (iso: string | null) => (iso ? `${dateFormat.format(new Date(iso))} UTC` : "Not yet");

/** Staff: the store's background work, each queue's state, and the runs that failed after their retries. */
export default function AdminJobs({ loaderData }: Route.ComponentProps) {
  const { queues, failed } = loaderData;
  const total = (key: "waiting" | "active" | "failed") => queues.reduce((sum, q) => sum + q[key], 0);
  return (
    <AdminShell title="Background jobs">
      <StatGrid stats={[["Waiting", total("waiting")], ["Running", total("active")], ["Failed", total("failed")]]} />
      <section aria-labelledby="failed-heading" className="mt-8">
        <h2 id="failed-heading" className="mb-2 text-xl font-semibold">
          Failed runs
        </h2>
        <p className="mb-4 text-sm text-ink-muted">A run that fails is tried again three times, waiting longer each time. Those listed here failed every time; retry once the cause is fixed.</p>
        {failed.length === 0 ? (
          <p className="rounded-2xl bg-surface-muted p-5">Nothing has failed: every job finished.</p>
        ) : (
          <AdminTable label="Failed runs" headers={["Job", "Error", "Attempts", "Failed at"]}>
            {failed.map((job) => (
              <tr key={job.id}>
                {/* The button sits with the job's name, so a phone shows it without scrolling the table sideways. */}
                <td className={`${tdClass} whitespace-nowrap`}>
                  <span className="mb-2 block font-semibold">{job.queue}</span>
                  <RetryJobButton id={job.id} queue={job.queue} />
                </td>
                <td className={`${tdClass} min-w-56 max-w-md break-words`}>{job.error}</td>
                <td className={`${tdClass} tabular-nums`}>{job.attempts}</td>
                <td className={`${tdClass} whitespace-nowrap`}>{when(job.failedAt)}</td>
              </tr>
            ))}
          </AdminTable>
        )}
      </section>
      <section aria-labelledby="queues-heading" className="mt-8">
        <h2 id="queues-heading" className="mb-4 text-xl font-semibold">
          Scheduled work
        </h2>
        <AdminTable label="Scheduled work" headers={["Job", "Runs", "Waiting", "Running", "Failed", "Last finished"]}>
          {queues.map((q) => (
            <tr key={q.name}>
              <td className={`${tdClass} min-w-56`}>
                <span className="font-semibold">{q.name}</span>
                <span className="block text-ink-muted">{q.description}</span>
              </td>
              <td className={`${tdClass} whitespace-nowrap`}>
                <abbr title={`cron ${q.cron} (UTC)`}>
                  {q.every}
                </abbr>
              </td>
              <td className={`${tdClass} tabular-nums`}>{q.waiting}</td>
              <td className={`${tdClass} tabular-nums`}>{q.active}</td>
              <td className={`${tdClass} tabular-nums ${q.failed > 0 ? "font-semibold text-red-700 dark:text-red-400" : ""}`}>{q.failed}</td>
              <td className={`${tdClass} whitespace-nowrap`}>{when(q.lastCompletedAt)}</td>
            </tr>
          ))}
        </AdminTable>
      </section>
    </AdminShell>
  );
}
