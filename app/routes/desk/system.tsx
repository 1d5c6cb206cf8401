import { data, Form, redirect, useNavigation } from "react-router";
import { deskSecondary, Facts, PageTitle } from "~/ui/desk/ui";
import { useDeskTimeZone } from "~/ui/desk/time";
import { formatInZone } from "~/shared/zoned-time";
import { DESK_HEADERS, deskServices } from "~/features/staff/auth.server";
import { systemReport } from "~/platform/ops/system.server";
import { mailboxStatus } from "~/features/conversations/reader.server";
import { MailboxStatusSection } from "~/features/conversations/components/mailbox-status";
import type { Route } from "./+types/system";

export const meta = () => [{ title: "System · Fillway desk" }];
export const headers = () => DESK_HEADERS;

export async function loader({ context }: Route.LoaderArgs) {
  const services = deskServices(context);
  // The checks as the minute's run left them: opening a page sends nothing.
  const report = await systemReport(services, { lastBackup: services.ops?.lastBackup, alerts: services.ops?.alerts.state });
  const replies = await mailboxStatus(services.db, services.env);
  return data({ report, replies }, { headers: DESK_HEADERS });
}

/**
 * "Run the checks now": an admin who has fixed something (or wants to know at once) runs
 * them; what turned bad is e-mailed to the admins and the banner follows, as on the minute.
 */
export async function action({ context }: Route.ActionArgs) {
  const services = deskServices(context);
  await services.ops?.alerts.run().catch((error) => services.log.error({ err: error }, "alert checks failed"));
  return redirect("/desk/system", { headers: DESK_HEADERS });
}

function duration(seconds: number): string {
  const s = Math.max(0, Math.round(seconds));
  const d = Math.floor(s / 86_400);
  const h = Math.floor((s % 86_400) / 3_600);
  const m = Math.floor((s % 3_600) / 60);
  if (d) return `${d} d ${h} h`;
  if (h) return `${h} h ${m} min`;
  if (m) return `${m} min`;
  return `${s} s`;
}

function size(bytes: number | null): string {
  if (bytes === null) return "unknown";
  if (bytes < 1024 * 1024) return `${(bytes / 1024).toFixed(0)} KB`;
  if (bytes < 1024 ** 3) return `${(bytes / 1024 ** 2).toFixed(1)} MB`;
  return `${(bytes / 1024 ** 3).toFixed(2)} GB`;
}

export default function System({ loaderData: { report: r, replies } }: Route.ComponentProps) {
  const checks = r.alerts?.checks ?? [];
  const running = useNavigation().formAction === "/desk/system";
  // In the member's zone, named, from the server's render on (the layout knows the zone).
  const zone = useDeskTimeZone();
  const when = (iso: string) => formatInZone(iso, zone);
  return (
    <>
      <PageTitle>System</PageTitle>
      <div className="grid gap-6 md:grid-cols-2">
        <section aria-labelledby="running">
          <h2 id="running" className="mb-2 text-lg font-bold">
            This server
          </h2>
          <Facts
            rows={[
              ["Version", r.version],
              ["Node.js", r.node],
              ["Running since", `${when(r.startedAt)} (${duration(r.uptimeSeconds)})`],
              ["Database", `${r.database.kind}, ${size(r.database.bytes)}`],
            ]}
          />
        </section>
        <section aria-labelledby="backups">
          <h2 id="backups" className="mb-2 text-lg font-bold">
            Backups
          </h2>
          <Facts
            rows={[
              [
                "Last backup",
                r.lastBackup ? `${when(r.lastBackup.takenAt)} (${duration(r.lastBackup.ageSeconds)} ago), ${size(r.lastBackup.bytes)}` : "none yet",
              ],
              ["File", r.lastBackup?.name ?? "none"],
              ["Interval", r.backupEveryHours ? `every ${r.backupEveryHours} h` : "not scheduled by the server (a timer runs npm run backup)"],
            ]}
          />
        </section>
        <section aria-labelledby="outbox">
          <h2 id="outbox" className="mb-2 text-lg font-bold">
            Outgoing e-mail and webhooks
          </h2>
          <Facts
            rows={[
              ["Waiting", String(r.outbox.waiting)],
              ["Oldest waiting", r.outbox.waiting ? duration(r.outbox.oldestWaitingSeconds) : "nothing waits"],
              ["Given up (see Deliveries)", String(r.outbox.failed)],
              ["Sent by this server since it started", String(r.outbox.sentByThisProcess)],
            ]}
          />
        </section>
        <MailboxStatusSection status={replies} when={when} />
      </div>
      <section aria-labelledby="checks" className="mt-6">
        <h2 id="checks" className="mb-2 text-lg font-bold">
          Checks
        </h2>
        {checks.length === 0 ? (
          <p>The checks have not run yet; they run every minute.</p>
        ) : (
          <table className="w-full border-collapse text-left text-sm">
            <caption className="sr-only">System checks{r.alerts?.checkedAt ? `, run at ${when(r.alerts.checkedAt)}` : ""}</caption>
            <thead>
              <tr>
                <th scope="col" className="border-b border-slate-300 px-2 py-1.5 dark:border-slate-600">
                  Check
                </th>
                <th scope="col" className="border-b border-slate-300 px-2 py-1.5 dark:border-slate-600">
                  State
                </th>
                <th scope="col" className="border-b border-slate-300 px-2 py-1.5 dark:border-slate-600">
                  Measured
                </th>
              </tr>
            </thead>
            <tbody>
              {checks.map((c) => (
                <tr key={c.id}>
                  <td className="border-b border-slate-200 px-2 py-1.5 dark:border-slate-700">{c.title}</td>
                  <td className="border-b border-slate-200 px-2 py-1.5 font-semibold dark:border-slate-700">{c.ok ? "OK" : "Alert"}</td>
                  <td className="border-b border-slate-200 px-2 py-1.5 dark:border-slate-700">{c.detail}</td>
                </tr>
              ))}
            </tbody>
          </table>
        )}
        <div className="mt-2 flex flex-wrap items-center gap-3">
          {r.alerts?.checkedAt ? <p className="text-sm">Checked at {when(r.alerts.checkedAt)}; they run every minute.</p> : null}
          <Form method="post">
            <button type="submit" className={deskSecondary} disabled={running}>
              {running ? "Running the checks…" : "Run the checks now"}
            </button>
          </Form>
        </div>
      </section>
    </>
  );
}
