import { data, Form, Link, useLocation } from "react-router";
import {
  deskInput,
  deskLink,
  deskPrimary,
  deskTable,
  deskTd,
  ErrorList,
  Field,
  FilterActions,
  HeaderRow,
  PageTitle,
  SelectField,
  StatusBadge,
} from "~/components/desk/ui";
import { kindLabels, LIST_LIMIT, POST_KINDS, POST_STATUSES, type PostKind, type PostStatus, statusLabels } from "~/lib/post-desk";
import { listDeskPosts, type PostListQuery } from "~/server/blog/desk-posts.server";
import { DESK_HEADERS, deskServices, requireStaff } from "~/server/desk/auth.server";
import { formatWhen } from "~/server/desk/leads/labels.server";
import type { Route } from "./+types/posts";

export const meta = () => [{ title: "Posts · Fillway desk" }];
export const headers = () => DESK_HEADERS;

const isKind = (v: string): v is PostKind => (POST_KINDS as readonly string[]).includes(v);
const isStatus = (v: string): v is PostStatus => (POST_STATUSES as readonly string[]).includes(v);

export async function loader({ request, context }: Route.LoaderArgs) {
  await requireStaff(request, context, ["admin", "editor"]);
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
        when: r.publishAt ? formatWhen(r.publishAt) : "",
        shown: r.shownDate.slice(0, 10),
        updated: formatWhen(r.updatedAt),
      })),
    },
    { status: errors.length ? 400 : 200, headers: DESK_HEADERS },
  );
}

const statusColour: Record<PostStatus, string> = { draft: "lost", scheduled: "contacted", published: "won" };

export default function Posts({ loaderData }: Route.ComponentProps) {
  const { raw, errors, rows, deleted, full } = loaderData;
  const location = useLocation();
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
      {deleted ? (
        <p
          role="status"
          className="mb-4 rounded-md border border-brand-700 bg-brand-50 p-3 text-sm text-brand-900 dark:border-brand-300 dark:bg-brand-950 dark:text-brand-100"
        >
          “{deleted}” was deleted.
        </p>
      ) : null}
      <Form method="get" aria-label="Filter posts" className="mb-4 rounded-md border border-slate-300 p-3 dark:border-slate-600" key={location.search}>
        <div className="grid grid-cols-2 gap-3 sm:grid-cols-4">
          <div className="col-span-2">
            <Field id="p-q" label="Title contains">
              <input id="p-q" name="q" type="search" defaultValue={raw.q} maxLength={100} className={deskInput} />
            </Field>
          </div>
          <SelectField
            id="p-kind"
            name="kind"
            label="Kind"
            first={[{ value: "", label: "Every kind" }]}
            options={POST_KINDS.map((k) => ({ value: k, label: kindLabels[k] }))}
            defaultValue={raw.kind}
          />
          <SelectField
            id="p-status"
            name="status"
            label="State"
            first={[{ value: "", label: "Any state" }]}
            options={POST_STATUSES.map((s) => ({ value: s, label: statusLabels[s] }))}
            defaultValue={raw.status}
          />
        </div>
        <FilterActions clearTo="/desk/posts" />
      </Form>
      <ErrorList errors={errors} title="These filters cannot be used" />
      <div className="max-h-[70vh] overflow-auto rounded-md border border-slate-300 dark:border-slate-600">
        <table className={deskTable}>
          <caption className="sr-only">Posts, last changed first</caption>
          <thead>
            <HeaderRow labels={["Title", "Kind", "State", "Publish time", "Shown date", "Changed", "File"]} />
          </thead>
          <tbody>
            {rows.map((r) => (
              <tr key={r.id}>
                <td className={deskTd}>
                  <Link className={deskLink} to={`/desk/posts/${encodeURIComponent(r.id)}`}>
                    {r.title}
                  </Link>
                  <div className="text-xs text-slate-600 dark:text-slate-400">/blogdetail/{r.id}</div>
                </td>
                <td className={deskTd}>{r.kindLabel}</td>
                <td className={deskTd}>
                  <StatusBadge status={statusColour[r.status]} label={r.statusLabel} />
                </td>
                <td className={`${deskTd} whitespace-nowrap`}>{r.when}</td>
                <td className={`${deskTd} whitespace-nowrap`}>{r.shown}</td>
                <td className={`${deskTd} whitespace-nowrap`}>{r.updated}</td>
                <td className={deskTd}>
                  {r.fileState === "differs" ? (
                    <StatusBadge status="contacted" label="File and database differ" />
                  ) : r.fileState === "missing" ? (
                    <StatusBadge status="lost" label="File removed" />
                  ) : r.fileState === "same" ? (
                    "Same as file"
                  ) : (
                    "Desk only"
                  )}
                </td>
              </tr>
            ))}
          </tbody>
        </table>
        {rows.length === 0 && !errors.length ? <p className="p-4 text-sm">No posts match these filters.</p> : null}
      </div>
      {full ? <p className="mt-2 text-sm">Showing the {LIST_LIMIT} most recently changed posts: narrow the filters to find older ones.</p> : null}
    </div>
  );
}
