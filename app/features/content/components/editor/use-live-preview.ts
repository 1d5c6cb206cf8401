import { useEffect, useRef, useState } from "react";

/**
 * The preview, rendered again by the server as the editor types (debounced; an answer
 * overtaken by a newer request is dropped). A plain fetch: nothing of the router's
 * fetcher machinery is added to the bundles the public pages share.
 */
export function useLivePreview(initial: string, initialError: string | null, version: number) {
  const [state, setState] = useState({ html: initial, error: initialError, busy: false });
  const timer = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);
  const pending = useRef<AbortController | null>(null);
  // biome-ignore lint/correctness/useExhaustiveDependencies: a new answer from the server (version) replaces the preview
  useEffect(() => setState({ html: initial, error: initialError, busy: false }), [version]);
  useEffect(
    () => () => {
      clearTimeout(timer.current);
      pending.current?.abort();
    },
    [],
  );
  const update = (form: HTMLFormElement) => {
    clearTimeout(timer.current);
    timer.current = setTimeout(async () => {
      pending.current?.abort();
      const controller = new AbortController();
      pending.current = controller;
      setState((s) => ({ ...s, busy: true }));
      try {
        const res = await fetch("/desk/posts/preview", { method: "POST", body: new FormData(form), signal: controller.signal });
        const answer = (await res.json()) as { html: string | null; error: string | null };
        setState((s) => ({ html: answer.html ?? s.html, error: answer.error, busy: false }));
      } catch (error) {
        if ((error as Error).name === "AbortError") return;
        setState((s) => ({ ...s, error: "The preview could not be updated. It updates again as you type.", busy: false }));
      }
    }, 300);
  };
  return { ...state, update };
}
