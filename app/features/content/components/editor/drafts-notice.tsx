import type { useDrafts } from "./use-drafts";
import { formatInZone } from "~/shared/zoned-time";
import { deskPrimary, deskSecondary } from "~/ui/desk/ui";

const box = "mb-4 rounded-md border p-3 text-sm";

/** "Restored your unsaved changes from …" with Discard, the autosave state, and the leave warning. */
export function DraftsNotice({
  drafts: { restored, state, blocker, leave, discard },
  zone,
}: {
  /** The editor's kept changes (use-drafts.ts). */
  drafts: Pick<ReturnType<typeof useDrafts>, "restored" | "state" | "blocker" | "leave" | "discard">;
  zone: string | null;
}) {
  const when = (iso: string) => formatInZone(iso, zone ?? Intl.DateTimeFormat().resolvedOptions().timeZone ?? "UTC");
  return (
    <>
      {restored ? (
        <div role="status" className={`${box} border-brand-700 bg-brand-50 text-brand-900 dark:bg-brand-950 dark:text-brand-100`}>
          Restored your unsaved changes from {when(restored)}.{" "}
          <button type="button" className="font-semibold underline" onClick={discard}>
            Discard them
          </button>
        </div>
      ) : null}
      <p aria-live="polite" className="mb-2 text-xs text-slate-600 dark:text-slate-400">
        {state === "saving"
          ? "Keeping your changes…"
          : state === "saved"
            ? "Changes kept (not published)."
            : state === "offline"
              ? "Offline: changes kept in this browser."
              : ""}
      </p>
      {blocker.state === "blocked" ? (
        <div
          role="alertdialog"
          aria-label="Unsaved changes"
          className={`${box} border-amber-700 bg-amber-50 text-amber-950 dark:bg-amber-950 dark:text-amber-100`}
        >
          <p className="font-semibold">This post has unsaved changes.</p>
          <p className="mt-1">They are kept and will be restored when you come back to this editor, but they are not saved in the post.</p>
          <div className="mt-2 flex gap-2">
            <button type="button" className={deskPrimary} onClick={() => blocker.reset()}>
              Stay here
            </button>
            <button type="button" className={deskSecondary} onClick={leave}>
              Leave
            </button>
          </div>
        </div>
      ) : null}
    </>
  );
}
