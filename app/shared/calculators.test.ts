import fc from "fast-check";
import { describe, expect, it } from "vitest";
import {
  acceptTyped,
  co2Annual,
  co2Initial,
  co2Limits,
  co2Reducer,
  formatLbs,
  formatNumber,
  fromSlider,
  onStep,
  savings,
  savingsInitial,
  savingsLimits,
  savingsReducer,
} from "./calculators";

describe("CO2 calculator", () => {
  it("worked example: diesel, 2,000 vehicles, 10 fuelings a week → 9,360,000 lbs", () => {
    const lbs = co2Annual({ fuel: "diesel", vehicles: 2000, fuelings: 10 });
    expect(lbs).toBe(9_360_000);
    expect(formatLbs(lbs)).toBe("9,360,000 lbs");
  });

  it("gasoline uses 1.4 lbs per fueling and the result is rounded", () => {
    // 52 × 3 × 200 × 1.4 = 43,680 (floating point gives 43679.99…)
    expect(formatLbs(co2Annual({ fuel: "gasoline", vehicles: 200, fuelings: 3 }))).toBe("43,680 lbs");
    // 52 × 1 × 1 × 1.4 = 72.8 → 73
    expect(formatLbs(co2Annual({ fuel: "gasoline", vehicles: 1, fuelings: 1 }))).toBe("73 lbs");
  });

  it("at the maximum: diesel, 20,000 vehicles, 100 fuelings → 936,000,000 lbs", () => {
    expect(formatLbs(co2Annual({ fuel: "diesel", vehicles: 20000, fuelings: 100 }))).toBe("936,000,000 lbs");
  });

  it("starts at zero", () => {
    expect(co2Initial).toEqual({ fuel: "diesel", vehicles: 0, fuelings: 0 });
    expect(formatLbs(co2Annual(co2Initial))).toBe("0 lbs");
  });

  it("changing fuel type resets both sliders and the result to 0", () => {
    let s = co2Reducer(co2Initial, { type: "vehicles", raw: "2000" });
    s = co2Reducer(s, { type: "fuelings", raw: "10" });
    expect(co2Annual(s)).toBe(9_360_000);
    s = co2Reducer(s, { type: "fuel", fuel: "gasoline" });
    expect(s).toEqual({ fuel: "gasoline", vehicles: 0, fuelings: 0 });
    expect(co2Annual(s)).toBe(0);
  });

  it("ignores typed values above the maximum", () => {
    let s = co2Reducer(co2Initial, { type: "vehicles", raw: "4000" });
    s = co2Reducer(s, { type: "vehicles", raw: "20001" });
    expect(s.vehicles).toBe(4000);
    s = co2Reducer(s, { type: "fuelings", raw: "100" });
    s = co2Reducer(s, { type: "fuelings", raw: "101" });
    expect(s.fuelings).toBe(100);
    s = co2Reducer(s, { type: "vehicles", raw: "20000" });
    expect(s.vehicles).toBe(20000);
  });

  it("no combination of inputs gives a negative or non-finite result", () => {
    fc.assert(
      fc.property(fc.constantFrom("diesel" as const, "gasoline" as const), fc.string(), fc.string(), (fuel, v, f) => {
        let s = co2Reducer(co2Initial, { type: "fuel", fuel });
        s = co2Reducer(s, { type: "vehicles", raw: v });
        s = co2Reducer(s, { type: "fuelings", raw: f });
        expect(s.vehicles).toBeGreaterThanOrEqual(co2Limits.vehicles.min);
        expect(s.vehicles).toBeLessThanOrEqual(co2Limits.vehicles.max);
        expect(s.fuelings).toBeLessThanOrEqual(co2Limits.fuelings.max);
        expect(Number.isFinite(co2Annual(s))).toBe(true);
        expect(co2Annual(s)).toBeGreaterThanOrEqual(0);
      }),
    );
  });
});

describe("savings calculator", () => {
  it("worked example: 100 vehicles refuelled 5 times a week → total 24,000 and average annual 2,880", () => {
    const r = savings({ vehicles: 100, gallons: 6000, refuels: 5 });
    expect(r.total).toBe(100 * 5 * 4 * 12);
    expect(formatNumber(r.total)).toBe("24,000");
    expect(formatNumber(r.averageAnnual)).toBe("2,880");
  });

  it("monthly gallons do not change the formula", () => {
    expect(savings({ vehicles: 10, gallons: 0, refuels: 3 })).toEqual(savings({ vehicles: 10, gallons: 20000, refuels: 3 }));
  });

  it("at the maximum: 200 vehicles, 100 refuels → 960,000 and 115,200", () => {
    const r = savings({ vehicles: 200, gallons: 20000, refuels: 100 });
    expect(formatNumber(r.total)).toBe("960,000");
    expect(formatNumber(r.averageAnnual)).toBe("115,200");
  });

  it("rounds the average: 2 vehicles, 1 refuel → total 96, average 11.52 → 12", () => {
    const r = savings({ vehicles: 2, gallons: 0, refuels: 1 });
    expect(r.averageAnnual).toBeCloseTo(11.52);
    expect(formatNumber(r.averageAnnual)).toBe("12");
  });

  it("typed values above the slider maximum are ignored", () => {
    let s = savingsReducer(savingsInitial, { type: "set", field: "vehicles", raw: "150" });
    s = savingsReducer(s, { type: "set", field: "vehicles", raw: "201" });
    s = savingsReducer(s, { type: "set", field: "gallons", raw: "20000" });
    s = savingsReducer(s, { type: "set", field: "gallons", raw: "20200" });
    s = savingsReducer(s, { type: "set", field: "refuels", raw: "7" });
    s = savingsReducer(s, { type: "set", field: "refuels", raw: "1000" });
    expect(s).toEqual({ vehicles: 150, gallons: 20000, refuels: 7 });
  });

  it("Re-Calculate resets everything to 0", () => {
    let s = savingsReducer(savingsInitial, { type: "set", field: "vehicles", raw: "50" });
    s = savingsReducer(s, { type: "set", field: "refuels", raw: "4" });
    expect(savings(s).total).toBe(9600);
    s = savingsReducer(s, { type: "reset" });
    expect(s).toEqual({ vehicles: 0, gallons: 0, refuels: 0 });
    expect(savings(s)).toEqual({ total: 0, averageAnnual: 0 });
  });
});

describe("typed entries", () => {
  const limit = { min: 0, max: 100, step: 1 };
  it("empty means 0, junk and negatives are ignored, fractions round", () => {
    expect(acceptTyped("", limit, 40)).toBe(0);
    expect(acceptTyped("abc", limit, 40)).toBe(40);
    expect(acceptTyped("-3", limit, 40)).toBe(40);
    expect(acceptTyped("12.6", limit, 40)).toBe(13);
    expect(acceptTyped(" 55 ", limit, 40)).toBe(55);
  });
});

describe("typed values off the slider's steps", () => {
  it("a typed 350 vehicles stays 350 and the formula uses it (350 × 10 × 52 × 9)", () => {
    const s = co2Reducer(co2Initial, { type: "vehicles", raw: "350" });
    expect(s.vehicles).toBe(350);
    expect(onStep(350, co2Limits.vehicles)).toBe(false);
    expect(formatLbs(co2Annual({ ...s, fuelings: 10 }))).toBe("1,638,000 lbs");
  });

  it("a typed 11 vehicles stays 11 in the savings calculator (11 × 2 × 4 × 12)", () => {
    let s = savingsReducer(savingsInitial, { type: "set", field: "vehicles", raw: "11" });
    s = savingsReducer(s, { type: "set", field: "refuels", raw: "2" });
    expect(s.vehicles).toBe(11);
    expect(savings(s).total).toBe(1056);
  });

  it("the slider's next move goes back onto its steps, in the direction moved", () => {
    const v = co2Limits.vehicles;
    // An arrow key on an "any"-step slider moves a hundredth of the range (200 here).
    expect(fromSlider(550, v, 350)).toBe(400);
    expect(fromSlider(150, v, 350)).toBe(200);
    // A drag lands on the step nearest where it ended.
    expect(fromSlider(9_950, v, 350)).toBe(10_000);
    // On the steps, the slider's own values pass unchanged; the ends hold.
    expect(fromSlider(600, v, 400)).toBe(600);
    expect(fromSlider(20_000, v, 19_800)).toBe(20_000);
    expect(fromSlider(0, v, 150)).toBe(0);
    expect(fromSlider(13, savingsLimits.vehicles, 11)).toBe(12);
    expect(fromSlider(9, savingsLimits.vehicles, 11)).toBe(10);
  });
});
