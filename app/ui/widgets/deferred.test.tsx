// @vitest-environment jsdom
import { act, cleanup, fireEvent, render, screen } from "@testing-library/react";
import { type ComponentType, useState } from "react";
import { hydrateRoot, type Root } from "react-dom/client";
import { renderToString } from "react-dom/server";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { deferred } from "./deferred";

/** A part as the site has them: a field and a script-driven button. */
function Part() {
  const [presses, setPresses] = useState(0);
  return (
    <form aria-label="Newsletter">
      <label htmlFor="part-email">Email</label>
      <input id="part-email" name="email" defaultValue="" />
      <button type="button" onClick={() => setPresses((n) => n + 1)}>
        Pressed {presses}
      </button>
    </form>
  );
}

function Page({ Deferred }: { Deferred: ComponentType }) {
  const [renders, setRenders] = useState(0);
  return (
    <main>
      <h1>Page</h1>
      <button type="button" onClick={() => setRenders((n) => n + 1)}>
        Page renders {renders}
      </button>
      <Deferred />
    </main>
  );
}

/** IntersectionObserver under the test's control: `near()` reports every observed element as intersecting. */
class FakeObserver {
  static all: FakeObserver[] = [];
  target: Element | null = null;
  disconnected = false;
  constructor(
    readonly callback: IntersectionObserverCallback,
    readonly options?: IntersectionObserverInit,
  ) {
    FakeObserver.all.push(this);
  }
  observe(el: Element) {
    this.target = el;
  }
  unobserve() {}
  disconnect() {
    this.disconnected = true;
  }
  takeRecords() {
    return [];
  }
  static near() {
    for (const io of FakeObserver.all.filter((o) => !o.disconnected && o.target)) {
      io.callback([{ isIntersecting: true, target: io.target } as IntersectionObserverEntry], io as unknown as IntersectionObserver);
    }
  }
}

let errors: ReturnType<typeof vi.spyOn>;
let root: Root | undefined;
beforeEach(() => {
  FakeObserver.all = [];
  vi.stubGlobal("IntersectionObserver", FakeObserver);
  errors = vi.spyOn(console, "error");
});
afterEach(() => {
  act(() => root?.unmount());
  root = undefined;
  cleanup();
  document.body.innerHTML = "";
  vi.unstubAllGlobals();
  // No hydration mismatch, no warning.
  expect(errors).not.toHaveBeenCalled();
  errors.mockRestore();
});

/** The page as the server sent it (the part inside its wrapper), hydrated by React. */
async function hydratePage(Deferred: ComponentType) {
  const container = document.createElement("div");
  // What the server writes: the part in place, inside the wrapper the browser keeps.
  container.innerHTML = renderToString(
    <Page
      Deferred={() => (
        <div data-deferred="">
          <Part />
        </div>
      )}
    />,
  );
  document.body.appendChild(container);
  await act(async () => {
    root = hydrateRoot(container, <Page Deferred={Deferred} />);
  });
  return container;
}

describe("deferred parts", () => {
  it("keep their server HTML untouched and their code unloaded until they come near", async () => {
    const load = vi.fn(async () => Part);
    const DeferredPart = deferred(load);
    await hydratePage(DeferredPart);
    const serverInput = screen.getByLabelText("Email");
    expect(load).not.toHaveBeenCalled();
    // Marked as waiting for its code, for the inline scripts of app/shared/paint-first.ts.
    expect(serverInput.closest("[data-deferred]")).not.toBeNull();
    expect(FakeObserver.all.map((o) => o.options?.rootMargin)).toEqual(["800px 0px"]);
    // The page re-renders: the part's server HTML is the very same DOM.
    fireEvent.click(screen.getByRole("button", { name: "Page renders 0" }));
    expect(screen.getByRole("button", { name: "Page renders 1" })).toBeTruthy();
    expect(screen.getByLabelText("Email")).toBe(serverInput);
    // Its own button has no script yet.
    fireEvent.click(screen.getByRole("button", { name: "Pressed 0" }));
    expect(screen.getByRole("button", { name: "Pressed 0" })).toBeTruthy();
    expect(load).not.toHaveBeenCalled();
  });

  it("come alive near the viewport, taking over what was typed and where focus was", async () => {
    const load = vi.fn(async () => Part);
    const DeferredPart = deferred(load);
    await hydratePage(DeferredPart);
    const serverInput = screen.getByLabelText("Email") as HTMLInputElement;
    serverInput.value = "sam@example.com";
    serverInput.focus();
    await act(async () => FakeObserver.near());
    expect(load).toHaveBeenCalledTimes(1);
    const liveInput = screen.getByLabelText("Email") as HTMLInputElement;
    expect(liveInput.value).toBe("sam@example.com");
    expect(document.activeElement).toBe(liveInput);
    expect(liveInput.closest("[data-deferred]")).toBeNull();
    expect(FakeObserver.all.every((o) => o.disconnected)).toBe(true);
    // Now its script runs.
    fireEvent.click(screen.getByRole("button", { name: "Pressed 0" }));
    expect(screen.getByRole("button", { name: "Pressed 1" })).toBeTruthy();
    expect(screen.getAllByRole("form", { name: "Newsletter" })).toHaveLength(1);
  });

  it("with when: used, load their code only when the visitor moves focus into them, however near", async () => {
    const load = vi.fn(async () => Part);
    const DeferredPart = deferred(load, { when: "used" });
    await hydratePage(DeferredPart);
    await act(async () => FakeObserver.near());
    expect(load).not.toHaveBeenCalled();
    const serverInput = screen.getByLabelText("Email") as HTMLInputElement;
    serverInput.value = "75201";
    await act(async () => serverInput.focus());
    expect(load).toHaveBeenCalledTimes(1);
    const liveInput = screen.getByLabelText("Email") as HTMLInputElement;
    expect(liveInput.value).toBe("75201");
    expect(document.activeElement).toBe(liveInput);
    expect(liveInput.closest("[data-deferred]")).toBeNull();
  });

  it("render as soon as their code is there after a client-side navigation", async () => {
    const load = vi.fn(async () => Part);
    const DeferredPart = deferred(load);
    render(<Page Deferred={DeferredPart} />);
    expect(load).toHaveBeenCalledTimes(1);
    await act(async () => {});
    expect(FakeObserver.all).toEqual([]);
    fireEvent.click(await screen.findByRole("button", { name: "Pressed 0" }));
    expect(screen.getByRole("button", { name: "Pressed 1" })).toBeTruthy();
  });
});
