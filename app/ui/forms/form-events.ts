/**
 * What the form kit says about its forms, for whoever listens (the site's insight script):
 * a form was seen, started, failed the checks (with the names of the failing fields),
 * submitted, refused by the server, or stored, and each field the visitor moves into (its
 * name only, for where visitors give up). No dependency, nothing sent from here.
 * Events said before anyone listens wait, at most 50 of them, so the script may load late.
 */
export type FormStep = "seen" | "started" | "failed" | "submitted" | "refused" | "stored" | "focus";

export interface FormEventInfo {
  form: string;
  step: FormStep;
  fields?: string[];
  submissionId?: string;
}

type Listener = (e: FormEventInfo) => void;

let listener: Listener | null = null;
const waiting: FormEventInfo[] = [];

export function emitFormEvent(e: FormEventInfo): void {
  if (listener) listener(e);
  else if (waiting.length < 50) waiting.push(e);
}

/** Takes the events (those waiting first); one listener. */
export function onFormEvent(fn: Listener): void {
  listener = fn;
  for (const e of waiting.splice(0)) fn(e);
}
