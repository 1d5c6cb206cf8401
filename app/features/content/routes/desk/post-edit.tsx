import { useRef } from "react";
import { Form } from "react-router";
import { DraftsNotice } from "~/features/content/components/editor/drafts-notice";
import { useDrafts } from "~/features/content/components/editor/use-drafts";
import { DeleteConfirmation } from "~/features/content/components/editor/delete-confirmation";
import { PostFields } from "~/features/content/components/editor/post-fields";
import { PostStatusLine } from "~/features/content/components/editor/post-status";
import { PreviewPane } from "~/features/content/components/editor/preview-pane";
import { Publishing } from "~/features/content/components/editor/publishing";
import { useLivePreview } from "~/features/content/components/editor/use-live-preview";
import { renderPreview } from "~/features/content/components/post-preview.server";
import { loadPostEditor, postEditorAction } from "~/features/content/post-editor.server";
import { DESK_HEADERS } from "~/features/staff/auth.server";
import { deskSecondary, ErrorList, PageTitle } from "~/ui/desk/ui";
import type { Route } from "./+types/post-edit";

export const meta = ({ data }: Route.MetaArgs) => [{ title: `${data?.isNew ? "New post" : (data?.values.title ?? "Post")} · Fillway desk` }];
export const headers = () => DESK_HEADERS;

export const loader = (args: Route.LoaderArgs) => loadPostEditor(args, renderPreview);
export const action = (args: Route.ActionArgs) => postEditorAction(args, renderPreview);

export default function PostEdit({ loaderData, actionData }: Route.ComponentProps) {
  const { isNew, status, publishAt, sourceFile, images, confirmDelete } = loaderData;
  const values = actionData?.values ?? loaderData.values;
  const id = loaderData.values.id ?? "";
  const initialHtml = actionData?.previewHtml ?? loaderData.previewHtml;
  // A new answer from the server (an error, the preview without JavaScript) resets the form and the preview.
  const at = actionData?.at ?? 0;
  const preview = useLivePreview(initialHtml, actionData ? actionData.previewError : loaderData.previewError, at);
  const form = useRef<HTMLFormElement>(null);
  const drafts = useDrafts(form, isNew ? "new" : id, loaderData.autosave, {
    saved: loaderData.saved && !actionData,
    updatedAt: loaderData.updatedAt,
    onRestore: () => form.current && preview.update(form.current),
  });
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
              {loaderData.previewLink ? (
                <a className={deskSecondary} href={`/desk/preview/${loaderData.previewLink.token}`} target="_blank" rel="noreferrer">
                  Preview link (for 7 days)<span className="sr-only"> (opens in a new tab)</span>
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
      <PostStatusLine
        isNew={isNew}
        id={id}
        status={status}
        statusLabel={loaderData.statusLabel}
        publishAt={publishAt}
        saved={loaderData.saved && !actionData}
        fileState={loaderData.fileState}
        sourceFile={sourceFile}
        missingMarkdown={loaderData.missingMarkdown}
      />
      {confirmDelete ? <DeleteConfirmation id={id} title={loaderData.values.title ?? ""} sourceFile={sourceFile} /> : null}
      <DraftsNotice drafts={drafts} zone={loaderData.staffZone} />
      {actionData?.pastTime ? null : <ErrorList errors={actionData?.errors} title="The post was not saved" />}
      <div className="grid gap-6 xl:grid-cols-2">
        <Form
          method="post"
          ref={form}
          onInput={(e) => {
            preview.update(e.currentTarget);
            drafts.changed();
          }}
          onChange={(e) => {
            preview.update(e.currentTarget);
            drafts.changed();
          }}
          onSubmit={drafts.submitted}
          key={`form-${at}`}
          aria-label={isNew ? "New post" : "Edit post"}
          className="space-y-4"
        >
          <PostFields values={values} isNew={isNew} id={id} images={images} />
          <Publishing
            isNew={isNew}
            status={status}
            id={id}
            publishAt={values.publishAt}
            typedZone={values.timeZone}
            publishAtIso={loaderData.values.publishAtIso}
            staffZone={loaderData.staffZone}
            pastTime={actionData?.pastTime ?? null}
          />
        </Form>
        <PreviewPane html={preview.html} error={preview.error} busy={preview.busy} />
      </div>
    </div>
  );
}
