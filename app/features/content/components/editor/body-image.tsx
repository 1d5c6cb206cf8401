import { useId, useState } from "react";
import { deskInput, deskLabel, deskSecondary } from "~/ui/desk/ui";
import { imageMarkdown, insertAtCursor, uploadImage } from "./image-upload";

/**
 * "Insert image" for the body: choose a file and write its alt text; it is uploaded and
 * `![alt](address)` goes in at the cursor. The alt text is required.
 */
export function BodyImage({ bodyId }: { bodyId: string }) {
  const id = useId();
  const [open, setOpen] = useState(false);
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  if (!open) {
    return (
      <button type="button" className={`${deskSecondary} mt-2`} onClick={() => setOpen(true)}>
        Insert image
      </button>
    );
  }
  const insert = async (box: HTMLElement) => {
    const file = box.querySelector<HTMLInputElement>("input[type=file]")?.files?.[0];
    const alt = box.querySelector<HTMLInputElement>("input[type=text]")?.value.trim() ?? "";
    if (!file) return setError("Choose an image file to insert.");
    if (!alt) return setError("Describe the image (its alt text) for people who cannot see it.");
    setBusy(true);
    setError(null);
    const up = await uploadImage(file);
    setBusy(false);
    if ("error" in up) return setError(up.error);
    const area = document.getElementById(bodyId);
    if (area instanceof HTMLTextAreaElement) insertAtCursor(area, imageMarkdown(alt, up.inline));
    setOpen(false);
  };
  return (
    <fieldset className="mt-2 space-y-2 rounded-md border border-slate-300 p-3 dark:border-slate-600" aria-label="Insert image">
      <div>
        <label htmlFor={`${id}-file`} className={deskLabel}>
          Image file (JPEG, PNG or WebP)
        </label>
        <input id={`${id}-file`} type="file" accept="image/jpeg,image/png,image/webp" className={`${deskInput} mt-1`} />
      </div>
      <div>
        <label htmlFor={`${id}-alt`} className={deskLabel}>
          Alt text (what the image shows)
        </label>
        <input id={`${id}-alt`} type="text" maxLength={200} className={`${deskInput} mt-1`} />
      </div>
      {error ? (
        <p role="alert" className="text-sm text-red-800 dark:text-red-300">
          {error}
        </p>
      ) : null}
      <div className="flex gap-2">
        <button type="button" className={deskSecondary} disabled={busy} onClick={(e) => insert(e.currentTarget.closest("fieldset") as HTMLElement)}>
          {busy ? "Uploading…" : "Upload and insert"}
        </button>
        <button type="button" className={deskSecondary} onClick={() => setOpen(false)}>
          Cancel
        </button>
      </div>
    </fieldset>
  );
}
