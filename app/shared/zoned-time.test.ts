import { describe, expect, it } from "vitest";
import { ageOf, formatInZone, isTimeZone, timeInZone } from "./zoned-time";

describe("desk times in a zone", () => {
  it("shows a time in the zone with its abbreviation, daylight saving included", () => {
    expect(formatInZone("2026-01-15T15:30:00.000Z", "America/Chicago")).toBe("Jan 15, 2026, 9:30 AM CST");
    expect(formatInZone("2026-07-15T15:30:00.000Z", "America/Chicago")).toBe("Jul 15, 2026, 10:30 AM CDT");
    expect(formatInZone("2026-01-15T15:30:00.000Z", "UTC")).toBe("Jan 15, 2026, 3:30 PM UTC");
  });
  it("falls back to UTC for an unknown zone and keeps text that is not a time", () => {
    expect(formatInZone("2026-01-15T15:30:00.000Z", "Mars/Olympus")).toBe("Jan 15, 2026, 3:30 PM UTC");
    expect(formatInZone("soon", "UTC")).toBe("soon");
    expect(isTimeZone("Europe/Berlin")).toBe(true);
    expect(isTimeZone("Europe/Nowhere")).toBe(false);
    expect(isTimeZone("'; drop")).toBe(false);
  });
  it("says how long ago in a few characters", () => {
    const now = new Date("2026-01-15T12:00:00.000Z");
    expect(ageOf("2026-01-15T11:59:30.000Z", now)).toBe("just now");
    expect(ageOf("2026-01-15T11:15:00.000Z", now)).toBe("45 min");
    expect(ageOf("2026-01-15T09:00:00.000Z", now)).toBe("3 h");
    expect(ageOf("2026-01-12T12:00:00.000Z", now)).toBe("3 d");
    expect(ageOf("2025-12-01T12:00:00.000Z", now)).toBe("6 wk");
  });
});

describe("timeInZone", () => {
  it("is the time of day in the zone, named", () => {
    expect(timeInZone("2026-01-15T15:30:00.000Z", "America/Chicago")).toBe("9:30 AM CST");
    expect(timeInZone("2026-07-15T15:30:00.000Z", "America/Chicago")).toBe("10:30 AM CDT");
    expect(timeInZone("2026-01-15T15:30:00.000Z", "Nowhere/Else")).toBe("3:30 PM UTC");
    expect(timeInZone("not a time", "UTC")).toBe("not a time");
  });
});
