import { CircleCheck } from "lucide-react";
import { useEffect, useId, useRef } from "react";
import { SUCCESS_DIALOG_MS, SUCCESS_TEXT, SUCCESS_TITLE, successText } from "~/shared/forms/success";

export { SUCCESS_DIALOG_MS, SUCCESS_TEXT, SUCCESS_TITLE, successText };

export interface SuccessDialogProps {
  open: boolean;
  onClose: () => void;
  title?: string;
  text?: string;
}

/**
 * The one success message of the site (spec 8): a centred modal without buttons that
 * closes after 4 s, its text saying what the form does next (`successText`). Escape closes it too, and a status region announces it, because a
 * screen-reader user may not reach a dialog that vanishes on its own.
 */
export function SuccessDialog({ open, onClose, title = SUCCESS_TITLE, text = SUCCESS_TEXT }: SuccessDialogProps) {
  const ref = useRef<HTMLDialogElement>(null);
  const uid = useId();
  const closeRef = useRef(onClose);
  closeRef.current = onClose;

  useEffect(() => {
    const dialog = ref.current;
    if (!dialog) return;
    if (!open) {
      if (dialog.open) dialog.close();
      return;
    }
    if (!dialog.open) dialog.showModal();
    const timer = window.setTimeout(() => closeRef.current(), SUCCESS_DIALOG_MS);
    return () => window.clearTimeout(timer);
  }, [open]);

  return (
    <>
      <dialog
        ref={ref}
        aria-labelledby={`${uid}-title`}
        aria-describedby={`${uid}-text`}
        onClose={() => closeRef.current()}
        className="fixed inset-0 m-auto w-[min(28rem,calc(100vw-2rem))] rounded-2xl bg-white p-8 text-center text-slate-800 shadow-2xl outline-none backdrop:bg-slate-950/60 dark:bg-slate-900 dark:text-slate-200 dark:ring-1 dark:ring-slate-700"
      >
        <CircleCheck aria-hidden="true" className="mx-auto size-12 text-brand-600 dark:text-brand-300" />
        <h2 id={`${uid}-title`} className="mt-4 text-2xl font-extrabold">
          {title}
        </h2>
        <p id={`${uid}-text`} className="mt-3 text-base">
          {text}
        </p>
      </dialog>
      <div role="status" aria-live="polite" className="sr-only">
        {open ? `${title} ${text}` : ""}
      </div>
    </>
  );
}
