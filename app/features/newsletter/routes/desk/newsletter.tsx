import { Link, useLocation } from "react-router";
import { IssueForm, IssuePreview } from "~/features/newsletter/components/issues/issue-form";
import { IssueCounts, SendPanel } from "~/features/newsletter/components/issues/send-panel";
import { issueAction, loadIssue } from "~/features/newsletter/issues/desk-screen.server";
import { DESK_HEADERS } from "~/features/staff/auth.server";
import { deskLink, ErrorList, Notice, PageTitle, StatusBadge } from "~/ui/desk/ui";
import type { Route } from "./+types/newsletter";

export const meta = ({ data }: Route.MetaArgs) => [{ title: `${data?.isNew ? "New issue" : (data?.values.subject ?? "Issue")} · Fillway desk` }];
export const headers = () => DESK_HEADERS;

export const loader = (args: Route.LoaderArgs) => loadIssue(args);
export const action = (args: Route.ActionArgs) => issueAction(args);

export default function Newsletter({ loaderData, actionData }: Route.ComponentProps) {
  const { isNew, id, post, values, state, stateLabel, sendAt, busy, recipients, counts, preview } = loaderData;
  const saved = new URLSearchParams(useLocation().search).has("saved");
  const editable = state === "draft" || state === "scheduled";
  return (
    <div>
      <p className="mb-2 text-sm">
        <Link className={deskLink} to="/desk/newsletters">
          All issues
        </Link>
      </p>
      <PageTitle>{isNew ? "New issue" : values.subject}</PageTitle>
      <p className="mb-4 text-sm" data-testid="issue-state">
        <StatusBadge status={state === "sent" ? "subscribed" : state === "draft" ? "lost" : "pending"} label={stateLabel} />
        {state === "scheduled" && !busy ? ` for ${sendAt}` : null}
      </p>
      <ErrorList errors={actionData?.errors} title="Nothing was done" />
      {saved && !actionData ? <Notice>The issue is saved.</Notice> : null}
      {actionData?.notice ? <Notice>{actionData.notice}</Notice> : null}
      {counts ? <IssueCounts counts={counts} sending={busy} /> : null}
      <div className="grid gap-6 xl:grid-cols-2">
        <div className="space-y-6">
          <IssueForm key={`${id}-${values.subject}-${values.body.length}`} values={values} post={post} editable={editable} />
          {id !== null && editable ? (
            <SendPanel id={id} state={state} sendAt={sendAt} recipients={recipients} ask={actionData?.ask ?? null} subject={values.subject} />
          ) : id !== null ? (
            <SendPanel id={id} state={state} sendAt={sendAt} recipients={recipients} ask={null} subject={values.subject} testOnly />
          ) : null}
        </div>
        {preview ? <IssuePreview preview={preview} /> : <p className="text-sm">Save the issue to see it as subscribers will.</p>}
      </div>
    </div>
  );
}
