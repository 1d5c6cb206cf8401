import { Link } from "react-router";
import type { PostStatus } from "~/features/content/post-desk";
import { deskDanger, deskInput, deskLabel, deskPrimary, deskSecondary } from "~/ui/desk/ui";

const hint = "mt-1 text-xs text-slate-600 dark:text-slate-400";

/** When the post goes live, the buttons that save it, and the way to delete it. */
export function Publishing({ isNew, status, id, publishAt }: { isNew: boolean; status: PostStatus; id: string; publishAt: string | undefined }) {
  return (
    <>
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
            defaultValue={publishAt}
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
    </>
  );
}
