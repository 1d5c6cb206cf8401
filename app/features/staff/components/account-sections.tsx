import { Form } from "react-router";
import type { Route } from "../routes/desk/+types/account";
import { deskDanger, deskInput, deskPrimary, deskTable, deskTd, deskTh, Field } from "~/ui/desk/ui";
import { useBrowserTimeZone, When } from "~/ui/desk/time";

/** One part of the account page, with its heading. */
export function Section({ id, title, children }: { id: string; title: string; children: React.ReactNode }) {
  return (
    <section aria-labelledby={`${id}-heading`} id={id} className="mb-8 max-w-3xl rounded-md border border-slate-300 p-4 dark:border-slate-700">
      <h2 id={`${id}-heading`} className="text-lg font-bold">
        {title}
      </h2>
      <div className="mt-3">{children}</div>
    </section>
  );
}

/** The member's sessions, and the button that ends them all. */
export function SessionsSection({ sessions }: { sessions: Route.ComponentProps["loaderData"]["sessions"] }) {
  return (
    <Section id="sessions" title="Where you are signed in">
      <table className={deskTable}>
        <caption className="sr-only">Your sessions</caption>
        <thead>
          <tr>
            <th scope="col" className={deskTh}>
              Browser
            </th>
            <th scope="col" className={deskTh}>
              Signed in
            </th>
            <th scope="col" className={deskTh}>
              Last used
            </th>
          </tr>
        </thead>
        <tbody>
          {sessions.map((s) => (
            <tr key={s.createdAt + s.device}>
              <td className={`${deskTd} break-all`}>
                {s.device}
                {s.current ? <strong> (this one)</strong> : null}
              </td>
              <td className={deskTd}>
                <When iso={s.createdAt} className="" />
              </td>
              <td className={deskTd}>
                <When iso={s.lastSeenAt} className="" />
              </td>
            </tr>
          ))}
        </tbody>
      </table>
      <Form method="post" className="mt-3">
        <button type="submit" name="intent" value="sign-out-everywhere" className={deskDanger}>
          Sign out everywhere
        </button>
      </Form>
    </Section>
  );
}

/**
 * The member's time zone: every time in the desk is shown in it. Unset, the desk uses the
 * browser's zone, which the list then offers first (known once the page runs).
 */
export function TimeZoneSection({ saved, zones, status }: { saved: string | null; zones: string[]; status: React.ReactNode }) {
  const browser = useBrowserTimeZone();
  return (
    <Section id="time-zone" title="Time zone">
      {status}
      <p className="mb-3 text-sm">
        {saved ? <>Times are shown in {saved}.</> : <>Times are shown in this browser&apos;s time zone{browser ? ` (${browser})` : ""}.</>}
      </p>
      <Form method="post" className="flex flex-wrap items-end gap-3">
        <div className="w-full max-w-xs">
          <Field id="tz-zone" label="Show times in">
            <select id="tz-zone" name="zone" key={browser ?? "server"} defaultValue={saved ?? browser ?? ""} className={deskInput}>
              <option value="">This browser&apos;s time zone{browser ? ` (${browser})` : ""}</option>
              {zones.map((z) => (
                <option key={z} value={z}>
                  {z.replaceAll("_", " ")}
                </option>
              ))}
            </select>
          </Field>
        </div>
        <button type="submit" name="intent" value="time-zone" className={deskPrimary}>
          Save time zone
        </button>
      </Form>
    </Section>
  );
}
