import { readFileSync } from "node:fs";
import { describe, expect, it } from "vitest";
import { locations } from "~/copy/locations";
import { answerSentence, greatCircleMiles, markets, serviceAt, zipProblem } from "~/features/service-area/service-area";
import { lookupFrom, type ServiceAreaTable } from "~/features/service-area/service-area-table";
import { buildServiceAreaTable, serviceForZip } from "./service-area.server";
import { zipIndex } from "./zip-data.server";

const committed = JSON.parse(readFileSync(new URL("./service-area-table.json", import.meta.url), "utf8")) as ServiceAreaTable;

describe("great-circle distance", () => {
  it("gives the known distances", () => {
    // Dallas to Fort Worth about 31 miles; Los Angeles to New York about 2,445 miles.
    expect(greatCircleMiles(32.7767, -96.797, 32.7555, -97.3308)).toBeCloseTo(31, 0);
    expect(greatCircleMiles(34.0522, -118.2437, 40.7128, -74.006)).toBeGreaterThan(2440);
    expect(greatCircleMiles(34.0522, -118.2437, 40.7128, -74.006)).toBeLessThan(2450);
    expect(greatCircleMiles(10, 20, 10, 20)).toBe(0);
  });
});

describe("ZIP codes, with real ones", () => {
  it("75201 (Dallas) is served by Dallas", async () => {
    expect(serviceForZip(await zipIndex(), "75201")).toMatchObject({ zip: "75201", city: "Dallas", state: "TX", status: "served", market: "Dallas, TX" });
  });
  it("60601 (Chicago, a future market) is coming soon", async () => {
    const a = serviceForZip(await zipIndex(), "60601");
    expect(a).toMatchObject({ city: "Chicago", state: "IL", status: "coming-soon", market: "Chicago, IL" });
    expect(answerSentence(a!)).toBe("Coming soon to Chicago, IL");
  });
  it("99501 (Anchorage) is not served; the nearest market is named with its distance", async () => {
    const a = serviceForZip(await zipIndex(), "99501");
    expect(a).toMatchObject({ city: "Anchorage", state: "AK", status: "not-served", market: "Seattle, WA" });
    expect(a?.distanceMiles).toBeGreaterThan(1000);
    expect(answerSentence(a!)).toBe("Not in your area yet");
  });
  it("00000 does not exist", async () => {
    expect(serviceForZip(await zipIndex(), "00000")).toBeNull();
  });
  it("says what is wrong with a malformed ZIP code, with the message of the other ZIP fields", () => {
    expect(zipProblem("7520a")).toBe("Must be only digits");
    expect(zipProblem("")).toBe("ZipCode is required");
    expect(zipProblem("7520")).toBe("Please enter a 5-digit ZIP code");
    expect(zipProblem("75201")).toBeNull();
  });
  it("an active market wins over a future one that also reaches the place", () => {
    const both = [
      { name: "Future, FX", lat: 30, long: -90, radiusMiles: 50, status: "future" as const },
      { name: "Active, AX", lat: 30.3, long: -90, radiusMiles: 50, status: "active" as const },
    ];
    expect(serviceAt(30, -90, both)).toMatchObject({ status: "served", market: { name: "Active, AX" } });
  });
});

describe("the map and the check", () => {
  it("every delivery market of the map has a radius, and EV sites none", () => {
    for (const l of locations) expect(Boolean(l.radiusMiles), `${l.city}`).toBe(l.status !== "ev");
    expect(markets).toHaveLength(locations.filter((l) => l.status !== "ev").length);
  });
  it("agree for every market: the ZIP code nearest its centre is served (active) or coming soon (future) by it", async () => {
    const index = await zipIndex();
    for (const l of locations.filter((x) => x.status !== "ev")) {
      let nearest = index.zips[0]!;
      for (const p of index.zips) {
        if (greatCircleMiles(p.lat, p.long, l.lat, l.long) < greatCircleMiles(nearest.lat, nearest.long, l.lat, l.long)) nearest = p;
      }
      const a = serviceForZip(index, nearest.zip);
      expect(a, `${l.city} (${nearest.zip})`).toMatchObject({ status: l.status === "active" ? "served" : "coming-soon", market: `${l.city}, ${l.state}` });
    }
  });
});

describe("the browser's table", () => {
  it("is current (npm run service-area after changing a market)", async () => {
    expect(committed).toEqual(buildServiceAreaTable(await zipIndex()));
  });
  it("gives the server's answer for every ZIP code (same code, same positions)", async () => {
    const index = await zipIndex();
    const lookup = lookupFrom(committed);
    for (const place of index.zips) {
      const server = serviceForZip(index, place.zip)!;
      const browser = lookup.answer(place.zip);
      expect(browser?.status, place.zip).toBe(server.status);
      if (server.status !== "not-served") expect(browser, place.zip).toEqual(server);
    }
    for (const zip of ["00000", "00001", "99999"]) expect(lookup.answer(zip)).toBeNull();
  });
});
