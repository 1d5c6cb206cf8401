import { type ComponentType, lazy, Suspense, useId, useRef, useState } from "react";
import type { ServiceStatus } from "~/features/service-area/service-area";

/** What the check shows: the answer, or why the typed ZIP code cannot be checked. */
export type ZipCheckResult = { zip: string; status: ServiceStatus; market: string; sentence: string } | { error: string };

export interface WaitlistProps {
  zip: string;
  /** The form type of the page the check is on (stored with the lead). */
  type: number;
}

type Lookup = typeof import("./zip-lookup");
let loading: Promise<Lookup> | undefined;
const loadLookup = () => {
  loading ??= import("./zip-lookup").catch((error: unknown) => {
    loading = undefined;
    throw error;
  });
  return loading;
};
// The waitlist form comes with the answering code: one download, after the page's own.
const LazyWaitlist = lazy(() => loadLookup().then((m) => ({ default: m.WaitlistForm })));

export interface ZipCheckProps {
  /** The form type of the page (1 on the home page and the FAQ, 19 on /getafleet). */
  type: number;
  /** The answer already given by the server (the no-JavaScript result page). */
  initial?: ZipCheckResult;
  initialZip?: string;
  /** The waitlist form, when the page renders it on the server (else it loads when needed). */
  Waitlist?: ComponentType<WaitlistProps>;
  className?: string;
}

/**
 * "Do we deliver to you?": a ZIP code and one of three answers. Without JavaScript it is
 * a GET form whose answer /service-area renders. With JavaScript the answering code and a
 * compact table of the ZIP codes near our markets load when the visitor enters the check,
 * so Check answers in the same frame, announced by a live region. Outside an active
 * market the answer offers "Tell me when you arrive".
 */
export function ZipCheck({ type, initial, initialZip = "", Waitlist = LazyWaitlist, className = "" }: ZipCheckProps) {
  const id = useId();
  const [result, setResult] = useState<ZipCheckResult | undefined>(initial);
  const ready = useRef<Lookup | null>(null);
  const prepare = (e: { currentTarget: HTMLFormElement }) => {
    const form = e.currentTarget;
    if (!ready.current)
      loadLookup().then(
        (m) => {
          ready.current = m;
          // Says that Check now answers at once (tests wait on it).
          form.dataset.ready = "true";
        },
        () => {},
      );
  };
  const error = result && "error" in result ? result.error : undefined;
  const answer = result && "status" in result ? result : undefined;

  return (
    <div className={className}>
      <form
        method="get"
        action="/service-area"
        noValidate
        onFocus={prepare}
        onPointerEnter={prepare}
        onSubmit={(e) => {
          e.preventDefault();
          const form = e.currentTarget;
          const zip = String(new FormData(form).get("zip") ?? "");
          if (ready.current) setResult(ready.current.check(zip));
          else
            loadLookup().then(
              (m) => {
                ready.current = m;
                setResult(m.check(zip));
              },
              // Offline or the code failed to load: the server answers instead.
              () => form.submit(),
            );
        }}
      >
        <input type="hidden" name="type" value={type} />
        <label htmlFor={`${id}-zip`} className="block font-bold text-slate-900 dark:text-white">
          Do we deliver to you?
          <span className="block text-sm font-normal text-slate-600 dark:text-slate-400">Enter your ZIP code</span>
        </label>
        <div className="mt-2 flex max-w-sm gap-2">
          <input
            id={`${id}-zip`}
            name="zip"
            type="text"
            inputMode="numeric"
            autoComplete="postal-code"
            maxLength={5}
            defaultValue={initialZip}
            aria-invalid={error ? true : undefined}
            aria-describedby={error ? `${id}-answer` : undefined}
            className="block min-h-11 w-32 rounded-lg border border-slate-400 bg-white px-3.5 py-2.5 text-base text-slate-900 focus-visible:border-brand-600 dark:border-slate-500 dark:bg-slate-900 dark:text-white"
          />
          <button type="submit" className="btn-primary">
            Check
          </button>
        </div>
      </form>
      <div role="status" className="mt-3 min-h-6" data-testid="zip-answer">
        {error && (
          <p id={`${id}-answer`} className="text-sm font-medium text-red-700 dark:text-red-300">
            {error}
          </p>
        )}
        {answer && <p className="font-bold text-slate-900 dark:text-white">{answer.sentence}</p>}
      </div>
      {answer && answer.status !== "served" && (
        <Suspense fallback={null}>
          <Waitlist key={answer.zip} zip={answer.zip} type={type} />
        </Suspense>
      )}
    </div>
  );
}
