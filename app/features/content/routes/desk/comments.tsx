import { useLocation, useNavigation } from "react-router";
import { DeskTable, FilterBar, numberedLinks, Pager } from "~/ui/desk/kit";
import { ErrorList, Notice, PageTitle } from "~/ui/desk/ui";
import { DESK_HEADERS } from "~/features/staff/auth.server";
import { COMMENTS_PAGE_SIZE, commentFilters, stateLabels } from "~/features/content/comment-moderation";
import { columns } from "~/features/content/components/desk/comment-columns";
import { BulkBar, BulkConfirmation, DeletedNotice, SpamOfferPanel } from "~/features/content/components/desk/comment-bulk";
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
  trash: `${stateLabels.trash} (restorable for 30 days)`,
};

/** At narrow widths each comment is a card of stacked cells: nothing scrolls sideways. */
const STACKED =
  "max-md:[&_thead]:sr-only max-md:[&_table]:block max-md:[&_tbody]:block max-md:[&_tr]:block max-md:[&_tr]:border-b max-md:[&_tr]:py-2 max-md:[&_td]:block max-md:[&_td]:border-0 max-md:[&_td]:py-1";

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
        {counts.held} awaiting review, {counts.visible} visible, {counts.hidden} hidden, {counts.spam} spam, {counts.trash} in the trash. On the site, {rule}.
        Comments from a sender marked as spam always wait. Decisions show on the site at once.
      </p>
      <FilterBar
        label="Show comments"
        idPrefix="c"
        values={{ state }}
        fields={[{ type: "select", name: "state", label: "Show", options: commentFilters.map((f) => ({ value: f, label: filterLabels[f] })) }]}
      />
      <ErrorList errors={errors} title="This list cannot be shown" />
      <ErrorList errors={actionData?.errors} title="Nothing was changed" />
      {actionData?.confirm ? <BulkConfirmation confirm={actionData.confirm} busy={busy} /> : null}
      {actionData?.done ? (
        actionData.undo ? (
          <DeletedNotice done={actionData.done} undo={actionData.undo} busy={busy} />
        ) : (
          <Notice>{actionData.done}</Notice>
        )
      ) : null}
      {actionData?.offer ? <SpamOfferPanel offer={actionData.offer} busy={busy} /> : null}
      <BulkBar state={state} total={total} busy={busy} />
      <DeskTable
        caption={`Comments: ${filterLabels[state].toLowerCase()}, newest first`}
        frame={`relative max-h-[70vh] overflow-y-auto md:overflow-auto rounded-md border border-slate-300 dark:border-slate-600 ${STACKED}`}
        columns={columns(busy)}
        rows={rows}
        empty={errors ? null : "No comments here."}
        emptyBelow
      />
      {pages > 1 ? <Pager label="Pages of comments" links={numberedLinks(location.search, page, pages)} status={`Page ${page} of ${pages}`} /> : null}
    </div>
  );
}
