import { onFormEvent } from "~/ui/forms/form-events";
import { EVENTS_PATH, viewOf } from "./wire";

/**
 * The insight script, fetched after the page is loaded and idle (components/insight-script.tsx):
 * a page view per page shown, the form kit's events, and the Web Vitals of the first page,
 * each sent with navigator.sendBeacon. No cookie, no storage, nothing about the visitor
 * but the screen width; the server reads the browser and system from the request.
 */
type Ev = (string | number | string[] | undefined)[];
let view: Record<string, unknown> = {};
let queue: Ev[] = [];

function flush() {
  if (!queue.length) return;
  const body = JSON.stringify({ ...view, e: queue });
  queue = [];
  navigator.sendBeacon(EVENTS_PATH, body);
}

function push(e: Ev, now?: boolean) {
  queue.push(e);
  if (now || queue.length > 9) flush();
  else setTimeout(flush, 1000);
}

/** A page view (the first one and every client-side navigation). */
export function pageView(path: string, first: boolean) {
  flush();
  view = viewOf(path, first);
  push(["view"], true);
}

export function start(path: string) {
  pageView(path, true);
  onFormEvent((f) => push(["form", f.form, f.step, f.fields, f.submissionId], f.step === "stored" || f.step === "submitted"));
  addEventListener("pagehide", flush);
  addEventListener("visibilitychange", () => document.visibilityState === "hidden" && flush());
  // The Web Vitals code is its own chunk, fetched after this one; they belong to the first view.
  const first = view;
  import("web-vitals").then((w) => {
    const report = (m: { name: string; value: number }) => {
      flush();
      const current = view;
      view = first;
      push(["vital", m.name, m.name === "CLS" ? Math.round(m.value * 1e4) / 1e4 : Math.round(m.value)], true);
      view = current;
    };
    for (const on of [w.onLCP, w.onINP, w.onCLS, w.onFCP, w.onTTFB]) on(report);
  });
}
