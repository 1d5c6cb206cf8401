import { useEffect, useRef, useState } from "react";
import { data, Form, Link, redirect } from "react-router";
import { deskDanger, deskInput, deskLabel, deskLink, deskPrimary, deskSecondary, ErrorList, Field, Notice, PageTitle, StatusBadge } from "~/ui/desk/ui";
import { deletePost, fileState, formValues, getDeskPost, postFormSchema, savePost, shippedImages, statusOf } from "~/features/content/desk-posts.server";
import { kindLabels, POST_KINDS, POST_LIMITS, type PostStatus, statusLabels } from "~/features/content/post-desk";
import { renderPreview } from "~/features/content/components/post-preview.server";
import { kindOf } from "~/features/content/post-file.server";
import { DESK_HEADERS, deskServices } from "~/features/staff/auth.server";
import { signedIn } from "~/features/staff/desk-guard.server";
import { RETRY_AFTER_BUSY_SECONDS } from "~/platform/api/types";
import { isPassingDbFault } from "~/platform/db/faults.server";
import { readFormDataCapped } from "~/platform/http/body.server";
import { audit } from "~/features/staff/audit.server";
import { problems } from "~/features/staff/forms.server";
import { formatWhen } from "~/features/leads/desk/labels.server";
import { listImages } from "~/features/content/media.server";
import type { Route } from "./+types/post-edit";

export const meta = ({ data }: Route.MetaArgs) => [{ title: `${data?.isNew ? "New post" : (data?.values.title ?? "Post")} · Fillway desk` }];
export const headers = () => DESK_HEADERS;

/** The editor's form is text; a body past this is refused before it is read. */
const MAX_FORM_BYTES = 1024 * 1024;

type Values = Record<string, string>;

async function imageOptions(context: Route.LoaderArgs["context"], current: string) {
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

export async function loader({ request, context, params }: Route.LoaderArgs) {
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
        articleUrl: row.article_url ?? "",
        video: row.video_url ?? "",
        publishAt: row.publish_at && statusOf(row.publish_at) === "scheduled" ? row.publish_at.slice(0, 19) : "",
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
        articleUrl: "",
        video: "",
        publishAt: "",
      };
  const status: PostStatus = row ? statusOf(row.publish_at) : "draft";
  const saved = url.searchParams.get("saved");
  return data(
    {
      isNew,
      values,
      status,
      statusLabel: statusLabels[status],
      publishAt: row?.publish_at ? formatWhen(row.publish_at) : null,
      sourceFile: row?.source_file ?? null,
      fileState: row ? fileState(row) : ("none" as const),
      missingMarkdown: row !== null && row.body_markdown === null,
      images: await imageOptions(context, values.image ?? ""),
      ...(await preview(values)),
      confirmDelete: !isNew && url.searchParams.get("confirm") === "delete",
      saved: saved !== null,
    },
    { headers: DESK_HEADERS },
  );
}

/** The preview's HTML, or why the body cannot be shown (then the HTML is empty). */
async function preview(v: Values): Promise<{ previewHtml: string; previewError: string | null }> {
  const p = await renderPreview({ title: v.title ?? "", subTitle: v.subTitle ?? "", image: v.image ?? "", video: v.video ?? "", body: v.body ?? "" });
  return { previewHtml: p.html ?? "", previewError: p.error };
}

async function refused(status: number, errors: string[], values: Values, headers: Record<string, string> = {}) {
  return data({ errors, values, ...(await preview(values)), at: Date.now() }, { status, headers: { ...DESK_HEADERS, ...headers } });
}

/** The post could not be saved (the database locked by another process, the disk full): the editor keeps every word. */
const NOT_SAVED = `The post was not saved: the database is busy or out of space. Everything you typed is still here; press the button again in ${RETRY_AFTER_BUSY_SECONDS} seconds.`;

export async function action({ request, context, params }: Route.ActionArgs) {
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
    const shown = await preview(values);
    // A body that cannot be rendered in time (or nests too deeply): 422, the message says what to change.
    const status = shown.previewError ? 422 : 200;
    return data({ errors: shown.previewError ? [shown.previewError] : null, values, ...shown, at: Date.now() }, { status, headers: DESK_HEADERS });
  }
  const parsed = postFormSchema.safeParse(values);
  if (!parsed.success) return refused(422, problems(parsed.error), values);
  let result: Awaited<ReturnType<typeof savePost>>;
  try {
    result = await savePost(db, isNew ? null : params.id, parsed.data);
  } catch (error) {
    if (!isPassingDbFault(error)) throw error;
    deskServices(context).log.warn({ err: error, post: params.id }, "post not saved: answered 503");
    context.responseHeaders?.set("Retry-After", String(RETRY_AFTER_BUSY_SECONDS));
    return refused(503, [NOT_SAVED], values, { "Retry-After": String(RETRY_AFTER_BUSY_SECONDS) });
  }
  if (!result.ok) {
    if (result.status === 404) throw data(null, { status: 404, headers: DESK_HEADERS });
    return refused(result.status, result.errors, values);
  }
  await audit(db, {
    staffId: me.id,
    action: result.created ? "post.create" : "post.save",
    subject: result.id,
    detail: { intent: parsed.data.intent, status: result.status },
  });
  return redirect(`/desk/posts/${encodeURIComponent(result.id)}?saved`, { headers: DESK_HEADERS });
}

const statusColour: Record<PostStatus, string> = { draft: "lost", scheduled: "contacted", published: "won" };

/**
 * The preview, rendered again by the server as the editor types (debounced; an answer
 * overtaken by a newer request is dropped). A plain fetch: nothing of the router's
 * fetcher machinery is added to the bundles the public pages share.
 */
function useLivePreview(initial: string, initialError: string | null, version: number) {
  const [state, setState] = useState({ html: initial, error: initialError, busy: false });
  const timer = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);
  const pending = useRef<AbortController | null>(null);
  // biome-ignore lint/correctness/useExhaustiveDependencies: a new answer from the server (version) replaces the preview
  useEffect(() => setState({ html: initial, error: initialError, busy: false }), [version]);
  useEffect(
    () => () => {
      clearTimeout(timer.current);
      pending.current?.abort();
    },
    [],
  );
  const update = (form: HTMLFormElement) => {
    clearTimeout(timer.current);
    timer.current = setTimeout(async () => {
      pending.current?.abort();
      const controller = new AbortController();
      pending.current = controller;
      setState((s) => ({ ...s, busy: true }));
      try {
        const res = await fetch("/desk/posts/preview", { method: "POST", body: new FormData(form), signal: controller.signal });
        const answer = (await res.json()) as { html: string | null; error: string | null };
        setState((s) => ({ html: answer.html ?? s.html, error: answer.error, busy: false }));
      } catch (error) {
        if ((error as Error).name === "AbortError") return;
        setState((s) => ({ ...s, error: "The preview could not be updated. It updates again as you type.", busy: false }));
      }
    }, 300);
  };
  return { ...state, update };
}

export default function PostEdit({ loaderData, actionData }: Route.ComponentProps) {
  const { isNew, status, statusLabel, publishAt, sourceFile, images, confirmDelete, saved, missingMarkdown } = loaderData;
  const state = loaderData.fileState;
  const values = actionData?.values ?? loaderData.values;
  const id = loaderData.values.id ?? "";
  const initialHtml = actionData?.previewHtml ?? loaderData.previewHtml;
  // A new answer from the server (an error, the preview without JavaScript) resets the form and the preview.
  const at = actionData?.at ?? 0;
  const preview = useLivePreview(initialHtml, actionData ? actionData.previewError : loaderData.previewError, at);

  const hint = "mt-1 text-xs text-slate-600 dark:text-slate-400";
  return (
    <div>
      <PageTitle
        actions={
          !isNew ? (
            <>
              {status === "published" ? (
                <a className={deskSecondary} href={`/blogdetail/${encodeURIComponent(id)}`} target="_blank" rel="noreferrer">
                  View on the site<span className="sr-only"> (opens in a new tab)</span>
                </a>
              ) : null}
              <a className={deskSecondary} href={`/desk/posts/${encodeURIComponent(id)}/markdown`} download>
                Download as Markdown
              </a>
            </>
          ) : null
        }
      >
        {isNew ? "New post" : loaderData.values.title}
      </PageTitle>
      <p className="mb-4 flex flex-wrap items-center gap-2 text-sm">
        <StatusBadge status={statusColour[status]} label={statusLabel} />
        {status === "scheduled" && publishAt ? <span>Goes live {publishAt}.</span> : null}
        {status === "published" && publishAt ? <span>Public since {publishAt}.</span> : null}
        {status === "draft" ? <span>Not shown anywhere on the site.</span> : null}
        {!isNew ? <span>Address: /blogdetail/{id}</span> : null}
      </p>
      {saved && !actionData ? (
        <Notice>
          Saved.{" "}
          {status === "draft" ? "It is a draft: the site does not show it." : status === "scheduled" ? `It goes live ${publishAt}.` : "It is on the site now."}
        </Notice>
      ) : null}
      {state === "differs" && sourceFile ? (
        <p className="mb-4 rounded-md border border-amber-700 bg-amber-50 p-3 text-sm text-amber-950 dark:border-amber-300 dark:bg-amber-950 dark:text-amber-100">
          <strong>File and database differ.</strong> This post came from <code>{sourceFile}</code>, and the site shows the version saved here; the file is not
          loaded over it. To keep this version in the repository, download it as Markdown and replace the file.
        </p>
      ) : null}
      {state === "missing" && sourceFile ? (
        <p className="mb-4 text-sm">
          This post came from <code>{sourceFile}</code>, which is no longer in the repository.
        </p>
      ) : null}
      {missingMarkdown ? (
        <p className="mb-4 text-sm">This post's Markdown was not kept when it was loaded; it is filled in at the next start of the server.</p>
      ) : null}
      {confirmDelete ? (
        <section aria-labelledby="delete-title" className="mb-6 rounded-md border border-red-700 bg-red-50 p-4 dark:border-red-400 dark:bg-red-950">
          <h2 id="delete-title" className="text-lg font-bold">
            Delete “{loaderData.values.title}”?
          </h2>
          <p className="mt-1 text-sm">The post and its comments are removed from the site and the database. This cannot be undone.</p>
          {sourceFile ? <p className="mt-1 text-sm">Its file {sourceFile} will not bring it back at the next start unless the file is changed.</p> : null}
          <Form method="post" className="mt-3 flex flex-wrap gap-2">
            <input type="hidden" name="intent" value="delete" />
            <input type="hidden" name="confirm" value="yes" />
            <button type="submit" className={deskDanger}>
              Yes, delete this post
            </button>
            <Link to={`/desk/posts/${encodeURIComponent(id)}`} className={deskSecondary}>
              Keep it
            </Link>
          </Form>
        </section>
      ) : null}
      <ErrorList errors={actionData?.errors} title="The post was not saved" />
      <div className="grid gap-6 xl:grid-cols-2">
        <Form
          method="post"
          onInput={(e) => preview.update(e.currentTarget)}
          onChange={(e) => preview.update(e.currentTarget)}
          key={`form-${at}`}
          aria-label={isNew ? "New post" : "Edit post"}
          className="space-y-4"
        >
          <div className="grid gap-3 sm:grid-cols-2">
            <Field id="f-kind" label="Kind">
              <select id="f-kind" name="kind" defaultValue={values.kind} className={deskInput}>
                {POST_KINDS.map((k) => (
                  <option key={k} value={k}>
                    {kindLabels[k]}
                  </option>
                ))}
              </select>
            </Field>
            {isNew ? (
              <div>
                <label htmlFor="f-id" className={deskLabel}>
                  Address (optional)
                </label>
                <input id="f-id" name="id" defaultValue={values.id} maxLength={POST_LIMITS.id} aria-describedby="f-id-hint" className={`${deskInput} mt-1`} />
                <p id="f-id-hint" className={hint}>
                  /blogdetail/… — lower-case words joined by hyphens; made from the title when empty. It never changes once saved.
                </p>
              </div>
            ) : (
              <input type="hidden" name="id" value={id} />
            )}
          </div>
          <div>
            <label htmlFor="f-title" className={deskLabel}>
              Title
            </label>
            <input
              id="f-title"
              name="title"
              required
              defaultValue={values.title}
              maxLength={POST_LIMITS.title}
              aria-describedby="f-title-hint"
              className={`${deskInput} mt-1`}
            />
            <p id="f-title-hint" className={hint}>
              At most {POST_LIMITS.title} characters.
            </p>
          </div>
          <div>
            <label htmlFor="f-sub" className={deskLabel}>
              Subtitle
            </label>
            <textarea
              id="f-sub"
              name="subTitle"
              required
              rows={2}
              defaultValue={values.subTitle}
              maxLength={POST_LIMITS.subTitle}
              aria-describedby="f-sub-hint"
              className={`${deskInput} mt-1`}
            />
            <p id="f-sub-hint" className={hint}>
              At most {POST_LIMITS.subTitle} characters; lists show the first 121.
            </p>
          </div>
          <div>
            <label htmlFor="f-body" className={deskLabel}>
              Body (Markdown)
            </label>
            <textarea
              id="f-body"
              name="body"
              required
              rows={16}
              defaultValue={values.body}
              maxLength={POST_LIMITS.body}
              aria-describedby="f-body-hint"
              className={`${deskInput} mt-1 font-mono`}
            />
            <p id="f-body-hint" className={hint}>
              At most {POST_LIMITS.body.toLocaleString("en-US")} characters. ## headings, lists, &gt; quotes, **bold**, [links](/faq), images from /media/. Raw
              HTML shows as text.
            </p>
          </div>
          <div className="grid gap-3 sm:grid-cols-2">
            <div>
              <label htmlFor="f-image" className={deskLabel}>
                Image
              </label>
              <select id="f-image" name="image" required defaultValue={values.image} aria-describedby="f-image-hint" className={`${deskInput} mt-1`}>
                <option value="">Choose an image</option>
                {images.map((o) => (
                  <option key={o.value} value={o.value}>
                    {o.label}
                  </option>
                ))}
              </select>
              <p id="f-image-hint" className={hint}>
                <Link className={deskLink} to="/desk/images">
                  Upload an image
                </Link>{" "}
                (JPEG, PNG or WebP).
              </p>
            </div>
            <Field id="f-date" label="Date (an event's date)">
              <input id="f-date" name="date" type="date" required defaultValue={values.date} className={deskInput} />
            </Field>
            <Field id="f-shown" label="Shown date (optional, instead of the date)">
              <input id="f-shown" name="publishedBy" type="date" defaultValue={values.publishedBy} className={deskInput} />
            </Field>
            <div>
              <label htmlFor="f-article" className={deskLabel}>
                Article URL (related articles)
              </label>
              <input
                id="f-article"
                name="articleUrl"
                type="url"
                defaultValue={values.articleUrl}
                maxLength={2000}
                placeholder="https://"
                className={`${deskInput} mt-1`}
              />
            </div>
            <div className="sm:col-span-2">
              <label htmlFor="f-video" className={deskLabel}>
                Video (optional)
              </label>
              <input id="f-video" name="video" type="url" defaultValue={values.video} aria-describedby="f-video-hint" className={`${deskInput} mt-1`} />
              <p id="f-video-hint" className={hint}>
                https://www.youtube-nocookie.com/embed/… or https://player.vimeo.com/video/…; shown instead of the image.
              </p>
            </div>
          </div>
          <fieldset className="rounded-md border border-slate-300 p-3 dark:border-slate-600">
            <legend className="px-1 text-sm font-semibold">Publishing</legend>
            <div className="max-w-xs">
              <label htmlFor="f-at" className={deskLabel}>
                Publish at (UTC)
              </label>
              <input
                id="f-at"
                name="publishAt"
                type="datetime-local"
                step={1}
                defaultValue={values.publishAt}
                aria-describedby="f-at-hint"
                className={`${deskInput} mt-1`}
              />
              <p id="f-at-hint" className={hint}>
                For Schedule: the post appears on the site at this time.
              </p>
            </div>
            <div className="mt-3 flex flex-wrap gap-2">
              {isNew ? (
                <button type="submit" name="intent" value="draft" className={deskSecondary}>
                  Save draft
                </button>
              ) : (
                <button type="submit" name="intent" value="save" className={deskPrimary}>
                  Save
                </button>
              )}
              <button type="submit" name="intent" value="publish" className={isNew ? deskPrimary : deskSecondary}>
                {status === "published" ? "Save and publish again now" : "Publish now"}
              </button>
              <button type="submit" name="intent" value="schedule" className={deskSecondary}>
                Schedule
              </button>
              {!isNew && status !== "draft" ? (
                <button type="submit" name="intent" value="draft" className={deskSecondary}>
                  Unpublish
                </button>
              ) : null}
              <button type="submit" name="intent" value="preview" formNoValidate className={deskSecondary}>
                Preview
              </button>
            </div>
          </fieldset>
          {!isNew ? (
            <div>
              <Link to={`/desk/posts/${encodeURIComponent(id)}?confirm=delete`} className={deskDanger}>
                Delete…
              </Link>
            </div>
          ) : null}
        </Form>
        <section aria-labelledby="preview-title" className="min-w-0 rounded-md border border-slate-300 bg-white p-4 dark:border-slate-600 dark:bg-slate-950">
          <h2 id="preview-title" className="mb-3 text-sm font-semibold text-slate-700 uppercase dark:text-slate-300">
            Preview {preview.busy ? <span className="font-normal normal-case">(updating)</span> : null}
          </h2>
          {preview.error ? <p role="alert">{preview.error}</p> : null}
          {/* HTML the server made with the public post page's components and sanitiser (post-preview.server.tsx). */}
          <div data-testid="post-preview" dangerouslySetInnerHTML={{ __html: preview.html }} />
        </section>
      </div>
    </div>
  );
}
