import { ArrowRight, Building2, Truck, X } from "lucide-react";
import { useEffect, useId, useRef } from "react";
import { Link } from "react-router";
import { home } from "~/copy/home";
import { useNonce } from "~/ui/nonce";
import { settleOnHash } from "~/ui/layout/route-focus";

/** Spec 9: the home pop-up opens 1000 ms after load. */
export const POPUP_DELAY_MS = 1000;
/**
 * A timer never fires early, only late, and opening a modal dialog is itself work: the
 * browser restyles the whole page (everything outside the dialog becomes inert), about
 * 20 ms on a desktop and 40–110 ms on a phone with a quarter of its speed (measured under
 * Lighthouse's 4× CPU throttling). The timer script fires this much before the second:
 * never before 0.9 s, so the open dialog is there at about 0.92 s on a fast machine and
 * by 0.95–1.01 s on a slow phone, with room for a busy moment of the phone's before 1.1 s.
 */
const TIMER_LEAD_MS = 100;

/** Set for the rest of the browser tab's session once the pop-up has been shown. */
export const POPUP_SEEN_KEY = "fillway:home-popup-seen";

const seenThisSession = () => {
  try {
    return sessionStorage.getItem(POPUP_SEEN_KEY) === "1";
  } catch {
    return false;
  }
};
const markSeen = () => {
  try {
    sessionStorage.setItem(POPUP_SEEN_KEY, "1");
  } catch {
    // Storage refused (private mode, quota): the pop-up may show again, nothing worse.
  }
};

/**
 * A visitor who is moving through the page with the keyboard, or typing in a field, is
 * not interrupted: the pop-up stays closed for this visit (and may open on a later one).
 */
function keyboardInUse(lastKeyAt: number): boolean {
  // Keys pressed before React took the page were counted by the timer script.
  lastKeyAt = Math.max(lastKeyAt, timedDialog()?.fwPopup?.lastKeyAt ?? 0);
  const active = document.activeElement;
  const inField = active instanceof HTMLElement && active.matches("input, textarea, select, [contenteditable]");
  return inField || (lastKeyAt > 0 && active !== document.body && active !== null);
}

/**
 * Where focus goes when the pop-up closes and nothing on the page had it (it opened by
 * itself): the page's main heading, as after a client-side navigation (route-focus), so
 * the next Tab continues into the page. Not the first stop of the page: that is the skip
 * link, which shows itself over the logo when focused.
 */
function pageStart(): HTMLElement | null {
  const heading = document.querySelector<HTMLElement>("main h1");
  if (heading && !heading.hasAttribute("tabindex")) heading.setAttribute("tabindex", "-1");
  return heading ?? document.getElementById("main");
}

/** What the timer script below keeps on the dialog element. */
type TimedDialog = HTMLDialogElement & { fwPopup?: { open?: () => void; returnTo?: Element | null; lastKeyAt?: number } };
let dialogEl: HTMLDialogElement | null = null;
const timedDialog = () => dialogEl as TimedDialog | null;

/**
 * The clock of the pop-up, in the server's HTML right after the dialog. Scripts start
 * after the first paint (decision record 003), and on a slow phone React takes the page
 * well after the load event, so a timer started by React opened the pop-up 0.5 s or more
 * late. This script counts 1000 ms from the load event itself; then it asks the component
 * to open the dialog, or, if React has not taken the page yet, opens it natively with the
 * component's own rules: once per tab session, never while the visitor is typing or
 * tabbing (it counts key presses until React takes over), focus on the title, the element
 * that had focus kept for when it closes. It also tells the paint-first script
 * (app/shared/paint-first.ts) to start no long task just before that moment. Only the
 * server's HTML carries it: a client-side visit to the home page leaves the timing to the
 * component.
 */
export const popupTimerScript = `(function(){var d=document.currentScript.previousElementSibling,p=d.fwPopup={lastKeyAt:0};document.addEventListener("keydown",function(e){if(e.key==="Tab"||e.target!==document.body)p.lastKeyAt=performance.now()},true);addEventListener("load",function(){document.fwQuietAt=performance.now()+${POPUP_DELAY_MS};setTimeout(function(){if(p.open)return p.open();if(!d.isConnected||d.open)return;var s;try{s=sessionStorage.getItem("${POPUP_SEEN_KEY}")==="1"}catch(e){}var a=document.activeElement;if(s||(a&&a.matches("input,textarea,select,[contenteditable]"))||(p.lastKeyAt>0&&a&&a!==document.body))return;try{sessionStorage.setItem("${POPUP_SEEN_KEY}","1")}catch(e){}p.returnTo=a;d.showModal();var h=d.querySelector("h2");if(h)h.focus()},${POPUP_DELAY_MS - TIMER_LEAD_MS})})})();`;
const timerScript = import.meta.env.SSR ? popupTimerScript : "";

/**
 * The home pop-up (spec 2.3, 4): two panels, licensing and fleets. A native modal
 * <dialog>: focus moves in when it opens and, when it closes (close button, Escape, a
 * click on the backdrop), back to where it was, or to the page's main heading when
 * nothing had it. It opens once per browser tab session (docs/deviations.md), and never while
 * the visitor is tabbing or typing. The fleets Know More closes it and takes the visitor
 * to the business benefits further down the page.
 */
export function HomePopup() {
  const ref = useRef<HTMLDialogElement>(null);
  const returnTo = useRef<Element | null>(null);
  const focusTarget = useRef<string | null>(null);
  const uid = useId();
  const nonce = useNonce();
  const { popup } = home;

  const lastKeyAt = useRef(0);
  useEffect(() => {
    const onKey = (e: KeyboardEvent) => {
      if (e.key === "Tab" || e.target !== document.body) lastKeyAt.current = performance.now();
    };
    document.addEventListener("keydown", onKey, true);
    return () => document.removeEventListener("keydown", onKey, true);
  }, []);

  useEffect(() => {
    dialogEl = ref.current;
    const open = () => {
      const dialog = ref.current;
      if (!dialog || dialog.open || seenThisSession() || keyboardInUse(lastKeyAt.current)) return;
      markSeen();
      returnTo.current = document.activeElement;
      dialog.showModal();
      // Start reading at the title rather than on the close button.
      dialog.querySelector<HTMLElement>("h2")?.focus();
    };
    // From the server's HTML the timer script keeps the time (counted from the load event).
    const timing = timedDialog()?.fwPopup;
    if (timing) {
      timing.open = open;
      return () => {
        timing.open = undefined;
        dialogEl = null;
      };
    }
    const timer = window.setTimeout(open, POPUP_DELAY_MS);
    return () => {
      window.clearTimeout(timer);
      dialogEl = null;
    };
  }, []);

  const onClose = () => {
    const focusTo = focusTarget.current ?? "";
    const target = focusTo ? document.querySelector<HTMLElement>(focusTo) : null;
    focusTarget.current = null;
    if (target) {
      const heading = target.querySelector<HTMLElement>("h2, h3") ?? target;
      heading.tabIndex = -1;
      heading.focus({ preventScroll: true });
      // At once, not smoothly: a smooth scroll fixes its end before the sections it passes
      // are laid out (they render when near), and so could stop short of or past them.
      target.scrollIntoView({ block: "start", behavior: "instant" });
      if (focusTo.startsWith("#")) settleOnHash(focusTo);
      return;
    }
    const back = returnTo.current ?? timedDialog()?.fwPopup?.returnTo;
    returnTo.current = null;
    if (back instanceof HTMLElement && back.isConnected && back !== document.body) back.focus({ preventScroll: true });
    else pageStart()?.focus({ preventScroll: true });
  };

  const close = () => ref.current?.close();

  const panel = "flex flex-col rounded-2xl p-5 sm:p-8 [&_h3]:mt-2 [&_h3]:text-xl [&_h3]:font-extrabold [&_p.body]:mt-3 [&_p.body]:flex-1";

  return (
    <>
      {/* biome-ignore lint/a11y/useKeyWithClickEvents: the backdrop click is a pointer shortcut; Escape is its keyboard twin. */}
      <dialog
        ref={ref}
        aria-labelledby={`${uid}-title`}
        onClose={onClose}
        onClick={(e) => {
          // A click on the backdrop lands on the dialog element itself.
          if (e.target === e.currentTarget) close();
        }}
        className="fixed inset-0 m-auto max-h-[calc(100dvh-2rem)] w-[min(56rem,calc(100vw-2rem))] overflow-y-auto rounded-3xl bg-white p-0 text-slate-800 shadow-2xl backdrop:bg-slate-950/70 dark:bg-slate-900 dark:text-slate-200 dark:ring-1 dark:ring-slate-700"
      >
        <div className="relative p-5 sm:p-8">
          <button
            type="button"
            onClick={close}
            className="absolute top-3 right-3 inline-flex size-11 items-center justify-center rounded-full text-slate-600 hover:bg-slate-100 hover:text-slate-900 dark:text-slate-300 dark:hover:bg-slate-800 dark:hover:text-white"
          >
            <X aria-hidden="true" className="size-5" />
            <span className="sr-only">Close</span>
          </button>
          <h2 id={`${uid}-title`} tabIndex={-1} className="pr-12 text-xl font-extrabold tracking-tight outline-none sm:text-3xl">
            {popup.title}
          </h2>
          <div className="mt-5 grid gap-4 sm:mt-6 md:grid-cols-2">
            <section
              aria-labelledby={`${uid}-lic`}
              className={`${panel} focus-on-dark bg-brand-900 text-brand-50 dark:bg-brand-950 dark:ring-1 dark:ring-brand-800`}
            >
              <Building2 aria-hidden="true" className="hidden size-9 text-brand-300 sm:block" />
              <p className="sm:mt-4 text-xs font-bold uppercase tracking-[0.16em] text-brand-200">{popup.licensing.eyebrow}</p>
              <h3 id={`${uid}-lic`} className="text-white">
                {popup.licensing.title}
              </h3>
              <p className="body text-brand-100">{popup.licensing.body}</p>
              <Link
                to={popup.licensing.to}
                onClick={close}
                className="btn mt-6 self-start bg-white text-brand-900 hover:bg-brand-50"
                aria-describedby={`${uid}-lic`}
              >
                {popup.licensing.cta}
                <ArrowRight aria-hidden="true" className="size-4" />
              </Link>
            </section>
            <section aria-labelledby={`${uid}-fleet`} className={`${panel} bg-amber-50 dark:bg-slate-800`}>
              <Truck aria-hidden="true" className="hidden size-9 text-amber-700 sm:block dark:text-accent-300" />
              <p className="sm:mt-4 text-xs font-bold uppercase tracking-[0.16em] text-amber-800 dark:text-accent-300">{popup.fleets.eyebrow}</p>
              <h3 id={`${uid}-fleet`}>{popup.fleets.title}</h3>
              <p className="body text-slate-700 dark:text-slate-300">{popup.fleets.body}</p>
              <a
                href={popup.fleets.to}
                onClick={(e) => {
                  e.preventDefault();
                  focusTarget.current = popup.fleets.to;
                  close();
                }}
                className="btn-primary mt-6 self-start"
                aria-describedby={`${uid}-fleet`}
              >
                {popup.fleets.cta}
                <ArrowRight aria-hidden="true" className="size-4" />
              </a>
            </section>
          </div>
        </div>
      </dialog>
      <script nonce={nonce} suppressHydrationWarning dangerouslySetInnerHTML={{ __html: timerScript }} />
    </>
  );
}
