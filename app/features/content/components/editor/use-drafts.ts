import { type RefObject, useCallback, useEffect, useRef, useState } from "react";
import { useLeaveGuard } from "~/ui/desk/kept-draft";
import { AUTOSAVE_FIELDS } from "~/features/content/post-desk";

type Fields = Partial<Record<(typeof AUTOSAVE_FIELDS)[number], string>>;
interface Kept {
  fields: Fields;
  savedAt: string;
}

/** Two seconds after typing stops, the changes go to the server. */
const SERVER_DELAY_MS = 2000;
const storageKey = (postKey: string) => `fillway.post-draft.${postKey}`;

function readForm(form: HTMLFormElement): Fields {
  const data = new FormData(form);
  return Object.fromEntries(AUTOSAVE_FIELDS.flatMap((k) => (typeof data.get(k) === "string" ? [[k, String(data.get(k))]] : [])));
}

function writeForm(form: HTMLFormElement, fields: Fields) {
  for (const [k, v] of Object.entries(fields)) {
    const el = form.elements.namedItem(k);
    if (el instanceof HTMLSelectElement && v && ![...el.options].some((o) => o.value === v)) el.add(new Option(v, v));
    if (el instanceof HTMLInputElement || el instanceof HTMLTextAreaElement || el instanceof HTMLSelectElement) {
      if (el.type !== "hidden") el.value = v ?? "";
    }
  }
}

function readLocal(postKey: string): Kept | null {
  try {
    const raw = localStorage.getItem(storageKey(postKey));
    return raw ? (JSON.parse(raw) as Kept) : null;
  } catch {
    return null;
  }
}

const same = (a: Fields, b: Fields) => AUTOSAVE_FIELDS.every((k) => (a[k] ?? "") === (b[k] ?? ""));

/**
 * The editor never loses a draft: every change is kept in this browser at once and on the
 * server two seconds after typing stops, or at once when the tab is closed or hidden (never published); on return the newest kept
 * changes are put back and `restored` says from when. Leaving with unsaved changes asks
 * first (beforeunload, and the router's blocker for the desk's own links).
 */
export function useDrafts(
  form: RefObject<HTMLFormElement | null>,
  postKey: string,
  server: Kept | null,
  opts: { saved: boolean; updatedAt: string | null; onRestore: () => void },
) {
  const [dirty, setDirty] = useState(false);
  const [restored, setRestored] = useState<string | null>(null);
  const [state, setState] = useState<"idle" | "saving" | "saved" | "offline">("idle");
  const timer = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);
  const submitting = useRef(false);

  // biome-ignore lint/correctness/useExhaustiveDependencies: once per post opened
  useEffect(() => {
    const el = form.current;
    if (!el) return;
    if (opts.saved) {
      localStorage.removeItem(storageKey(postKey));
      localStorage.removeItem(storageKey("new"));
    }
    const local = opts.saved ? null : readLocal(postKey);
    const fresh = [local, server].filter((k): k is Kept => !!k && (!opts.updatedAt || k.savedAt > opts.updatedAt));
    const newest = fresh.sort((a, b) => (a.savedAt < b.savedAt ? 1 : -1))[0];
    if (!newest || same(newest.fields, readForm(el))) return;
    writeForm(el, newest.fields);
    setRestored(newest.savedAt);
    setDirty(true);
    opts.onRestore();
  }, [postKey]);

  /** Whether typing since the last copy sent to the server is still waiting for its timer. */
  const pending = useRef(false);

  const saveToServer = useCallback(
    async (leaving = false) => {
      const el = form.current;
      if (!el || submitting.current) return;
      pending.current = false;
      clearTimeout(timer.current);
      const body = new FormData();
      for (const [k, v] of Object.entries(readForm(el))) body.set(k, v ?? "");
      const send = fetch(`/desk/posts/${encodeURIComponent(postKey)}/autosave`, { method: "POST", body, keepalive: leaving });
      // A tab being closed or hidden: the request outlives the page (keepalive); nothing to show.
      if (leaving) {
        send.catch(() => undefined);
        return;
      }
      setState("saving");
      try {
        setState((await send).ok ? "saved" : "offline");
      } catch {
        setState("offline");
      }
    },
    [form, postKey],
  );

  // The last second typed before the tab closes (or the phone switches app) goes to the
  // server at once instead of waiting for the timer the page will not live to see.
  useEffect(() => {
    const flush = () => {
      if (pending.current && document.visibilityState === "hidden") void saveToServer(true);
    };
    const leave = () => {
      if (pending.current) void saveToServer(true);
    };
    document.addEventListener("visibilitychange", flush);
    window.addEventListener("pagehide", leave);
    return () => {
      document.removeEventListener("visibilitychange", flush);
      window.removeEventListener("pagehide", leave);
    };
  }, [saveToServer]);

  const changed = () => {
    const el = form.current;
    if (!el) return;
    submitting.current = false;
    setDirty(true);
    try {
      localStorage.setItem(storageKey(postKey), JSON.stringify({ fields: readForm(el), savedAt: new Date().toISOString() }));
    } catch {
      // Storage full or refused: the server copy still follows.
    }
    clearTimeout(timer.current);
    pending.current = true;
    timer.current = setTimeout(() => void saveToServer(), SERVER_DELAY_MS);
  };

  const submitted = () => {
    submitting.current = true;
    pending.current = false;
    clearTimeout(timer.current);
    setDirty(false);
  };

  const discard = async () => {
    localStorage.removeItem(storageKey(postKey));
    pending.current = false;
    clearTimeout(timer.current);
    form.current?.reset();
    setRestored(null);
    setDirty(false);
    opts.onRestore();
    const body = new FormData();
    body.set("intent", "discard");
    await fetch(`/desk/posts/${encodeURIComponent(postKey)}/autosave`, { method: "POST", body }).catch(() => undefined);
  };

  useEffect(() => {
    if (!dirty) return;
    const warn = (e: BeforeUnloadEvent) => {
      e.preventDefault();
      e.returnValue = "";
    };
    window.addEventListener("beforeunload", warn);
    return () => window.removeEventListener("beforeunload", warn);
  }, [dirty]);
  useEffect(() => () => clearTimeout(timer.current), []);

  const { blocker, leave } = useLeaveGuard(() => dirty && !submitting.current);
  return { dirty, restored, state, changed, submitted, discard, blocker, leave };
}
