import { Form } from "react-router";
import type { Route } from "../routes/desk/+types/account";
import { deskDanger, deskTable, deskTd, deskTh } from "~/ui/desk/ui";

const when = (iso: string) => `${iso.slice(0, 10)} ${iso.slice(11, 16)} UTC`;

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
              <td className={`${deskTd} whitespace-nowrap`}>{when(s.createdAt)}</td>
              <td className={`${deskTd} whitespace-nowrap`}>{when(s.lastSeenAt)}</td>
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
