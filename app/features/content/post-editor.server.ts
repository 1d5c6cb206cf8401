import type { RouterContextProvider } from "react-router";
import { data, redirect } from "react-router";
import { deletePost, fileState, formValues, getDeskPost, postFormSchema, savePost, shippedImages, statusOf } from "~/features/content/desk-posts.server";
import { listImages } from "~/features/content/media.server";
import { type PostStatus, statusLabels } from "~/features/content/post-desk";
import { kindOf } from "~/features/content/post-file.server";
import { audit } from "~/features/staff/audit.server";
import { DESK_HEADERS, deskServices } from "~/features/staff/auth.server";
import { signedIn } from "~/features/staff/desk-guard.server";

import { shownZone } from "~/features/staff/time-zone.server";
import { RETRY_AFTER_BUSY_SECONDS } from "~/platform/api/types";
import { isPassingDbFault } from "~/platform/db/faults.server";
import { readFormDataCapped } from "~/platform/http/body.server";
import { requestOf } from "~/platform/http/request-context.server";
import { formatInZone } from "~/shared/zoned-time";
import { clearAutosave, loadAutosave } from "./autosave.server";
import { BUSY_RETRY_SECONDS, staffOwner } from "./markdown-pool.server";
import { TEAM_BYLINE } from "./post-desk";
import { previewSecret, signPreview } from "./preview-link.server";
import { issueMessages } from "~/shared/forms/issues";

/** The desk's post editor (routes/desk/post-edit.tsx): what its loader and action do. */
interface DeskArgs {
  request: Request;
  context: Readonly<RouterContextProvider>;
  params: { id: string };
}

/**
 * Renders the preview with the public post page's components; the route hands it in
 * (components/post-preview.server.tsx), so this module stays free of React.
 */
export type RenderPreview = (
  post: {
    title: string;
    subTitle: string;
    image: string;
    video: string;
    body: string;
  },
  opts: { owner: string },
) => Promise<{ html: string | null; error: string | null; status: number }>;

/** The editor's form is text; a body past this is refused before it is read. */
const MAX_FORM_BYTES = 1024 * 1024;

type Values = Record<string, string>;

async function imageOptions(context: DeskArgs["context"], current: string) {
  const { db } = deskServices(context);
  const uploads = await listImages(db);
  const options = [
    ...uploads.map((m) => ({ value: m.banner.path, label: `${m.originalName} (uploaded ${m.createdAt.slice(0, 10)}, ${m.banner.width}×${m.banner.height})` })),
    ...shippedImages().map((p) => ({ value: p, label: p.slice("/media/blog/".length) })),
  ];
  if (current && !options.some((o) => o.value === current)) options.unshift({ value: current, label: current });
  return options;
}

const today = () => new Date().toISOString().slice(0, 10);

/** The editor of one post, or of a new one (id "new"): its fields, status, images and preview. */
export async function loadPostEditor({ request, context, params }: DeskArgs, renderPreview: RenderPreview) {
  const { db } = deskServices(context);
  const url = new URL(request.url);
  const isNew = params.id === "new";
  const row = isNew ? null : await getDeskPost(db, params.id);
  if (!isNew && !row) throw data(null, { status: 404, headers: DESK_HEADERS });
  const values: Values = row
    ? {
        id: row.id,
        kind: kindOf(row),
        title: row.title,
        subTitle: row.sub_title,
        body: row.body_markdown ?? "",
        date: row.created_on.slice(0, 10),
        publishedBy: row.published_by?.slice(0, 10) ?? "",
        image: row.image_original ?? "",
        imageAlt: row.image_alt ?? "",
        articleUrl: row.article_url ?? "",
        video: row.video_url ?? "",
        // Stored in UTC; the editor shows it in the editor's own zone (components/editor/publishing.tsx).
        publishAt: "",
        publishAtIso: row.publish_at && statusOf(row.publish_at) === "scheduled" ? row.publish_at : "",
      }
    : {
        id: "",
        kind: "blog",
        title: "",
        subTitle: "",
        body: "",
        date: today(),
        publishedBy: "",
        image: url.searchParams.get("image")?.slice(0, 300) ?? "",
        imageAlt: "",
        articleUrl: "",
        video: "",
        publishAt: "",
        publishAtIso: "",
      };
  const status: PostStatus = row ? statusOf(row.publish_at) : "draft";
  const saved = url.searchParams.get("saved");
  const me = signedIn(context);
  return data(
    {
      isNew,
      values,
      staffZone: shownZone(request, me),
      autosave: await loadAutosave(db, me.id, isNew ? "new" : params.id, row?.updated_at ?? null),
      status,
      statusLabel: statusLabels[status],
      // When a scheduled post goes live, in the member's zone, named.
      publishAt: row?.publish_at ? formatInZone(row.publish_at, shownZone(request, me) ?? "UTC") : null,
      sourceFile: row?.source_file ?? null,
      fileState: row ? fileState(row) : ("none" as const),
      missingMarkdown: row !== null && row.body_markdown === null,
      images: await imageOptions(context, values.image ?? ""),
      ...(await preview(renderPreview, values, me.id)),
      updatedAt: row?.updated_at ?? null,
      // Drafts and scheduled posts: a signed link anyone may open for PREVIEW_DAYS.
      previewLink: row && status !== "published" ? signPreview(await previewSecret(db), row.id) : null,
      confirmDelete: !isNew && url.searchParams.get("confirm") === "delete",
      saved: saved !== null,
    },
    { headers: DESK_HEADERS },
  );
}

/** The preview's HTML, or why the body cannot be shown (then the HTML is empty), rendered in `staffId`'s share of the Markdown threads. */
async function preview(
  renderPreview: RenderPreview,
  v: Values,
  staffId: number,
): Promise<{ previewHtml: string; previewError: string | null; previewStatus: number }> {
  const p = await renderPreview(
    { title: v.title ?? "", subTitle: v.subTitle ?? "", image: v.image ?? "", video: v.video ?? "", body: v.body ?? "" },
    { owner: staffOwner(staffId) },
  );
  return { previewHtml: p.html ?? "", previewError: p.error, previewStatus: p.status };
}

async function refused(
  renderPreview: RenderPreview,
  staffId: number,
  status: number,
  errors: string[],
  values: Values,
  headers: Record<string, string> = {},
  pastTime: string | null = null,
) {
  const { previewStatus: _, ...shown } = await preview(renderPreview, values, staffId);
  return data({ errors, values, pastTime, ...shown, at: Date.now() }, { status, headers: { ...DESK_HEADERS, ...headers } });
}

/** The post could not be saved (the database locked by another process, the disk full): the editor keeps every word. */
const NOT_SAVED = `The post was not saved: the database is busy or out of space. Everything you typed is still here; press the button again in ${RETRY_AFTER_BUSY_SECONDS} seconds.`;

/** Saves, publishes, schedules, previews or deletes the post the editor shows. */
export async function postEditorAction({ request, context, params }: DeskArgs, renderPreview: RenderPreview) {
  const me = signedIn(context);
  const { db } = deskServices(context);
  // Counted as it arrives, whatever length the request declares.
  const read = await readFormDataCapped(request, MAX_FORM_BYTES);
  if (!read.ok) {
    const text = read.status === 413 ? `The form is larger than ${MAX_FORM_BYTES / 1024} KiB.` : "The form could not be read. Please try again.";
    throw new Response(text, { status: read.status, headers: { ...DESK_HEADERS, "Content-Type": "text/plain; charset=utf-8" } });
  }
  const isNew = params.id === "new";
  const form = read.form;
  const intent = String(form.get("intent") ?? "");

  if (intent === "delete") {
    if (isNew) throw data(null, { status: 404, headers: DESK_HEADERS });
    // Asked twice: the first Delete only opens the confirmation.
    if (form.get("confirm") !== "yes") return redirect(`/desk/posts/${encodeURIComponent(params.id)}?confirm=delete`, { headers: DESK_HEADERS });
    const gone = await deletePost(db, params.id);
    if (!gone) throw data(null, { status: 404, headers: DESK_HEADERS });
    await audit(db, { staffId: me.id, action: "post.delete", subject: params.id, detail: { title: gone.title, file: gone.sourceFile } });
    return redirect(`/desk/posts?deleted=${encodeURIComponent(gone.title)}`, { headers: DESK_HEADERS });
  }

  const values = formValues(form);
  if (intent === "preview") {
    const { previewStatus: status, ...shown } = await preview(renderPreview, values, me.id);
    // A body that cannot be rendered in time (or nests too deeply): 422, the message says what to change; 429 while the member's earlier previews still render.
    const headers = status === 429 ? { ...DESK_HEADERS, "Retry-After": String(BUSY_RETRY_SECONDS) } : DESK_HEADERS;
    return data({ errors: shown.previewError ? [shown.previewError] : null, values, pastTime: null, ...shown, at: Date.now() }, { status, headers });
  }
  const parsed = postFormSchema.safeParse(values);
  if (!parsed.success) return refused(renderPreview, me.id, 422, issueMessages(parsed.error), values);
  let result: Awaited<ReturnType<typeof savePost>>;
  try {
    result = await savePost(db, isNew ? null : params.id, parsed.data, { author: me.name?.trim() || TEAM_BYLINE, owner: staffOwner(me.id) });
  } catch (error) {
    if (!isPassingDbFault(error)) throw error;
    deskServices(context).log.warn({ err: error, post: params.id }, "post not saved: answered 503");
    requestOf(context).responseHeaders?.set("Retry-After", String(RETRY_AFTER_BUSY_SECONDS));
    return refused(renderPreview, me.id, 503, [NOT_SAVED], values, { "Retry-After": String(RETRY_AFTER_BUSY_SECONDS) });
  }
  if (!result.ok) {
    if (result.status === 404) throw data(null, { status: 404, headers: DESK_HEADERS });
    return refused(
      renderPreview,
      me.id,
      result.status,
      result.errors,
      values,
      {},
      result.pastTime ? formatInZone(result.pastTime, values.timeZone || "UTC") : null,
    );
  }
  // Saved: what was typed and kept for this post is now in the post itself.
  await clearAutosave(db, me.id, isNew ? "new" : params.id);
  await audit(db, {
    staffId: me.id,
    action: result.created ? "post.create" : "post.save",
    subject: result.id,
    detail: { intent: parsed.data.intent, status: result.status },
  });
  return redirect(`/desk/posts/${encodeURIComponent(result.id)}?saved`, { headers: DESK_HEADERS });
}
