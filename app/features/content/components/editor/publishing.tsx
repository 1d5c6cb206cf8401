import { useEffect, useState } from "react";
import { Link } from "react-router";
import { utcToLocalInput } from "~/shared/zoned-input";
import type { PostStatus } from "~/features/content/post-desk";
import { deskDanger, deskInput, deskLabel, deskPrimary, deskSecondary } from "~/ui/desk/ui";

const hint = "mt-1 text-xs text-slate-600 dark:text-slate-400";

/** When the post goes live, the buttons that save it, and the way to delete it. */
interface Props {
  isNew: boolean;
  status: PostStatus;
  id: string;
  /** As typed (after an answer from the server), in `typedZone`. */
  publishAt: string | undefined;
  typedZone: string | undefined;
  /** The stored time (UTC), shown in the editor's zone. */
  publishAtIso: string | undefined;
  /** staff.time_zone; null for the browser's own zone. */
  staffZone: string | null;
  /** The publish time asked for has passed: "Publish now?" (its time as shown). */
  pastTime: string | null;
}

/** The editor's zone: the member of staff's, else the browser's (UTC until the page runs in the browser). */
function useEditorZone(staffZone: string | null): string {
  const [zone, setZone] = useState(staffZone ?? "UTC");
  useEffect(() => {
    if (!staffZone) setZone(Intl.DateTimeFormat().resolvedOptions().timeZone || "UTC");
  }, [staffZone]);
  return zone;
}

/** When the post goes live, the buttons that save it, and the way to delete it. */
export function Publishing({ isNew, status, id, publishAt, typedZone, publishAtIso, staffZone, pastTime }: Props) {
  const editorZone = useEditorZone(staffZone);
  // What was typed stays in the zone it was typed in; a stored time is shown in the editor's.
  const zone = publishAt && typedZone ? typedZone : editorZone;
  const shown = publishAt || (publishAtIso ? utcToLocalInput(publishAtIso, zone) : "");
  return (
    <>
      <fieldset className="rounded-md border border-slate-300 p-3 dark:border-slate-600">
        <legend className="px-1 text-sm font-semibold">Publishing</legend>
        {pastTime ? (
          <div role="alert" className="mb-3 rounded-md border border-amber-700 bg-amber-50 p-3 text-sm text-amber-950 dark:bg-amber-950 dark:text-amber-100">
            <p className="font-semibold">{pastTime} has already passed. Publish now?</p>
            <div className="mt-2 flex flex-wrap gap-2">
              <button type="submit" name="intent" value="publish" className={deskPrimary}>
                Publish now
              </button>
              <span className="self-center">or choose a later time below and press Schedule.</span>
            </div>
          </div>
        ) : null}
        <input type="hidden" name="timeZone" value={zone} />
        <div className="max-w-xs">
          <label htmlFor="f-at" className={deskLabel}>
            Publish at ({zone.replace(/_/g, " ")})
          </label>
          <input
            key={zone}
            id="f-at"
            name="publishAt"
            type="datetime-local"
            step={1}
            defaultValue={shown}
            aria-describedby="f-at-hint"
            className={`${deskInput} mt-1`}
          />
          <p id="f-at-hint" className={hint}>
            For Schedule: the post appears on the site at this time, in your time zone (set in Your account).
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
