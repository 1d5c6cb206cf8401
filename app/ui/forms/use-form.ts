import { type ChangeEvent, type FocusEvent, type FormEvent, useCallback, useEffect, useMemo, useRef, useState } from "react";
import { useActionData, useFormAction } from "react-router";
import { firstTouch } from "~/shared/forms/first-touch";
import { canonicalPath } from "~/copy/nav";
import { apiUrl, newSubmissionId } from "~/shared/forms/api";
import type { $ZodType } from "zod/v4/core";
import { type FieldErrors, type FormSpec, HONEYPOT_FIELD, resolveSchema, schemaIfLoaded, type Values, validateWith } from "~/shared/forms/form-spec";
import { isFormActionData, replyWords } from "~/shared/forms/protocol";
import { type SentItem, sentSummary, submissionReference } from "~/shared/forms/success";
import { emitFormEvent } from "./form-events";

export interface FieldControl {
  id: string;
  name: string;
  value: string;
  onChange: (e: ChangeEvent<HTMLInputElement | HTMLSelectElement | HTMLTextAreaElement>) => void;
  onBlur: (e?: FocusEvent) => void;
  /** The message to show now (only once the field was touched or the form submitted). */
  error?: string;
  /** id of the element holding the error, for aria-describedby. */
  errorId: string;
}

export interface FormController {
  id: string;
  spec: FormSpec;
  values: Values;
  /** Hidden values that belong to the form but are not inputs (e.g. the form type). */
  fixed: Values;
  field(name: string): FieldControl;
  error(name: string): string | undefined;
  setValue(name: string, value: string): void;
  /** Sets several values at once (e.g. a chosen city fills city, ZIP and state). */
  setValues(patch: Values): void;
  touch(name: string): void;
  status: "idle" | "submitting" | "error";
  /** The form-level message after a failed submission. */
  message: string | null;
  /** True while the success dialog is showing. */
  dialogOpen: boolean;
  closeDialog(): void;
  /** The last submission the server accepted, with the reference the visitor can quote; `held`: a comment waiting for review. */
  accepted: { reference: string | null; summary: SentItem[]; held?: boolean } | null;
  /** Back to an empty form after an accepted submission. */
  sendAnother(): void;
  /** The page re-rendered after a no-JavaScript submission that was stored. */
  acceptedWithoutScript: boolean;
  /**
   * The page action's refusal of a submission sent without the form's code (JavaScript
   * off, or not fetched yet): its message and errors, shown first in the form until the
   * next submit.
   */
  pageAnswer: { message: string; errors: FieldErrors } | null;
  /** id of the element the page's answer is shown in; the form posts to the page at it (`#…`). */
  answerId: string;
  honeypotRef: React.RefObject<HTMLInputElement | null>;
  /** Sent beside the fields and the meta fields: what a part of the form adds (the consent line's version and time, ConsentLine). */
  extra: React.RefObject<Record<string, unknown>>;
  formProps: {
    id: string;
    method: "post";
    action: string;
    noValidate: true;
    onSubmit: (e: FormEvent<HTMLFormElement>) => void;
    /** Loads the validation code when the visitor first enters the form. */
    onFocus: (e: React.FocusEvent<HTMLFormElement>) => void;
    "aria-busy": boolean;
  };
}

export interface UseFormOptions {
  /** Unique on the page; also prefixes every input id. */
  id: string;
  spec: FormSpec;
  fixed?: Values;
  /** Called after the server accepted the submission, with its JSON answer. */
  onSuccess?: (body: unknown) => void;
  /** Add submissionId, pagePath and the honeypot to the JSON (default true). */
  sendMeta?: boolean;
}

/** id of the element holding the page action's answer to the form `formId`. */
export const answerIdOf = (formId: string) => `${formId}-answer`;

/**
 * The one form hook of the site: values, touched-only errors from the shared zod
 * schema, submission to the JSON API with a retry-safe submission id, the success
 * dialog, and the state the page action returns when JavaScript is off.
 */
export function useForm({ id, spec, fixed = {}, onSuccess, sendMeta = true }: UseFormOptions): FormController {
  const actionData = useActionData() as unknown;
  const mine = isFormActionData(actionData) && actionData.formId === id ? actionData : undefined;
  const failedAction = mine && !mine.ok ? mine : undefined;
  const action = useFormAction();

  const fresh = useCallback(() => ({ ...spec.initial, ...fixed }), [spec, fixed]);
  const [values, setAll] = useState<Values>(() => ({ ...spec.initial, ...(failedAction?.values ?? {}), ...fixed }));
  const [touched, setTouched] = useState<Record<string, boolean>>({});
  const [submitted, setSubmitted] = useState(Boolean(failedAction));
  const [serverErrors, setServerErrors] = useState<FieldErrors>(failedAction?.errors ?? {});
  const [status, setStatus] = useState<FormController["status"]>(failedAction ? "error" : "idle");
  const [message, setMessage] = useState<string | null>(failedAction ? (failedAction.message ?? replyWords.invalid) : null);
  const [dialogOpen, setDialogOpen] = useState(false);
  const [accepted, setAccepted] = useState<FormController["accepted"]>(null);
  // The page action's answer stays until the visitor sends again.
  const [pageAnswered, setPageAnswered] = useState(Boolean(mine));
  const submissionId = useRef<string | null>(null);
  const honeypotRef = useRef<HTMLInputElement | null>(null);
  const extra = useRef<Record<string, unknown>>({});

  // The schema comes with the first focus on the form (see FormSpec.schema); until then
  // nothing has been touched, so there is nothing to show.
  const [schema, setSchema] = useState<$ZodType | undefined>(() => schemaIfLoaded(spec));
  const loadSchema = useCallback(async () => {
    const s = await resolveSchema(spec);
    setSchema(() => s);
    return s;
  }, [spec]);

  const clientErrors = useMemo(() => {
    if (!schema) return {};
    const r = validateWith(schema, spec, values);
    return r.ok ? {} : r.errors;
  }, [schema, spec, values]);

  const error = (name: string) => {
    if (!touched[name] && !submitted) return undefined;
    return clientErrors[name]?.[0] ?? serverErrors[name]?.[0];
  };

  // Stable across renders, so effects may depend on them.
  const setValues = useCallback((patch: Values) => {
    setAll((v) => ({ ...v, ...patch }));
    setServerErrors((e) => {
      const next = { ...e };
      for (const k of Object.keys(patch)) delete next[k];
      return next;
    });
  }, []);
  const setValue = useCallback((name: string, value: string) => setValues({ [name]: value }), [setValues]);
  const touch = useCallback((name: string) => setTouched((t) => (t[name] ? t : { ...t, [name]: true })), []);

  // A visitor may type before the form hydrates (it hydrates as it comes into view): the
  // server-rendered inputs then hold text this state has not seen, so it is taken over.
  // biome-ignore lint/correctness/useExhaustiveDependencies: once, when the form mounts
  useEffect(() => {
    const typed: Values = {};
    // Fields the visitor left before this code ran (noted by the paint-first script): they
    // count as touched, so their messages show as soon as the schema is here.
    const left = (document as Document & { fwBlurred?: Record<string, string> }).fwBlurred ?? {};
    const leftNow: Record<string, boolean> = {};
    for (const name of Object.keys(spec.initial)) {
      const el = document.getElementById(`${id}-${name}`) as HTMLInputElement | null;
      if (el && "value" in el && el.value && el.value !== (values[name] ?? "")) typed[name] = el.value;
      const key = `${id}-${name}`;
      if (el && Object.hasOwn(left, key)) {
        if (left[key] === el.value && el !== document.activeElement) leftNow[name] = true;
        delete left[key];
      }
    }
    if (Object.keys(typed).length) setValues(typed);
    if (Object.keys(leftNow).length) {
      setTouched((t) => ({ ...t, ...leftNow }));
      loadSchema().catch(() => {});
    }
  }, []);

  // Seen once its top is in view above the bottom fifth of the window (a form may be taller than the window); started at the first change (form-events.ts).
  const started = useRef(false);
  const focused = useRef("");
  useEffect(() => {
    const el = document.getElementById(id);
    if (!el || typeof IntersectionObserver === "undefined") return;
    const seen = new IntersectionObserver(
      (entries) => {
        if (!entries.some((x) => x.isIntersecting)) return;
        seen.disconnect();
        emitFormEvent({ form: spec.kind, step: "seen" });
      },
      { rootMargin: "0px 0px -20% 0px" },
    );
    seen.observe(el);
    return () => seen.disconnect();
  }, [id, spec.kind]);

  const field = (name: string): FieldControl => ({
    id: `${id}-${name}`,
    name,
    value: values[name] ?? "",
    onChange: (e) => {
      if (!started.current) emitFormEvent({ form: spec.kind, step: "started" });
      started.current = true;
      setValue(name, e.target.value);
    },
    // Leaving a field for the form's own submit button shows nothing yet: a message appearing
    // on blur would move the button from under the pointer between press and release, and
    // the click would be lost. The submit shows every message at once.
    onBlur: (e) => {
      const to = e?.relatedTarget;
      if (to instanceof HTMLButtonElement && to.type === "submit" && to.form !== null && to.form === (e?.target as HTMLInputElement | null)?.form) return;
      touch(name);
    },
    error: error(name),
    errorId: `${id}-${name}-error`,
  });

  const focusFirst = (errors: FieldErrors) => {
    const first = Object.keys(spec.initial).find((n) => errors[n]?.length);
    if (first) document.getElementById(`${id}-${first}`)?.focus();
  };

  const onSubmit = async (e: FormEvent<HTMLFormElement>) => {
    e.preventDefault();
    if (status === "submitting") return;
    setSubmitted(true);
    setPageAnswered(false);
    let ready: $ZodType;
    try {
      ready = schema ?? (await loadSchema());
    } catch {
      setStatus("error");
      setMessage(replyWords.network);
      return;
    }
    const result = validateWith(ready, spec, values);
    if (!result.ok) {
      emitFormEvent({ form: spec.kind, step: "failed", fields: Object.keys(result.errors) });
      setMessage(null);
      focusFirst(result.errors);
      return;
    }
    // One id per filled-in form: a retry after a failure, or a double click, stores once.
    submissionId.current ??= newSubmissionId();
    const hp = honeypotRef.current?.value ?? "";
    const body = sendMeta
      ? {
          ...result.payload,
          submissionId: submissionId.current,
          pagePath: canonicalPath(window.location.pathname),
          // Where the visitor came from goes with leads; a comment is not a lead.
          ...(spec.kind === "comment" ? {} : { attribution: firstTouch() }),
          ...extra.current,
          ...(hp ? { [HONEYPOT_FIELD]: hp } : {}),
        }
      : result.payload;
    setStatus("submitting");
    setMessage(null);
    emitFormEvent({ form: spec.kind, step: "submitted" });
    let res: Response;
    try {
      res = await fetch(apiUrl(spec.endpoint), {
        method: spec.method ?? "POST",
        headers: { "Content-Type": "application/json", Accept: "application/json" },
        body: JSON.stringify(body),
      });
    } catch {
      setStatus("error");
      setMessage(replyWords.network);
      return;
    }
    const answer = (await res.json().catch(() => null)) as { errors?: FieldErrors; data?: { submissionId?: unknown; held?: unknown } } | null;
    if (res.ok) {
      const stored = answer?.data?.submissionId;
      emitFormEvent({ form: spec.kind, step: "stored", submissionId: typeof stored === "string" ? stored : undefined });
      started.current = false;
      setAccepted({
        reference: typeof stored === "string" && stored ? submissionReference(stored) : null,
        summary: sentSummary(values),
        held: answer?.data?.held === true,
      });
      submissionId.current = null;
      setAll(fresh());
      setTouched({});
      setSubmitted(false);
      setServerErrors({});
      setStatus("idle");
      if (honeypotRef.current) honeypotRef.current.value = "";
      setDialogOpen(true);
      onSuccess?.(answer);
      return;
    }
    setStatus("error");
    emitFormEvent({ form: spec.kind, step: "refused", fields: answer?.errors ? Object.keys(answer.errors) : undefined });
    if (res.status === 422 && answer?.errors) {
      const mapped: FieldErrors = Object.create(null);
      for (const [wire, list] of Object.entries(answer.errors)) if (Array.isArray(list)) mapped[spec.fieldOf?.(wire) ?? wire] = list;
      setServerErrors(mapped);
      setMessage(replyWords.invalid);
      focusFirst(mapped);
    } else if (res.status === 429) {
      setMessage(replyWords.rateLimited(Number(res.headers.get("Retry-After")) || 60));
    } else if (res.status === 413) {
      setMessage(replyWords.tooLarge);
    } else if (res.status >= 500) {
      setMessage(replyWords.server);
    } else {
      setMessage(replyWords.rejected(res.status));
    }
  };

  return {
    id,
    spec,
    values,
    fixed,
    field,
    error,
    setValue,
    setValues,
    touch,
    status,
    message,
    dialogOpen,
    closeDialog: () => setDialogOpen(false),
    accepted,
    sendAnother: () => setAccepted(null),
    acceptedWithoutScript: pageAnswered && Boolean(mine?.ok),
    pageAnswer: pageAnswered && failedAction ? { message: failedAction.message ?? replyWords.invalid, errors: failedAction.errors ?? {} } : null,
    answerId: answerIdOf(id),
    honeypotRef,
    extra,
    formProps: {
      id,
      method: "post",
      // Sent without the form's code, the post's answer is this page at the form's answer.
      action: `${action}#${answerIdOf(id)}`,
      noValidate: true,
      onSubmit: (e) => void onSubmit(e),
      onFocus: (e) => {
        if (!schema) loadSchema().catch(() => {});
        // The field moved into, once per change of field: where a visitor who leaves gave up.
        const name = (e.target as EventTarget & { name?: unknown }).name;
        if (typeof name !== "string" || !Object.hasOwn(spec.initial, name)) return;
        if (name !== focused.current) emitFormEvent({ form: spec.kind, step: "focus", fields: [name] });
        focused.current = name;
      },
      "aria-busy": status === "submitting",
    },
  };
}
