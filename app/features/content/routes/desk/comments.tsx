import { useLocation, useNavigation } from "react-router";
import { DeskTable, FilterBar, numberedLinks, Pager } from "~/ui/desk/kit";
import { ErrorList, Notice, PageTitle } from "~/ui/desk/ui";
import { DESK_HEADERS } from "~/features/staff/auth.server";
import { COMMENTS_PAGE_SIZE, commentFilters, stateLabels } from "~/features/content/comment-moderation";
import { columns } from "~/features/content/components/desk/comment-columns";
import type { Route } from "./+types/comments";
import { loadComments, commentsAction } from "~/features/content/comments-screen.server";

export const meta = () => [{ title: "Comments · Fillway desk" }];
export const headers = () => DESK_HEADERS;

export const loader = (args: Route.LoaderArgs) => loadComments(args);
export const action = (args: Route.ActionArgs) => commentsAction(args);

const filterLabels: Record<(typeof commentFilters)[number], string> = {
  all: "All, awaiting review first",
  held: stateLabels.held,
  visible: stateLabels.visible,
  hidden: stateLabels.hidden,
  spam: stateLabels.spam,
};

export default function Comments({ loaderData, actionData }: Route.ComponentProps) {
  const { counts, moderation, state, page, rows, total, errors } = loaderData;
  const location = useLocation();
  const busy = useNavigation().state !== "idle";
  const pages = Math.max(1, Math.ceil(total / COMMENTS_PAGE_SIZE));
  const rule = {
    off: "every comment appears at once",
    links: "comments with a link or an e-mail address wait for review",
    all: "every comment waits for review",
  }[moderation];
  return (
    <div>
      <PageTitle>Comments</PageTitle>
      <p className="mb-4 text-sm">
        {counts.held} awaiting review, {counts.visible} visible, {counts.hidden} hidden, {counts.spam} spam. On the site, {rule}; comments from a sender marked
        as spam always wait. Decisions show on the site at once.
      </p>
      <FilterBar
        label="Show comments"
        idPrefix="c"
        values={{ state }}
        fields={[{ type: "select", name: "state", label: "Show", options: commentFilters.map((f) => ({ value: f, label: filterLabels[f] })) }]}
      />
      <ErrorList errors={errors} title="This list cannot be shown" />
      <ErrorList errors={actionData?.errors} title="Nothing was changed" />
      {actionData?.done ? <Notice>{actionData.done}</Notice> : null}
      <DeskTable
        caption={`Comments: ${filterLabels[state].toLowerCase()}, newest first`}
        columns={columns(busy)}
        rows={rows}
        empty={errors ? null : "No comments here."}
        emptyBelow
      />
      {pages > 1 ? <Pager label="Pages of comments" links={numberedLinks(location.search, page, pages)} status={`Page ${page} of ${pages}`} /> : null}
    </div>
  );
}
