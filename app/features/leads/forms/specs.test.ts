import { describe, expect, it } from "vitest";
import { toNumber } from "~/features/leads/forms/define";
import { quoteBusinessPayload } from "./kinds/quote-business";

describe("number fields read numbers as people write them", () => {
  it.each([
    ["4000", 4000],
    ["4,000", 4000],
    ["4 000", 4000],
    ["4\u00a0000", 4000],
    ["1,250,000", 1250000],
    [" 12 ", 12],
  ])("%j is %d", (typed, n) => expect(toNumber(typed)).toBe(n));

  it.each(["4,00", "4.000,5", "4,000 000", "12a", "-3", "4.5", ",000"])("%j stays text for the schema to refuse", (typed) => {
    expect(toNumber(typed)).toBe(typed.trim());
  });

  it("is absent when empty", () => expect(toNumber("  ")).toBeUndefined());

  it("sends the clean number in a quote", () => {
    const p = quoteBusinessPayload({ gallons: "4,000", fleetSize: "1 200", numberOfLocation: "3" });
    expect(p).toMatchObject({ gallons: 4000, fleetSize: 1200, numberOfLocation: 3 });
  });
});
