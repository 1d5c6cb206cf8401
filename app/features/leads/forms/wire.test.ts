import type { $ZodType } from "zod/v4/core";
import { describe, expect, it } from "vitest";
import { commentPayloadSchema } from "~/features/content/comment-schema";
import { resolveSchema } from "~/shared/forms/form-spec";
import { forms } from "./registry";
import { asWireKind, readWire, wireKind, wireShape } from "./wire";

const wireSchemaOf = (spec: (typeof forms)[number]): Promise<$ZodType> => (spec.wireSchema ? spec.wireSchema() : resolveSchema(spec));

describe("how the API reads a field", () => {
  it("knows, for every field of every form and of the comment form, whether it takes a number, a text or a boolean", async () => {
    const unknown: string[] = [];
    for (const spec of forms) {
      const shape = wireShape(await wireSchemaOf(spec));
      expect(Object.keys(shape).length, spec.kind).toBeGreaterThan(0);
      for (const [name, rule] of Object.entries(shape)) if (!wireKind(rule)) unknown.push(`${spec.kind}.${name}`);
    }
    for (const [name, rule] of Object.entries(wireShape(commentPayloadSchema))) if (!wireKind(rule)) unknown.push(`comment.${name}`);
    expect(unknown).toEqual([]);
  });

  it("reads the numbers of the specification as numbers, its texts as texts, its booleans as booleans", async () => {
    const kinds = async (kind: string) => {
      const spec = forms.find((f) => f.kind === kind);
      if (!spec) throw new Error(kind);
      return Object.fromEntries(Object.entries(wireShape(await wireSchemaOf(spec))).map(([n, r]) => [n, wireKind(r)]));
    };
    expect(await kinds("quote-business")).toMatchObject({
      type: "number",
      employeeSize: "number",
      fleetSize: "number",
      gallons: "number",
      numberOfLocation: "number",
      deliveryWindowStartTime: "number",
      deliveryWindowEndTime: "number",
      campaignStartDate: "number",
      campaignEndDate: "number",
      lat: "text",
      long: "text",
      zipCode: "text",
      phoneNumber: "text",
      state: "text",
    });
    expect(await kinds("lead-business")).toMatchObject({ type: "number", fleetSize: "text", companySize: "text", zipCode: "text" });
    expect(await kinds("newsletter")).toMatchObject({ type: "number", email: "text" });
    expect(wireKind(wireShape(commentPayloadSchema).isChildComment as $ZodType)).toBe("boolean");
  });

  it("takes a number's text with blanks around it, and leaves anything else for the rule to refuse", () => {
    expect(asWireKind("number", "19")).toBe(19);
    expect(asWireKind("number", " 19 ")).toBe(19);
    expect(asWireKind("number", "-96.5")).toBe(-96.5);
    expect(asWireKind("number", "19abc")).toBe("19abc");
    expect(asWireKind("number", "1e3")).toBe("1e3");
    expect(asWireKind("number", "")).toBeUndefined();
    expect(asWireKind("number", 19)).toBe(19);
    expect(asWireKind("text", 79101)).toBe("79101");
    expect(asWireKind("text", -96.7996)).toBe("-96.7996");
    expect(asWireKind("text", true)).toBe(true);
    for (const t of ["true", "TRUE", "True", " tRuE "]) expect(asWireKind("boolean", t)).toBe(true);
    for (const f of ["false", "FALSE", "False"]) expect(asWireKind("boolean", f)).toBe(false);
    expect(asWireKind("boolean", "yes")).toBe("yes");
    expect(asWireKind("boolean", 1)).toBe(1);
  });

  it("leaves fields the schema does not describe as they came, a field named __proto__ included", async () => {
    const schema = await wireSchemaOf(forms.find((f) => f.kind === "newsletter") as (typeof forms)[number]);
    const body = JSON.parse('{"type":"4","email":"a@b.co","__proto__":"x","other":"5"}') as Record<string, unknown>;
    const read = readWire(schema, body);
    expect(read).toEqual(JSON.parse('{"type":4,"email":"a@b.co","__proto__":"x","other":"5"}'));
    expect(Object.getPrototypeOf(read)).toBe(Object.prototype);
  });
});
