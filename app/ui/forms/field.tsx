import { CircleAlert, CircleCheck, LoaderCircle } from "lucide-react";
import { type InputHTMLAttributes, lazy, type ReactNode, type SelectHTMLAttributes, Suspense, type TextareaHTMLAttributes, useEffect, useState } from "react";
import { HONEYPOT_FIELD } from "~/shared/forms/form-spec";
import { FORM_ID_FIELD, FORM_KIND_FIELD } from "~/shared/forms/protocol";
import type { FieldControl, FormController } from "~/ui/forms/use-form";
import { SUCCESS_TITLE, SuccessDialog, successText } from "./success-dialog";

const control =
  "block w-full min-h-11 rounded-lg border bg-white px-3.5 py-2.5 text-base text-slate-900 shadow-xs placeholder:text-slate-500 focus-visible:border-brand-600 dark:bg-slate-900 dark:text-white dark:placeholder:text-slate-400";
const borderFor = (error?: string) => (error ? "border-red-600 dark:border-red-400" : "border-slate-400 dark:border-slate-500");

export function inputClass(error?: string) {
  return `${control} ${borderFor(error)}`;
}

export interface FieldShellProps {
  control: FieldControl;
  label: ReactNode;
  /** Shows "(optional)" after the label; fields are required unless marked. */
  optional?: boolean;
  hint?: ReactNode;
  /** Grid placement, e.g. "sm:col-span-2". */
  className?: string;
  children: ReactNode;
}

/** Label, control, hint and error text of one field. */
export function FieldShell({ control: c, label, optional, hint, className = "", children }: FieldShellProps) {
  return (
    <div className={className}>
      <label htmlFor={c.id} className="block text-sm font-semibold text-slate-900 dark:text-slate-100">
        {label}
        {optional && <span className="font-normal text-slate-600 dark:text-slate-400"> (optional)</span>}
      </label>
      <div className="mt-1.5">{children}</div>
      {hint && (
        <p id={`${c.id}-hint`} className="mt-1.5 text-sm text-slate-600 dark:text-slate-400">
          {hint}
        </p>
      )}
      <FieldError id={c.errorId} error={c.error} />
    </div>
  );
}

export function FieldError({ id, error }: { id: string; error?: string }) {
  if (!error) return null;
  return (
    <p id={id} className="mt-1.5 flex items-start gap-1.5 text-sm font-medium text-red-700 dark:text-red-300">
      <CircleAlert aria-hidden="true" className="mt-0.5 size-4 shrink-0" />
      <span>{error}</span>
    </p>
  );
}

/** aria-invalid and aria-describedby for a control. */
export function ariaFor(c: FieldControl, hint?: boolean) {
  const describedBy = [hint ? `${c.id}-hint` : "", c.error ? c.errorId : ""].filter(Boolean).join(" ");
  return { "aria-invalid": c.error ? true : undefined, "aria-describedby": describedBy || undefined };
}

type Common = Omit<FieldShellProps, "children">;

/**
 * A digits-only field (phone, ZIP): whatever is typed or pasted keeps only its digits,
 * and the cap applies to the digits, so "(214) 555-0199" becomes "2145550199". The
 * input's own maxLength leaves room for the formatting a paste brings (the browser would
 * otherwise cut the text before the digits are kept).
 */
export function keepDigits(c: FieldControl, max: number): { control: FieldControl; maxLength: number } {
  return {
    control: {
      ...c,
      onChange: (e) => {
        const el = e.target;
        const digits = el.value.replace(/\D+/g, "").slice(0, max);
        if (digits !== el.value) el.value = digits;
        c.onChange(e);
      },
    },
    maxLength: max * 2 + 6,
  };
}

export type DigitsProp = {
  /** Keep only digits, at most this many (see keepDigits). */
  digits?: number;
};

export function TextInput({
  control,
  label,
  optional,
  hint,
  className,
  digits,
  ...rest
}: Common & DigitsProp & Omit<InputHTMLAttributes<HTMLInputElement>, "id" | "name" | "value" | "onChange" | "onBlur" | "className">) {
  const only = digits ? keepDigits(control, digits) : undefined;
  const c = only?.control ?? control;
  return (
    <FieldShell control={c} label={label} optional={optional} hint={hint} className={className}>
      <input
        id={c.id}
        name={c.name}
        value={c.value}
        onChange={c.onChange}
        onBlur={c.onBlur}
        aria-required={optional ? undefined : true}
        {...ariaFor(c, Boolean(hint))}
        className={inputClass(c.error)}
        // An explicit type: autocomplete tokens belong to text controls, and checkers
        // (HTML_CodeSniffer) do not count an input without one as a text control.
        type="text"
        {...rest}
        {...(only ? { maxLength: only.maxLength } : {})}
      />
    </FieldShell>
  );
}

export interface Option {
  value: string;
  label: string;
}

export function Select({
  control: c,
  label,
  optional,
  hint,
  className,
  options,
  placeholder = "Choose…",
  ...rest
}: Common & { options: readonly Option[]; placeholder?: string } & Omit<
    SelectHTMLAttributes<HTMLSelectElement>,
    "id" | "name" | "value" | "onChange" | "onBlur" | "className"
  >) {
  return (
    <FieldShell control={c} label={label} optional={optional} hint={hint} className={className}>
      <select
        id={c.id}
        name={c.name}
        value={c.value}
        onChange={c.onChange}
        onBlur={c.onBlur}
        aria-required={optional ? undefined : true}
        {...ariaFor(c, Boolean(hint))}
        className={`${inputClass(c.error)} pr-9`}
        {...rest}
      >
        <option value="">{placeholder}</option>
        {options.map((o) => (
          <option key={o.value} value={o.value}>
            {o.label}
          </option>
        ))}
      </select>
    </FieldShell>
  );
}

export function Textarea({
  control: c,
  label,
  optional,
  hint,
  className,
  ...rest
}: Common & Omit<TextareaHTMLAttributes<HTMLTextAreaElement>, "id" | "name" | "value" | "onChange" | "onBlur" | "className">) {
  return (
    <FieldShell control={c} label={label} optional={optional} hint={hint} className={className}>
      <textarea
        id={c.id}
        name={c.name}
        value={c.value}
        onChange={c.onChange}
        onBlur={c.onBlur}
        rows={4}
        aria-required={optional ? undefined : true}
        {...ariaFor(c, Boolean(hint))}
        className={inputClass(c.error)}
        {...rest}
      />
    </FieldShell>
  );
}

/** The note after an accepted submission comes with its own code, fetched while the form is being sent. */
const loadNote = () => import("./accepted-note");
const AcceptedNote = lazy(() => loadNote().then((m) => ({ default: m.AcceptedNote })));

export interface FormShellProps {
  form: FormController;
  children: ReactNode;
  submitLabel?: string;
  /** Accessible name of the form (e.g. the heading's id). */
  labelledBy?: string;
  label?: string;
  className?: string;
  /** "grid": fields in two columns, button below. "inline": one field with the button beside it. */
  layout?: "grid" | "inline";
  /** Show a lasting note in the form's place after an accepted submission (default true). */
  lastingNote?: boolean;
  /**
   * The contact consent line under the button (every lead form passes `ConsentLine`, from
   * ./consent-line): its own module, so a page without a lead form never loads its words.
   */
  consent?: (props: { form: FormController }) => ReactNode;
}

/**
 * The page action's refusal, first in the form: a plain post (JavaScript off, or the form's
 * code not fetched yet) lands here (the form's action ends in `#answerId`), and the browser
 * focuses it, so the message and every field to correct are read first. Each error links
 * to its field.
 */
function PageAnswer({ form, answer }: { form: FormController; answer: NonNullable<FormController["pageAnswer"]> }) {
  const fields = Object.keys(form.spec.initial).filter((name) => answer.errors[name]?.length);
  return (
    <div
      id={form.answerId}
      data-form-answer=""
      tabIndex={-1}
      role="alert"
      className="mb-6 scroll-mt-4 rounded-xl border border-red-600 bg-red-50 p-4 text-sm text-red-800 outline-offset-4 dark:border-red-400 dark:bg-red-950/60 dark:text-red-200"
    >
      <p className="flex items-start gap-2 font-medium">
        <CircleAlert aria-hidden="true" className="mt-0.5 size-5 shrink-0" />
        <span>{answer.message}</span>
      </p>
      {fields.length > 0 && (
        <ul className="mt-2 list-disc space-y-1 pl-11">
          {fields.map((name) => (
            <li key={name}>
              <a className="underline underline-offset-2" href={`#${form.id}-${name}`}>
                {answer.errors[name]?.[0]}
              </a>
            </li>
          ))}
        </ul>
      )}
    </div>
  );
}

/**
 * The <form> element every site form uses: a real POST to the page (handled by the page
 * action when JavaScript is off), the hidden identification fields, the honeypot, the
 * form-level error, the submit button and the success dialog.
 */
export function FormShell({
  form,
  children,
  submitLabel = "Submit",
  labelledBy,
  label,
  className = "",
  layout = "grid",
  lastingNote = true,
  consent: Consent,
}: FormShellProps) {
  const submitting = form.status === "submitting";
  // Marks the form once its script runs: until then a submit is a plain page POST.
  const [ready, setReady] = useState(false);
  useEffect(() => setReady(true), []);
  useEffect(() => {
    if (submitting && lastingNote) loadNote().catch(() => {});
  }, [submitting, lastingNote]);
  if (lastingNote && form.accepted && !form.dialogOpen) {
    return (
      <Suspense>
        <AcceptedNote kind={form.spec.kind} reference={form.accepted.reference} summary={form.accepted.summary} formId={form.id} onAnother={form.sendAnother} />
      </Suspense>
    );
  }
  const button = (
    <button type="submit" className="btn-primary w-full sm:w-auto sm:min-w-40" disabled={submitting} aria-describedby={Consent && `${form.id}-consent`}>
      {submitting && <LoaderCircle aria-hidden="true" className="size-4 animate-spin motion-reduce:animate-none" />}
      {submitting ? "Sending…" : submitLabel}
    </button>
  );
  return (
    <>
      <form {...form.formProps} data-ready={ready || undefined} aria-labelledby={labelledBy} aria-label={labelledBy ? undefined : label} className={className}>
        <input type="hidden" name={FORM_KIND_FIELD} value={form.spec.kind} />
        <input type="hidden" name={FORM_ID_FIELD} value={form.id} />
        {Object.entries(form.fixed).map(([name, value]) => (
          <input key={name} type="hidden" name={name} value={value} />
        ))}
        <div aria-hidden="true" className="pointer-events-none absolute -left-[10000px] h-px w-px overflow-hidden">
          <label>
            Leave this field empty
            <input ref={form.honeypotRef} type="text" name={HONEYPOT_FIELD} tabIndex={-1} autoComplete="off" defaultValue="" />
          </label>
        </div>
        {form.acceptedWithoutScript && (
          <div
            id={form.answerId}
            data-form-answer=""
            tabIndex={-1}
            role="status"
            className="mb-6 flex scroll-mt-4 outline-offset-4 items-start gap-3 rounded-xl border border-brand-600 bg-brand-50 p-4 text-brand-900 dark:border-brand-400 dark:bg-brand-950 dark:text-brand-100"
          >
            <CircleCheck aria-hidden="true" className="mt-0.5 size-5 shrink-0" />
            <p>
              <strong className="font-bold">{SUCCESS_TITLE}</strong> {successText(form.spec.kind)}
            </p>
          </div>
        )}
        {form.pageAnswer && <PageAnswer form={form} answer={form.pageAnswer} />}
        {layout === "inline" ? (
          <div className="flex flex-col gap-3 sm:flex-row sm:items-start">
            <div className="min-w-0 flex-1">{children}</div>
            {/* Level with the input: below the label (line height plus its margin). */}
            <div className="sm:pt-[1.625rem]">{button}</div>
          </div>
        ) : (
          <div className="grid gap-5 sm:grid-cols-2">{children}</div>
        )}
        <div role="alert">
          {form.message && !form.pageAnswer && (
            <p className="mt-6 flex items-start gap-2 rounded-xl border border-red-600 bg-red-50 p-4 text-sm font-medium text-red-800 dark:border-red-400 dark:bg-red-950/60 dark:text-red-200">
              <CircleAlert aria-hidden="true" className="mt-0.5 size-5 shrink-0" />
              <span>{form.message}</span>
            </p>
          )}
        </div>
        {layout === "grid" && <div className="mt-6">{button}</div>}
        {Consent && <Consent form={form} />}
      </form>
      <SuccessDialog open={form.dialogOpen} onClose={form.closeDialog} text={successText(form.spec.kind, form.accepted?.held)} />
    </>
  );
}
