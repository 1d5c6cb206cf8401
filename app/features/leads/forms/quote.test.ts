import { describe, expect, it } from "vitest";
import { campaignDates, DAY_MS, deliveryWindowMs, deliveryWindowOf, deliveryWindows, employeeSizeValue, HOUR_MS } from "./kinds/quote-business";

describe("employee size", () => {
  it("maps each range to its upper bound (docs/deviations.md corrects 200-500 and 500-1000)", () => {
    expect(employeeSizeValue).toEqual({ "10-50": 50, "50-100": 100, "100-200": 200, "200-500": 500, "500-1000": 1000 });
  });
});

describe("delivery windows", () => {
  it("are six 4-hour windows covering the day, in milliseconds from midnight", () => {
    expect(deliveryWindows.map((w) => w.value)).toEqual(["00-04", "04-08", "08-12", "12-16", "16-20", "20-24"]);
    expect(deliveryWindowMs("00-04")).toEqual({ start: 0, end: 14_400_000 });
    expect(deliveryWindowMs("08-12")).toEqual({ start: 28_800_000, end: 43_200_000 });
    expect(deliveryWindowMs("20-24")).toEqual({ start: 72_000_000, end: DAY_MS });
    for (const w of deliveryWindows) expect(w.end - w.start).toBe(4 * HOUR_MS);
    expect(deliveryWindows[0]?.start).toBe(0);
    expect(deliveryWindows.at(-1)?.end).toBe(86_400_000);
  });
  it("round-trips and refuses anything else", () => {
    for (const w of deliveryWindows) expect(deliveryWindowOf(w.start, w.end)).toBe(w.value);
    expect(deliveryWindowMs("09-13")).toBeUndefined();
    expect(deliveryWindowMs("")).toBeUndefined();
  });
});

describe("campaign dates", () => {
  it("run from the first millisecond of 1 January to the last of 31 December of the current year", () => {
    const { campaignStartDate, campaignEndDate } = campaignDates(new Date(2025, 6, 14, 15, 30));
    const start = new Date(campaignStartDate);
    const end = new Date(campaignEndDate);
    expect([start.getFullYear(), start.getMonth(), start.getDate(), start.getHours(), start.getMinutes(), start.getMilliseconds()]).toEqual([
      2025, 0, 1, 0, 0, 0,
    ]);
    expect([end.getFullYear(), end.getMonth(), end.getDate(), end.getHours(), end.getMinutes(), end.getSeconds(), end.getMilliseconds()]).toEqual([
      2025, 11, 31, 23, 59, 59, 999,
    ]);
    expect(campaignEndDate + 1).toBe(new Date(2026, 0, 1).getTime());
  });
  it("handles the first and last instant of a year and leap years", () => {
    expect(campaignDates(new Date(2024, 0, 1, 0, 0, 0, 0)).campaignStartDate).toBe(new Date(2024, 0, 1).getTime());
    expect(campaignDates(new Date(2024, 11, 31, 23, 59, 59, 999)).campaignEndDate).toBe(new Date(2025, 0, 1).getTime() - 1);
    const leap = campaignDates(new Date(2024, 1, 29));
    // 2024 has 366 days; without DST the span is exactly 366 days minus 1 ms.
    const span = leap.campaignEndDate - leap.campaignStartDate + 1;
    expect(Math.round(span / DAY_MS)).toBe(366);
  });
});
