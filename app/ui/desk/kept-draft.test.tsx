// @vitest-environment jsdom
import { act, cleanup, fireEvent, render, screen, waitFor } from "@testing-library/react";
import { createMemoryRouter, RouterProvider } from "react-router";
import { afterEach, describe, expect, it } from "vitest";
import { useLeaveGuard } from "./kept-draft";

/** A page with unsaved text: leaving it asks, as the desk's editors do. */
function Editor() {
  const { blocker, leave } = useLeaveGuard(() => true);
  return (
    <main>
      <h1>Editor</h1>
      {blocker.state === "blocked" ? (
        <div role="alertdialog" aria-label="Unsaved changes">
          <button type="button" onClick={() => blocker.reset()}>
            Stay here
          </button>
          <button type="button" onClick={leave}>
            Leave
          </button>
        </div>
      ) : null}
    </main>
  );
}

function deskRouter() {
  return createMemoryRouter(
    [
      { path: "/", element: <h1>List</h1> },
      { path: "/edit", element: <Editor /> },
      { path: "/images", element: <h1>Images</h1> },
    ],
    { initialEntries: ["/", "/edit"], initialIndex: 1 },
  );
}

afterEach(cleanup);

describe("useLeaveGuard", () => {
  it("asks before leaving a page with unsaved text, and stays on Stay here", async () => {
    const router = deskRouter();
    render(<RouterProvider router={router} />);
    await act(() => router.navigate("/images"));
    expect(router.state.location.pathname).toBe("/edit");
    fireEvent.click(screen.getByRole("button", { name: "Stay here" }));
    await waitFor(() => expect(screen.queryByRole("alertdialog")).toBeNull());
    expect(router.state.location.pathname).toBe("/edit");
  });

  it("after Leave, a Back pressed before the page has gone goes back instead of being held", async () => {
    const router = deskRouter();
    render(<RouterProvider router={router} />);
    await act(() => router.navigate("/images"));
    // Back, the moment the next page's address is in place: React has not yet taken the
    // editor (and its guard) off the page.
    let pressed = false;
    const unsubscribe = router.subscribe((state) => {
      if (pressed || state.location.pathname !== "/images") return;
      pressed = true;
      void router.navigate(-1);
    });
    await act(async () => {
      fireEvent.click(screen.getByRole("button", { name: "Leave" }));
    });
    await waitFor(() => expect(router.state.location.pathname).toBe("/edit"));
    unsubscribe();
    expect(pressed).toBe(true);
    expect(screen.getByRole("heading", { name: "Editor" })).toBeTruthy();
  });
});
