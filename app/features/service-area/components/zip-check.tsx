import { ArrowRight } from "lucide-react";
import { type ComponentType, lazy, Suspense, useId, useRef, useState } from "react";
import type { ServiceStatus } from "~/features/service-area/service-area";
import { brand } from "~/copy/brand";

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
  /**
   * The id of a heading around the check that already asks "Do we deliver to you?": the
   * label then says only "Enter your ZIP code", and the field is named by both.
   */
  titleId?: string;
  /** Where the in-area answer's quote link goes: /getafleet, or the quote forms of the page it is on. */
  quoteHref?: string;
  className?: string;
}

/**
 * What an in-area visitor does next: order in the app (spec 1: customers order through
 * the mobile app) or, for a fleet, ask for a quote (the home hero's Get a Fleet Quote).
 * Text links rather than the store badges, which the home hero shows just below the check.
 */
function NextStep({ quoteHref }: { quoteHref: string }) {
  const newTab = <span className="sr-only"> (opens in a new tab)</span>;
  return (
    <ul className="mt-1 space-y-1 text-slate-700 dark:text-slate-300" aria-label="Next steps" data-testid="zip-next-step">
      <li>
        Order a delivery in the {brand.name} app for{" "}
        <a href={brand.apps.ios} target="_blank" rel="noopener" className="link">
          iPhone{newTab}
        </a>{" "}
        or{" "}
        <a href={brand.apps.android} target="_blank" rel="noopener" className="link">
          Android{newTab}
        </a>
      </li>
      <li>
        Fueling a fleet?{" "}
        <a href={quoteHref} className="link inline-flex items-center gap-1">
          Get a Fleet Quote
          <ArrowRight aria-hidden="true" className="size-4" />
        </a>
      </li>
    </ul>
  );
}

/**
 * "Do we deliver to you?": a ZIP code and one of three answers. Without JavaScript it is
 * a GET form whose answer /service-area renders. With JavaScript the answering code and a
 * compact table of the ZIP codes near our markets load when the visitor enters the check,
 * so Check answers in the same frame, announced by a live region. In an active market the
 * answer offers the app and a fleet quote; outside one, "Tell me when you arrive".
 */
export function ZipCheck({ type, initial, initialZip = "", Waitlist = LazyWaitlist, titleId, quoteHref = "/getafleet", className = "" }: ZipCheckProps) {
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
        {titleId ? (
          <label htmlFor={`${id}-zip`} id={`${id}-label`} className="block font-bold text-slate-900 dark:text-white">
            Enter your ZIP code
          </label>
        ) : (
          <label htmlFor={`${id}-zip`} className="block font-bold text-slate-900 dark:text-white">
            Do we deliver to you?
            <span className="block text-sm font-normal text-slate-600 dark:text-slate-400">Enter your ZIP code</span>
          </label>
        )}
        <div className="mt-2 flex max-w-sm gap-2">
          <input
            id={`${id}-zip`}
            name="zip"
            type="text"
            inputMode="numeric"
            autoComplete="postal-code"
            maxLength={5}
            defaultValue={initialZip}
            aria-labelledby={titleId ? `${titleId} ${id}-label` : undefined}
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
      {answer?.status === "served" && <NextStep quoteHref={quoteHref} />}
      {answer && answer.status !== "served" && (
        <Suspense fallback={null}>
          <Waitlist key={answer.zip} zip={answer.zip} type={type} />
        </Suspense>
      )}
    </div>
  );
}
