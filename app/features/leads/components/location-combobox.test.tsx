// @vitest-environment jsdom
import { act, cleanup, fireEvent, render, screen } from "@testing-library/react";
import { type ChangeEvent, useState } from "react";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import type { LocationSuggestion } from "~/features/leads/forms/location";
import type { FieldControl } from "~/ui/forms/use-form";
import { LocationCombobox, SUGGEST_DEBOUNCE_MS } from "./location-combobox";

const place = (city: string, stateId: string, zips: string[]): LocationSuggestion => ({
  city,
  zipCode: zips,
  stateId: { _id: stateId, name: stateId === "TX" ? "Texas" : "Georgia" },
  county: `${city} County`,
  lat: "32.7",
  long: "-96.8",
  country: "US",
});
const DALLAS = place("Dallas", "TX", ["75201", "75202", "75203"]);
const DALLAS_GA = place("Dallas", "GA", ["30132"]);

/** The combobox with a field control of its own, as a form hook would give it. */
function Harness({ onPick, onSubmit }: { onPick: (s: LocationSuggestion) => void; onSubmit: () => void }) {
  const [value, setValue] = useState("");
  const [touched, setTouched] = useState(false);
  const control: FieldControl = {
    id: "t-city",
    name: "city",
    value,
    onChange: (e: ChangeEvent<HTMLInputElement | HTMLSelectElement | HTMLTextAreaElement>) => setValue(e.target.value),
    onBlur: () => setTouched(true),
    error: touched && !value ? "Please enter your city" : undefined,
    errorId: "t-city-error",
  };
  return (
    <form
      onSubmit={(e) => {
        e.preventDefault();
        onSubmit();
      }}
    >
      <LocationCombobox
        control={control}
        label="City"
        mode="city"
        listLabel="Matching cities"
        onPick={(s) => {
          setValue(s.city);
          onPick(s);
        }}
      />
    </form>
  );
}

let fetchMock: ReturnType<typeof vi.fn>;

beforeEach(() => {
  vi.useFakeTimers();
  fetchMock = vi.fn(async (url: string) => {
    const q = new URL(url, "http://localhost").searchParams.get("citySearch") ?? "";
    const list = [DALLAS, DALLAS_GA].filter((p) => p.city.toLowerCase().startsWith(q.toLowerCase()));
    return new Response(JSON.stringify({ data: { data: list, count: list.length } }), { headers: { "Content-Type": "application/json" } });
  });
  vi.stubGlobal("fetch", fetchMock);
});

afterEach(() => {
  cleanup();
  vi.useRealTimers();
  vi.unstubAllGlobals();
});

function setup() {
  const onPick = vi.fn();
  const onSubmit = vi.fn();
  render(<Harness onPick={onPick} onSubmit={onSubmit} />);
  const input = screen.getByRole("combobox", { name: "City" });
  return { input, onPick, onSubmit };
}

/** Types text as a visitor would: in the focused field, one change per character. */
function type(input: HTMLElement, text: string) {
  input.focus();
  let value = (input as HTMLInputElement).value;
  for (const ch of text) {
    value += ch;
    fireEvent.change(input, { target: { value } });
  }
}

/** Lets the debounce run out and the answer arrive. */
async function pause(ms = SUGGEST_DEBOUNCE_MS) {
  await act(() => vi.advanceTimersByTimeAsync(ms));
}

describe("location combobox", () => {
  it("asks once per pause in typing, then opens the list and announces the count", async () => {
    const { input } = setup();
    expect(input.getAttribute("aria-expanded")).toBe("false");
    type(input, "Dal");
    await pause(SUGGEST_DEBOUNCE_MS - 1);
    expect(fetchMock).not.toHaveBeenCalled();
    await pause(1);
    expect(fetchMock).toHaveBeenCalledTimes(1);
    expect(String(fetchMock.mock.calls[0]?.[0])).toContain("citySearch=Dal");
    const list = screen.getByRole("listbox", { name: "Matching cities" });
    expect(list.hidden).toBe(false);
    expect(input.getAttribute("aria-expanded")).toBe("true");
    expect(input.getAttribute("aria-controls")).toBe(list.id);
    expect(screen.getAllByRole("option").map((o) => o.textContent)).toEqual(["Dallas, TX 75201 +2 ZIPs", "Dallas, GA 30132"]);
    expect(screen.getByRole("status").textContent).toBe("2 suggestions. Use the up and down arrow keys to choose one.");
  });

  it("moves through the list with Up and Down, wrapping, and chooses with Enter without submitting", async () => {
    const { input, onPick, onSubmit } = setup();
    type(input, "Dallas");
    await pause();
    const options = screen.getAllByRole("option");
    expect(input.getAttribute("aria-activedescendant")).toBeNull();
    fireEvent.keyDown(input, { key: "ArrowDown" });
    expect(input.getAttribute("aria-activedescendant")).toBe(options[0]?.id);
    expect(options[0]?.getAttribute("aria-selected")).toBe("true");
    fireEvent.keyDown(input, { key: "ArrowDown" });
    fireEvent.keyDown(input, { key: "ArrowDown" });
    expect(input.getAttribute("aria-activedescendant")).toBe(options[0]?.id);
    fireEvent.keyDown(input, { key: "ArrowUp" });
    expect(input.getAttribute("aria-activedescendant")).toBe(options[1]?.id);
    const enter = fireEvent.keyDown(input, { key: "Enter" });
    expect(enter).toBe(false); // default prevented: the form is not submitted
    expect(onSubmit).not.toHaveBeenCalled();
    expect(onPick).toHaveBeenCalledWith(DALLAS_GA);
    expect(screen.getByRole("listbox", { hidden: true }).hidden).toBe(true);
    expect(input.getAttribute("aria-expanded")).toBe("false");
    expect(screen.getByRole("status").textContent).toBe("Dallas, Georgia 30132 chosen.");
  });

  it("closes with Escape and on Tab, and Enter with nothing chosen is left to the form", async () => {
    const { input, onPick } = setup();
    type(input, "Dal");
    await pause();
    fireEvent.keyDown(input, { key: "Escape" });
    expect(input.getAttribute("aria-expanded")).toBe("false");
    fireEvent.keyDown(input, { key: "ArrowDown" });
    expect(input.getAttribute("aria-expanded")).toBe("true");
    fireEvent.keyDown(input, { key: "Tab" });
    expect(input.getAttribute("aria-expanded")).toBe("false");
    expect(fireEvent.keyDown(input, { key: "Enter" })).toBe(true);
    expect(onPick).not.toHaveBeenCalled();
  });

  it("chooses with a click, keeping focus in the input", async () => {
    const { input, onPick } = setup();
    input.focus();
    type(input, "Dal");
    await pause();
    const first = screen.getAllByRole("option")[0] as HTMLElement;
    // The press does not move focus away (the list would close before the click).
    expect(fireEvent.mouseDown(first)).toBe(false);
    fireEvent.click(first);
    expect(onPick).toHaveBeenCalledWith(DALLAS);
    expect((input as HTMLInputElement).value).toBe("Dallas");
    expect(document.activeElement).toBe(input);
  });

  it("says so when nothing matches, and asks nothing for an emptied input", async () => {
    const { input } = setup();
    type(input, "Zz");
    await pause();
    expect(input.getAttribute("aria-expanded")).toBe("false");
    expect(screen.getByRole("status").textContent).toBe("No matching places.");
    fireEvent.change(input, { target: { value: "" } });
    await pause();
    expect(fetchMock).toHaveBeenCalledTimes(1);
  });

  it("drops an answer overtaken by newer typing", async () => {
    let release: (r: Response) => void = () => {};
    fetchMock.mockImplementationOnce(
      (_url: string, init?: RequestInit) =>
        new Promise<Response>((resolve, reject) => {
          release = resolve;
          init?.signal?.addEventListener("abort", () => reject(new DOMException("aborted", "AbortError")));
        }),
    );
    const { input } = setup();
    type(input, "Zz");
    await pause();
    type(input, "x");
    await pause();
    release(new Response(JSON.stringify({ data: { data: [DALLAS], count: 1 } })));
    await pause(0);
    expect(fetchMock).toHaveBeenCalledTimes(2);
    expect(screen.queryAllByRole("option")).toEqual([]);
    expect(screen.getByRole("status").textContent).toBe("No matching places.");
  });

  it("links the error message once the field was left empty", () => {
    const { input } = setup();
    fireEvent.blur(input);
    expect(input.getAttribute("aria-invalid")).toBe("true");
    expect(input.getAttribute("aria-describedby")).toContain("t-city-error");
  });
});
