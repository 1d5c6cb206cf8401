import { MapPin } from "lucide-react";
import { type InputHTMLAttributes, type KeyboardEvent, useEffect, useRef, useState } from "react";
import { fetchLocations, type LocationMode, type LocationSuggestion } from "~/features/leads/forms/location";
import { ariaFor, type DigitsProp, FieldShell, type FieldShellProps, inputClass, keepDigits } from "~/ui/forms/field";

/** Wait this long after the last keystroke before asking the server. */
export const SUGGEST_DEBOUNCE_MS = 200;

export interface LocationComboboxProps
  extends Omit<FieldShellProps, "children">,
    DigitsProp,
    Omit<InputHTMLAttributes<HTMLInputElement>, "id" | "name" | "value" | "onChange" | "onBlur" | "className" | "role"> {
  /** Look up by city name or by ZIP prefix. */
  mode: LocationMode;
  /** The visitor chose a suggestion: fill the related fields. */
  onPick: (s: LocationSuggestion) => void;
  /** Accessible name of the suggestion list. */
  listLabel: string;
}

/**
 * A city or ZIP input with suggestions from our US ZIP data, following the WAI-ARIA 1.2
 * combobox pattern with a listbox: the list opens as the visitor types, Up/Down move
 * through it, Enter chooses, Escape closes; the count is announced. Without JavaScript
 * it is a plain text input.
 */
export function LocationCombobox({ control, label, optional, hint, className, mode, onPick, listLabel, digits, ...rest }: LocationComboboxProps) {
  const only = digits ? keepDigits(control, digits) : undefined;
  const c = only?.control ?? control;
  const [options, setOptions] = useState<LocationSuggestion[]>([]);
  const [open, setOpen] = useState(false);
  const [active, setActive] = useState(-1);
  const [announcement, setAnnouncement] = useState("");
  const timer = useRef<number | undefined>(undefined);
  const inflight = useRef<AbortController | null>(null);
  const input = useRef<HTMLInputElement>(null);
  const listId = `${c.id}-listbox`;
  const optionId = (i: number) => `${c.id}-option-${i}`;

  useEffect(
    () => () => {
      window.clearTimeout(timer.current);
      inflight.current?.abort();
    },
    [],
  );

  const close = () => {
    setOpen(false);
    setActive(-1);
  };
  /** Closes the list and drops an answer still on its way, so it cannot open it again. */
  const dismiss = () => {
    window.clearTimeout(timer.current);
    inflight.current?.abort();
    close();
  };

  const dismissRef = useRef(dismiss);
  dismissRef.current = dismiss;
  // Sending the form closes the list (Enter in another field does not blur this one).
  useEffect(() => {
    const form = input.current?.form;
    if (!form) return;
    const onSubmit = () => dismissRef.current();
    form.addEventListener("submit", onSubmit);
    return () => form.removeEventListener("submit", onSubmit);
  }, []);

  const lookup = (text: string) => {
    window.clearTimeout(timer.current);
    inflight.current?.abort();
    if (!text.trim()) {
      setOptions([]);
      close();
      return;
    }
    timer.current = window.setTimeout(async () => {
      const ctrl = new AbortController();
      inflight.current = ctrl;
      try {
        const list = await fetchLocations(mode, text, ctrl.signal);
        if (ctrl.signal.aborted) return;
        setOptions(list);
        setActive(-1);
        // The visitor may have left the field while the answer travelled.
        setOpen(list.length > 0 && document.activeElement === input.current);
        setAnnouncement(
          list.length ? `${list.length} suggestion${list.length === 1 ? "" : "s"}. Use the up and down arrow keys to choose one.` : "No matching places.",
        );
      } catch {
        // Offline or superseded by a newer keystroke: the visitor can simply type on.
      }
    }, SUGGEST_DEBOUNCE_MS);
  };

  const pick = (s: LocationSuggestion) => {
    window.clearTimeout(timer.current);
    inflight.current?.abort();
    onPick(s);
    setOptions([]);
    close();
    setAnnouncement(`${s.city}, ${s.stateId.name} ${s.zipCode[0] ?? ""} chosen.`);
  };

  const onKeyDown = (e: KeyboardEvent<HTMLInputElement>) => {
    const n = options.length;
    switch (e.key) {
      case "ArrowDown":
        if (!n) return;
        e.preventDefault();
        setOpen(true);
        setActive((a) => (a + 1) % n);
        break;
      case "ArrowUp":
        if (!n) return;
        e.preventDefault();
        setOpen(true);
        setActive((a) => (a <= 0 ? n - 1 : a - 1));
        break;
      case "Enter": {
        const chosen = open ? options[active] : undefined;
        if (chosen) {
          // Choosing a suggestion must not submit the form.
          e.preventDefault();
          pick(chosen);
        }
        break;
      }
      case "Escape":
        if (open) e.preventDefault();
        dismiss();
        break;
      case "Tab":
        dismiss();
        break;
    }
  };

  const aria = ariaFor(c, Boolean(hint));
  return (
    <FieldShell control={c} label={label} optional={optional} hint={hint} className={className}>
      <div className="relative">
        <input
          ref={input}
          id={c.id}
          name={c.name}
          value={c.value}
          type="text"
          role="combobox"
          aria-autocomplete="list"
          aria-expanded={open}
          aria-controls={listId}
          aria-activedescendant={open && active >= 0 ? optionId(active) : undefined}
          aria-required={optional ? undefined : true}
          {...aria}
          onChange={(e) => {
            c.onChange(e);
            lookup(e.target.value);
          }}
          onKeyDown={onKeyDown}
          onBlur={() => {
            dismiss();
            c.onBlur();
          }}
          className={inputClass(c.error)}
          {...rest}
          {...(only ? { maxLength: only.maxLength } : {})}
        />
        <div
          id={listId}
          role="listbox"
          aria-label={listLabel}
          hidden={!open}
          className="absolute inset-x-0 top-full z-30 mt-1 max-h-72 overflow-auto rounded-lg border border-slate-300 bg-white py-1 shadow-lg dark:border-slate-600 dark:bg-slate-900"
        >
          {options.map((s, i) => {
            const selected = i === active;
            const more = s.zipCode.length - 1;
            return (
              // biome-ignore lint/a11y/useFocusableInteractive: combobox pattern: focus stays in the input; options are reached by aria-activedescendant.
              // biome-ignore lint/a11y/useKeyWithClickEvents: the keys (Up, Down, Enter) are handled on the input.
              <div
                key={`${s.city}-${s.stateId._id}-${s.zipCode[0]}`}
                id={optionId(i)}
                role="option"
                aria-selected={selected}
                // Keep focus in the input so the list does not close before the click lands.
                onMouseDown={(e) => e.preventDefault()}
                onClick={() => pick(s)}
                className={`flex min-h-11 cursor-pointer items-center gap-2.5 px-3 py-2 text-sm ${
                  selected
                    ? "bg-brand-700 text-white dark:bg-brand-400 dark:text-brand-950"
                    : "text-slate-900 hover:bg-slate-100 dark:text-slate-100 dark:hover:bg-slate-800"
                }`}
              >
                <MapPin aria-hidden="true" className="size-4 shrink-0 opacity-70" />
                {mode === "city" ? (
                  <span>
                    <span className="font-semibold">
                      {s.city}, {s.stateId._id}
                    </span>{" "}
                    <span className={selected ? "" : "text-slate-600 dark:text-slate-400"}>
                      {s.zipCode[0]}
                      {more > 0 ? ` +${more} ZIP${more === 1 ? "" : "s"}` : ""}
                    </span>
                  </span>
                ) : (
                  <span>
                    <span className="font-semibold">{s.zipCode[0]}</span>{" "}
                    <span className={selected ? "" : "text-slate-600 dark:text-slate-400"}>
                      {s.city}, {s.stateId._id}
                    </span>
                  </span>
                )}
              </div>
            );
          })}
        </div>
      </div>
      <span role="status" className="sr-only">
        {announcement}
      </span>
    </FieldShell>
  );
}
