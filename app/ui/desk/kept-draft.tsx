import { useCallback, useEffect, useRef, useState } from "react";
import { type Blocker, useBlocker } from "react-router";

/**
 * Holds back a move to another page while `unsaved()` is true, until the person chooses to
 * leave (`leave`, while `blocker` is blocked). From that choice on nothing is held back:
 * the page stays mounted for a moment while the next one loads, and a Back pressed in that
 * moment would otherwise be taken for another try to leave this page, and dropped.
 */
export function useLeaveGuard(unsaved: () => boolean): { blocker: Blocker; leave: () => void } {
  const leaving = useRef(false);
  const blocker = useBlocker(({ currentLocation, nextLocation }) => !leaving.current && currentLocation.pathname !== nextLocation.pathname && unsaved());
  const leave = useCallback(() => {
    if (blocker.state !== "blocked") return;
    leaving.current = true;
    blocker.proceed();
  }, [blocker]);
  return { blocker, leave };
}

/**
 * Text typed into a desk form is never lost: it is kept in this tab's session storage as
 * it is typed (so a save that fails, a server error page or a reload brings it back), and
 * leaving the page while it is unsaved asks first, for a link in the desk and for closing
 * or reloading the tab alike. `saved` clears it: pass what changes when a save succeeds.
 */
export function useKeptDraft(storageKey: string, saved: unknown) {
  const ref = useRef<HTMLTextAreaElement>(null);
  const [dirty, setDirty] = useState(false);

  // Bring back what was typed before a failed save or a reload.
  useEffect(() => {
    const el = ref.current;
    if (!el) return;
    let kept: string | null = null;
    try {
      kept = sessionStorage.getItem(storageKey);
    } catch {}
    if (kept && !el.value) {
      el.value = kept;
      setDirty(true);
    }
  }, [storageKey]);

  // A successful save: forget the kept copy.
  const first = useRef(true);
  useEffect(() => {
    if (first.current) {
      first.current = false;
      return;
    }
    if (!saved) return;
    try {
      sessionStorage.removeItem(storageKey);
    } catch {}
    setDirty(false);
  }, [saved, storageKey]);

  const onInput = (e: React.FormEvent<HTMLTextAreaElement>) => {
    const value = e.currentTarget.value;
    try {
      if (value.trim()) sessionStorage.setItem(storageKey, value);
      else sessionStorage.removeItem(storageKey);
    } catch {}
    setDirty(Boolean(value.trim()));
  };

  const { blocker, leave } = useLeaveGuard(() => dirty);
  useEffect(() => {
    if (blocker.state !== "blocked") return;
    if (window.confirm("You have typed text that is not saved. Leave this page without saving it?")) {
      try {
        sessionStorage.removeItem(storageKey);
      } catch {}
      leave();
    } else blocker.reset();
  }, [blocker, leave, storageKey]);
  useEffect(() => {
    if (!dirty) return;
    const warn = (e: BeforeUnloadEvent) => {
      e.preventDefault();
    };
    addEventListener("beforeunload", warn);
    return () => removeEventListener("beforeunload", warn);
  }, [dirty]);

  return { ref, onInput };
}
