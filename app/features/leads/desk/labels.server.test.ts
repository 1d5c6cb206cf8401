import { describe, expect, it } from "vitest";
import { campaignDates } from "~/features/leads/forms/kinds/quote-business";
import { formatValue } from "./labels.server";

/** campaignDates as a browser in `timeZone` works them out (its local year's first and last millisecond). */
function sentFrom(timeZone: string, year = 2026) {
  const offsetAt = (utc: number) => {
    const p = Object.fromEntries(
      new Intl.DateTimeFormat("en-US", {
        timeZone,
        hourCycle: "h23",
        year: "numeric",
        month: "numeric",
        day: "numeric",
        hour: "numeric",
        minute: "numeric",
        second: "numeric",
      })
        .formatToParts(utc)
        .map((x) => [x.type, x.value]),
    );
    // The parts hold whole seconds: the offset is to the second the time falls in.
    return Date.UTC(Number(p.year), Number(p.month) - 1, Number(p.day), Number(p.hour), Number(p.minute), Number(p.second)) - Math.floor(utc / 1000) * 1000;
  };
  const local = (y: number, m: number, d: number, h: number, min: number, s: number, ms: number) => {
    const wall = Date.UTC(y, m, d, h, min, s, ms);
    return wall - offsetAt(wall - offsetAt(wall));
  };
  return { campaignStartDate: local(year, 0, 1, 0, 0, 0, 0), campaignEndDate: local(year, 11, 31, 23, 59, 59, 999) };
}

describe("a campaign's dates as the visitor meant them", () => {
  it.each(["America/Chicago", "America/Los_Angeles", "Pacific/Honolulu", "America/New_York", "UTC", "Europe/Madrid", "Asia/Tokyo"])(
    "reads 1 January to 31 December from a browser in %s",
    (zone) => {
      const sent = sentFrom(zone);
      expect(formatValue("campaignStartDate", sent.campaignStartDate)).toBe("January 1, 2026");
      expect(formatValue("campaignEndDate", sent.campaignEndDate)).toBe("December 31, 2026");
    },
  );

  it("agrees with what this machine's browser code sends", () => {
    const sent = campaignDates(new Date(2026, 5, 1));
    expect(formatValue("campaignStartDate", sent.campaignStartDate)).toBe("January 1, 2026");
    expect(formatValue("campaignEndDate", sent.campaignEndDate)).toBe("December 31, 2026");
  });
});
