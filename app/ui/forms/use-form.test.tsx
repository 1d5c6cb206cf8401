// @vitest-environment jsdom
import { act, cleanup, fireEvent, render, screen, waitFor } from "@testing-library/react";
import { createRoutesStub } from "react-router";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { z } from "zod";
import { compact, type FormSpec } from "~/shared/forms/form-spec";
import { type FormActionData, replyWords } from "~/shared/forms/protocol";
import { useForm } from "./use-form";

/** A form of two fields whose schema, like the site's, arrives with the first focus. */
const schema = z
  .object({
    email: z.email("Please enter a valid email address"),
    name: z.string().min(1, "Please enter your name"),
    submissionId: z.string().optional(),
    pagePath: z.string().optional(),
    website: z.string().optional(),
  })
  .strict();
const loadSchema = vi.fn(async () => schema);
const spec: FormSpec = {
  kind: "test",
  endpoint: "/web/test",
  initial: { email: "", name: "" },
  schema: loadSchema,
  toPayload: (v) => compact({ email: v.email, name: v.name }),
};

function TestForm({ onSuccess }: { onSuccess?: (body: unknown) => void }) {
  const form = useForm({ id: "t", spec, onSuccess });
  return (
    <form {...form.formProps} aria-label="Test form">
      {(["email", "name"] as const).map((name) => {
        const f = form.field(name);
        return (
          <div key={name}>
            <label htmlFor={f.id}>{name === "email" ? "Email" : "Name"}</label>
            <input id={f.id} name={f.name} value={f.value} onChange={f.onChange} onBlur={f.onBlur} aria-describedby={f.error ? f.errorId : undefined} />
            {f.error && <p id={f.errorId}>{f.error}</p>}
          </div>
        );
      })}
      <input ref={form.honeypotRef} name="website" aria-hidden="true" tabIndex={-1} defaultValue="" />
      {form.message && <p role="alert">{form.message}</p>}
      {form.dialogOpen && (
        <div role="dialog" aria-label="Thank you">
          <button type="button" onClick={form.closeDialog}>
            Close
          </button>
        </div>
      )}
      <button type="submit" disabled={form.status === "submitting"}>
        Submit
      </button>
    </form>
  );
}

/** What the page hands the form as onSuccess in the current test. */
const page: { onSuccess?: (body: unknown) => void } = {};
function ContactPage() {
  return <TestForm onSuccess={page.onSuccess} />;
}

function renderForm(onSuccess?: (body: unknown) => void, actionData?: FormActionData) {
  page.onSuccess = onSuccess;
  const Stub = createRoutesStub([{ id: "contact", path: "/contact", Component: ContactPage }]);
  render(<Stub initialEntries={["/contact"]} hydrationData={actionData ? { actionData: { contact: actionData } } : undefined} />);
  return {
    email: screen.getByLabelText("Email") as HTMLInputElement,
    name: screen.getByLabelText("Name") as HTMLInputElement,
    submit: () => fireEvent.submit(screen.getByRole("form", { name: "Test form" })),
  };
}

const json = (status: number, body: unknown, headers: Record<string, string> = {}) =>
  new Response(JSON.stringify(body), { status, headers: { "Content-Type": "application/json", ...headers } });

let fetchMock: ReturnType<typeof vi.fn>;
beforeEach(() => {
  fetchMock = vi.fn(async () => json(201, { message: "stored" }));
  vi.stubGlobal("fetch", fetchMock);
});
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

const sentBody = (call = 0) => {
  const init = fetchMock.mock.calls[call]?.[1] as RequestInit | undefined;
  return JSON.parse(String(init?.body)) as Record<string, unknown>;
};

describe("useForm", () => {
  it("shows a field's error only once the visitor has left it, and clears it as they fix it", async () => {
    const { email } = renderForm();
    act(() => email.focus());
    await waitFor(() => expect(loadSchema).toHaveBeenCalled());
    fireEvent.change(email, { target: { value: "not-an-email" } });
    expect(screen.queryByText("Please enter a valid email address")).toBeNull();
    fireEvent.blur(email);
    await screen.findByText("Please enter a valid email address");
    expect(email.getAttribute("aria-describedby")).toBe("t-email-error");
    // The untouched field says nothing yet.
    expect(screen.queryByText("Please enter your name")).toBeNull();
    fireEvent.change(email, { target: { value: "sam@example.com" } });
    expect(screen.queryByText("Please enter a valid email address")).toBeNull();
  });

  it("leaving a field for the submit button shows nothing until the submit, so the button does not move under the pointer", async () => {
    const { email } = renderForm();
    act(() => email.focus());
    await waitFor(() => expect(loadSchema).toHaveBeenCalled());
    const submit = screen.getByRole("button", { name: "Submit" });
    fireEvent.blur(email, { relatedTarget: submit });
    await new Promise((r) => setTimeout(r, 0));
    expect(screen.queryByText("Please enter a valid email address")).toBeNull();
    fireEvent.click(submit);
    await screen.findByText("Please enter a valid email address");
    // Leaving it for another field shows its message as before.
  });

  it("on an invalid submit shows every error, focuses the first bad field and sends nothing", async () => {
    const { name, submit } = renderForm();
    fireEvent.change(name, { target: { value: "Sam" } });
    submit();
    await screen.findByText("Please enter a valid email address");
    expect(document.activeElement).toBe(screen.getByLabelText("Email"));
    expect(fetchMock).not.toHaveBeenCalled();
  });

  it("sends the JSON with a submission id and the page, opens the thank-you dialog and empties the form", async () => {
    sessionStorage.setItem("first-touch", JSON.stringify({ landingPage: "/" }));
    const onSuccess = vi.fn();
    const { email, name, submit } = renderForm(onSuccess);
    fireEvent.change(email, { target: { value: "sam@example.com" } });
    fireEvent.change(name, { target: { value: "Sam" } });
    submit();
    await screen.findByRole("dialog", { name: "Thank you" });
    expect(fetchMock).toHaveBeenCalledTimes(1);
    const [url, init] = fetchMock.mock.calls[0] as [string, RequestInit];
    expect(url).toBe("/web/test");
    expect(init.method).toBe("POST");
    // With the visit's first touch, as the head script recorded it.
    expect(sentBody()).toEqual({
      email: "sam@example.com",
      name: "Sam",
      submissionId: expect.stringMatching(/^[0-9a-f-]{36}$/),
      pagePath: "/",
      attribution: { landingPage: "/" },
    });
    expect(onSuccess).toHaveBeenCalledWith({ message: "stored" });
    expect([email.value, name.value]).toEqual(["", ""]);
    fireEvent.click(screen.getByRole("button", { name: "Close" }));
    expect(screen.queryByRole("dialog")).toBeNull();
  });

  it("keeps what was typed when the network fails, and a retry carries the same submission id", async () => {
    fetchMock.mockRejectedValueOnce(new TypeError("Failed to fetch"));
    const { email, name, submit } = renderForm();
    fireEvent.change(email, { target: { value: "sam@example.com" } });
    fireEvent.change(name, { target: { value: "Sam" } });
    submit();
    expect((await screen.findByRole("alert")).textContent).toBe(replyWords.network);
    expect([email.value, name.value]).toEqual(["sam@example.com", "Sam"]);
    submit();
    await screen.findByRole("dialog", { name: "Thank you" });
    expect(sentBody(1).submissionId).toBe(sentBody(0).submissionId);
    // The next filled-in form is a new submission.
    fireEvent.change(email, { target: { value: "kim@example.com" } });
    fireEvent.change(name, { target: { value: "Kim" } });
    submit();
    await waitFor(() => expect(fetchMock).toHaveBeenCalledTimes(3));
    expect(sentBody(2).submissionId).not.toBe(sentBody(0).submissionId);
  });

  it("shows the server's field errors from a 422 beside the fields", async () => {
    fetchMock.mockResolvedValueOnce(json(422, { message: "Validation failed", errors: { name: ["Letters and spaces only"] } }));
    const { email, name, submit } = renderForm();
    fireEvent.change(email, { target: { value: "sam@example.com" } });
    fireEvent.change(name, { target: { value: "Sam" } });
    submit();
    expect((await screen.findByRole("alert")).textContent).toBe(replyWords.invalid);
    expect(screen.getByText("Letters and spaces only").id).toBe("t-name-error");
    expect(document.activeElement).toBe(name);
    // Editing the field takes the server's message away.
    fireEvent.change(name, { target: { value: "Samuel" } });
    expect(screen.queryByText("Letters and spaces only")).toBeNull();
  });

  it.each([
    [429, { "Retry-After": "30" }, replyWords.rateLimited(30)],
    [413, {}, replyWords.tooLarge],
    [503, {}, replyWords.server],
    [403, {}, replyWords.rejected(403)],
  ])("says what a %i answer means and keeps the values", async (status, headers, message) => {
    fetchMock.mockResolvedValueOnce(json(status, { message: "no" }, headers));
    const { email, name, submit } = renderForm();
    fireEvent.change(email, { target: { value: "sam@example.com" } });
    fireEvent.change(name, { target: { value: "Sam" } });
    submit();
    expect((await screen.findByRole("alert")).textContent).toBe(message);
    expect(email.value).toBe("sam@example.com");
  });

  it("after a no-JavaScript post the page action refused, shows its values, errors and message", async () => {
    const { email, name } = renderForm(undefined, {
      formId: "t",
      ok: false,
      values: { email: "sam@", name: "Sam" },
      errors: { email: ["Please enter a valid email address"] },
      message: replyWords.invalid,
    });
    expect([email.value, name.value]).toEqual(["sam@", "Sam"]);
    expect(screen.getByText("Please enter a valid email address").id).toBe("t-email-error");
    expect(screen.getByRole("alert").textContent).toBe(replyWords.invalid);
  });

  it("sends the honeypot only when something filled it in", async () => {
    const { email, name, submit } = renderForm();
    (document.querySelector("input[name=website]") as HTMLInputElement).value = "http://spam.example";
    fireEvent.change(email, { target: { value: "sam@example.com" } });
    fireEvent.change(name, { target: { value: "Sam" } });
    submit();
    await screen.findByRole("dialog");
    expect(sentBody().website).toBe("http://spam.example");
  });
});
