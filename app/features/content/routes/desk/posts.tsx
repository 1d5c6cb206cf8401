import { data, Link } from "react-router";
import { any, type Column, DeskTable, FilterBar } from "~/ui/desk/kit";
import { deskLink, deskPrimary, ErrorList, Notice, PageTitle, StatusBadge } from "~/ui/desk/ui";
import { kindLabels, LIST_LIMIT, POST_KINDS, POST_STATUSES, type PostKind, type PostStatus, statusLabels } from "~/features/content/post-desk";
import { listDeskPosts, type PostListQuery } from "~/features/content/desk-posts.server";
import { DESK_HEADERS, deskServices } from "~/features/staff/auth.server";
import { When } from "~/ui/desk/time";
import type { Route } from "./+types/posts";

export const meta = () => [{ title: "Posts · Fillway desk" }];
export const headers = () => DESK_HEADERS;

const isKind = (v: string): v is PostKind => (POST_KINDS as readonly string[]).includes(v);
const isStatus = (v: string): v is PostStatus => (POST_STATUSES as readonly string[]).includes(v);

export async function loader({ request, context }: Route.LoaderArgs) {
  const { db } = deskServices(context);
  const url = new URL(request.url);
  const raw = { kind: url.searchParams.get("kind") ?? "", status: url.searchParams.get("status") ?? "", q: (url.searchParams.get("q") ?? "").slice(0, 100) };
  const errors: string[] = [];
  const query: PostListQuery = { q: raw.q };
  if (raw.kind && !isKind(raw.kind)) errors.push("Kind must be blog, article or event");
  else if (raw.kind && isKind(raw.kind)) query.kind = raw.kind;
  if (raw.status && !isStatus(raw.status)) errors.push("State must be draft, scheduled or published");
  else if (raw.status && isStatus(raw.status)) query.status = raw.status;
  const rows = errors.length ? [] : await listDeskPosts(db, query);
  const saved = url.searchParams.get("deleted");
  return data(
    {
      raw,
      errors,
      deleted: saved ? saved.slice(0, 200) : null,
      full: rows.length >= LIST_LIMIT,
      rows: rows.map((r) => ({
        ...r,
        kindLabel: kindLabels[r.kind],
        statusLabel: statusLabels[r.status],
        when: r.publishAt ?? "",
        shown: r.shownDate.slice(0, 10),
        updated: r.updatedAt,
      })),
    },
    { status: errors.length ? 400 : 200, headers: DESK_HEADERS },
  );
}

const statusColour: Record<PostStatus, string> = { draft: "lost", scheduled: "contacted", published: "won" };

type PostRow = Route.ComponentProps["loaderData"]["rows"][number];

const columns: Column<PostRow>[] = [
  {
    header: "Title",
    cell: (r) => (
      <>
        <Link className={deskLink} to={`/desk/posts/${encodeURIComponent(r.id)}`}>
          {r.title}
        </Link>
        <div className="text-xs text-slate-600 dark:text-slate-400">/blogdetail/{r.id}</div>
      </>
    ),
  },
  { header: "Kind", cell: (r) => r.kindLabel },
  { header: "State", cell: (r) => <StatusBadge status={statusColour[r.status]} label={r.statusLabel} /> },
  { header: "Publish time", cell: (r) => <When iso={r.when} /> },
  { header: "Shown date", className: "whitespace-nowrap", cell: (r) => r.shown },
  { header: "Changed", cell: (r) => <When iso={r.updated} /> },
  {
    header: "File",
    cell: (r) =>
      r.fileState === "differs" ? (
        <StatusBadge status="contacted" label="File and database differ" />
      ) : r.fileState === "missing" ? (
        <StatusBadge status="lost" label="File removed" />
      ) : r.fileState === "same" ? (
        "Same as file"
      ) : (
        "Desk only"
      ),
  },
];

export default function Posts({ loaderData }: Route.ComponentProps) {
  const { raw, errors, rows, deleted, full } = loaderData;
  return (
    <div>
      <PageTitle
        actions={
          <Link to="/desk/posts/new" className={deskPrimary}>
            New post
          </Link>
        }
      >
        Posts
      </PageTitle>
      {deleted ? <Notice>“{deleted}” was deleted.</Notice> : null}
      <FilterBar
        label="Filter posts"
        idPrefix="p"
        values={raw}
        grid="grid-cols-2 gap-3 sm:grid-cols-4"
        clear={{ to: "/desk/posts", label: "Clear" }}
        fields={[
          { type: "search", name: "q", label: "Title contains", maxLength: 100, span: "col-span-2" },
          { type: "select", name: "kind", label: "Kind", first: any("Every kind"), options: POST_KINDS.map((k) => ({ value: k, label: kindLabels[k] })) },
          {
            type: "select",
            name: "status",
            label: "State",
            first: any("Any state"),
            options: POST_STATUSES.map((s) => ({ value: s, label: statusLabels[s] })),
          },
        ]}
      />
      <ErrorList errors={errors} title="These filters cannot be used" />
      <DeskTable caption="Posts, last changed first" columns={columns} rows={rows} empty={errors.length ? null : "No posts match these filters."} />
      {full ? <p className="mt-2 text-sm">Showing the {LIST_LIMIT} most recently changed posts: narrow the filters to find older ones.</p> : null}
    </div>
  );
}
