import { describe, expect, it } from "vitest";
import { localInputToUtc } from "~/shared/zoned-input";
import { factColumns, localTimes } from "./export-values.server";
import { formatValue } from "./labels.server";
import { leadCsvHeader } from "./export.server";
import { formKinds } from "~/features/leads/forms/registry";
import { deliveryWindows } from "~/features/leads/forms/kinds/quote-business";

/** What the quote form sends from a browser in `zone`: the first millisecond of 1 January and the last of 31 December of 2026 there. */
function campaignIn(zone: string) {
  const start = Date.parse(localInputToUtc("2026-01-01T00:00:00", zone) ?? "");
  const end = Date.parse(localInputToUtc("2026-12-31T23:59:59", zone) ?? "") + 999;
  return { campaignStartDate: start, campaignEndDate: end };
}

const column = (label: string) => {
  const c = factColumns().find((x) => x.label === label);
  if (!c) throw new Error(`no column ${label}`);
  return c;
};

describe("the export's campaign dates", () => {
  const zones = ["Pacific/Honolulu", "America/Los_Angeles", "America/Chicago", "America/New_York", "UTC", "Europe/Berlin", "Asia/Tokyo", "Pacific/Guam"];

  it.each(zones)("are the dates a visitor in %s meant, whatever zone the export is read in", (zone) => {
    const payload = campaignIn(zone);
    expect(column("Campaign starts").value(payload)).toBe("January 1, 2026");
    expect(column("Campaign ends").value(payload)).toBe("December 31, 2026");
  });

  it("read a plain date sent as its UTC midnight as that date", () => {
    expect(formatValue("campaignEndDate", Date.UTC(2026, 11, 31))).toBe("December 31, 2026");
    expect(formatValue("campaignStartDate", Date.UTC(2026, 0, 1))).toBe("January 1, 2026");
    expect(formatValue("campaignEndDate", Date.UTC(2026, 11, 31, 12))).toBe("December 31, 2026");
  });

  it("keep a value that is no time as it came", () => {
    expect(formatValue("campaignEndDate", Number.NaN)).toBe("NaN");
  });

  it("are dates, not times converted through the exporter's zone", () => {
    // The lead's own times are in the exporter's zone; the visitor's dates are not moved by it.
    const payload = campaignIn("America/Los_Angeles");
    const chicago = localTimes("America/Chicago");
    expect(chicago.format(new Date(payload.campaignEndDate).toISOString())).toBe("2027-01-01 01:59");
    expect(column("Campaign ends").value(payload)).toBe("December 31, 2026");
  });
});

describe("the export's field columns", () => {
  const sample = (key: string) =>
    key === "deliveryWindow" ? (deliveryWindows[0]?.value ?? "") : /size|gallons|number|type$/i.test(key) ? "12" : `${key} given`;
  // What each lead form stores with every field it asks filled in; the waitlist's market and
  // service answer are added by the server (waitlist.server.ts).
  const payloads = formKinds()
    .filter((k) => k.lead !== false)
    .map((k) => {
      const payload = k.spec.toPayload(Object.fromEntries(Object.keys(k.spec.initial).map((key) => [key, sample(key)])));
      return k.spec.kind === "waitlist" ? { ...payload, market: "Dallas", status: "served" } : payload;
    });

  it("are each filled by some form: no column is always empty", () => {
    const empty = factColumns()
      .filter((c) => payloads.every((p) => c.value(p) === ""))
      .map((c) => c.label);
    expect(empty).toEqual([]);
  });

  it("are named in words, and the header names no bare code", () => {
    for (const label of leadCsvHeader("America/Chicago")) expect(label, label).not.toMatch(/^[a-z]+(_[a-z]+)*$|^[a-z]+[A-Z]\w*$/);
    expect(leadCsvHeader("America/Chicago")).toContain("Received (America/Chicago)");
  });

  it("give the values a form stores as codes in words", () => {
    expect(formatValue("fleetSize", "1-10")).toBe("1–10 vehicles");
    expect(formatValue("fleetSize", "500+")).toBe("More than 500 vehicles");
    expect(formatValue("fleetSize", 40)).toBe("40");
    expect(formatValue("country", "US")).toBe("United States");
    expect(formatValue("status", "coming-soon")).toBe("Coming soon");
    expect(formatValue("frequency", "alternate")).toBe("Every other day");
  });
});
