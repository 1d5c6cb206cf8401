import { describe, expect, it } from "vitest";
import { UUID_PATTERN } from "~/features/leads/forms/schemas";
import { plainPostId, windowOf } from "./plain-post-id.server";

const secret = "a-salt-of-sixteen-characters";
const post = (fields: Record<string, string>, ip = "203.0.113.7") => ({
  ip,
  kind: "lead-personal",
  page: "/gasoline",
  form: new URLSearchParams(fields),
});
const day = windowOf(Date.UTC(2026, 10, 28, 12));

describe("the submission id of a plain post", () => {
  it("is the same for the same post sent again, and shaped as the schemas' UUID", () => {
    const a = plainPostId(secret, post({ firstName: "Ana", email: "ana@example.com" }), day);
    expect(plainPostId(secret, post({ firstName: "Ana", email: "ana@example.com" }), day)).toBe(a);
    expect(a).toMatch(UUID_PATTERN);
    expect(a).toMatch(/^[0-9a-f]{8}-[0-9a-f]{4}-8[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/);
  });

  it("differs with a field, the client, the day or the installation", () => {
    const a = plainPostId(secret, post({ firstName: "Ana", email: "ana@example.com" }), day);
    expect(plainPostId(secret, post({ firstName: "Ann", email: "ana@example.com" }), day)).not.toBe(a);
    expect(plainPostId(secret, post({ firstName: "Ana", email: "ana@example.com" }, "203.0.113.8"), day)).not.toBe(a);
    expect(plainPostId(secret, post({ firstName: "Ana", email: "ana@example.com" }), day + 1)).not.toBe(a);
    expect(plainPostId(`${secret}!`, post({ firstName: "Ana", email: "ana@example.com" }), day)).not.toBe(a);
  });
});
