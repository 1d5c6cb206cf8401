import { Form, Link } from "react-router";
import { loadIssueList } from "~/features/newsletter/issues/desk-screen.server";
import { DESK_HEADERS } from "~/features/staff/auth.server";
import { type Column, DeskTable } from "~/ui/desk/kit";
import { deskLink, deskPrimary, deskSecondary, PageTitle, SelectField, StatusBadge } from "~/ui/desk/ui";
import type { Route } from "./+types/newsletters";

export const meta = () => [{ title: "Newsletters · Fillway desk" }];
export const headers = () => DESK_HEADERS;

export const loader = (args: Route.LoaderArgs) => loadIssueList(args);

type Row = Route.ComponentProps["loaderData"]["rows"][number];

const columns: Column<Row>[] = [
  {
    header: "Subject",
    className: "break-words",
    cell: (r) => (
      <Link className={deskLink} to={`/desk/newsletters/${r.id}`}>
        {r.subject}
      </Link>
    ),
  },
  { header: "State", cell: (r) => <StatusBadge status={r.state === "sent" ? "subscribed" : r.state === "draft" ? "lost" : "pending"} label={r.stateLabel} /> },
  { header: "When", className: "whitespace-nowrap", cell: (r) => r.when },
  { header: "Recipients", cell: (r) => (r.recipients === null ? "" : r.recipients.toLocaleString("en-US")) },
  { header: "Handed to the outbox", cell: (r) => r.released.toLocaleString("en-US") },
];

export default function Newsletters({ loaderData }: Route.ComponentProps) {
  const { rows, posts, recipients } = loaderData;
  return (
    <div>
      <PageTitle
        actions={
          <Link className={deskPrimary} to="/desk/newsletters/new">
            Write an issue
          </Link>
        }
      >
        Newsletters
      </PageTitle>
      <p className="mb-4 text-sm">
        {recipients.toLocaleString("en-US")} confirmed {recipients === 1 ? "address" : "addresses"} would get an issue sent now.
      </p>
      {posts.length ? (
        <Form method="get" action="/desk/newsletters/new" className="mb-6 flex flex-wrap items-end gap-2" aria-label="Start from a post">
          <div className="w-full max-w-md">
            <SelectField id="from-post" name="post" label="Start from a published post" options={posts} defaultValue="" />
          </div>
          <button type="submit" className={deskSecondary}>
            Start from this post
          </button>
        </Form>
      ) : null}
      <DeskTable caption="Newsletter issues, newest first" columns={columns} rows={rows} empty="No issue has been written yet." />
    </div>
  );
}
