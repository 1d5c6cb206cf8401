import { useState } from "react";
import { deskInput } from "~/ui/desk/ui";
import { uploadImage } from "./image-upload";

/** Uploads a banner from the editor and chooses it in the Image list. */
export function BannerUpload({ selectId }: { selectId: string }) {
  const [state, setState] = useState<{ busy: boolean; message: string | null; error: boolean }>({ busy: false, message: null, error: false });
  const upload = async (input: HTMLInputElement) => {
    const file = input.files?.[0];
    if (!file) return;
    setState({ busy: true, message: "Uploading…", error: false });
    const up = await uploadImage(file);
    input.value = "";
    if ("error" in up) return setState({ busy: false, message: up.error, error: true });
    const select = document.getElementById(selectId);
    if (select instanceof HTMLSelectElement) {
      if (![...select.options].some((o) => o.value === up.banner)) select.add(new Option(`${file.name} (uploaded now)`, up.banner), 1);
      select.value = up.banner;
      select.dispatchEvent(new Event("change", { bubbles: true }));
    }
    setState({ busy: false, message: `Uploaded ${file.name} and chosen as the image.`, error: false });
  };
  return (
    <div className="mt-2">
      <label htmlFor={`${selectId}-upload`} className="text-xs text-slate-700 dark:text-slate-300">
        Or upload a new image (JPEG, PNG or WebP)
      </label>
      <input
        id={`${selectId}-upload`}
        type="file"
        accept="image/jpeg,image/png,image/webp"
        disabled={state.busy}
        onChange={(e) => upload(e.currentTarget)}
        className={`${deskInput} mt-1`}
      />
      {state.message ? (
        <p
          role={state.error ? "alert" : "status"}
          className={`mt-1 text-xs ${state.error ? "text-red-800 dark:text-red-300" : "text-slate-700 dark:text-slate-300"}`}
        >
          {state.message}
        </p>
      ) : null}
    </div>
  );
}
