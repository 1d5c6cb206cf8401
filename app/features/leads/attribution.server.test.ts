import { describe, expect, it } from "vitest";
import { attributionColumns, attributionFromRow, postedAttribution, takeAttribution } from "./attribution.server";

describe("takeAttribution", () => {
  it("splits attribution off the form's fields and keeps only plausible values", () => {
    const { body, attribution } = takeAttribution({
      email: "a@b.co",
      attribution: {
        landingPage: "/gasoline?gclid=1#top",
        referrerHost: "WWW.Google.com",
        utm_source: " google ",
        utm_medium: "x".repeat(301),
        utm_campaign: "spring\nBcc: x@y.z",
        utm_term: 42,
        utm_content: "hero",
        other: "dropped",
      },
    });
    expect(body).toEqual({ email: "a@b.co" });
    expect(attribution).toEqual({ landingPage: "/gasoline", referrerHost: "www.google.com", utm_source: "google", utm_content: "hero" });
  });
  it("never refuses: no attribution, or one that is not an object, leaves the body alone", () => {
    expect(takeAttribution({ email: "a@b.co" })).toEqual({ body: { email: "a@b.co" }, attribution: null });
    expect(takeAttribution({ email: "a@b.co", attribution: "x" })).toEqual({ body: { email: "a@b.co" }, attribution: null });
    expect(takeAttribution({ attribution: { landingPage: "//evil.example/x", referrerHost: "a b" } }).attribution).toBeNull();
  });
  it("maps to the lead's columns and back", () => {
    const cols = attributionColumns({ landingPage: "/faq", utm_source: "x" });
    expect(cols).toEqual({
      landing_page: "/faq",
      referrer_host: null,
      utm_source: "x",
      utm_medium: null,
      utm_campaign: null,
      utm_term: null,
      utm_content: null,
    });
    expect(attributionFromRow(cols)).toEqual({ landingPage: "/faq", utm_source: "x" });
  });
});

describe("postedAttribution (a form the browser posted itself)", () => {
  it("takes the head script's record from the hidden field", () => {
    const hidden = JSON.stringify({ landingPage: "/faq", utm_source: "mail" });
    expect(postedAttribution(hidden, "https://www.fillway.example/careers", "https://www.fillway.example/careers")).toEqual({
      landingPage: "/faq",
      utm_source: "mail",
    });
  });
  it("without the script, reads the page posted to, its utm_* and another site's Referer host", () => {
    expect(
      postedAttribution(
        null,
        "https://www.fillway.example/gasoline?utm_source=flyer&utm_campaign=fall",
        "https://www.fillway.example/gasoline?utm_source=flyer",
      ),
    ).toEqual({
      landingPage: "/gasoline",
      utm_source: "flyer",
      utm_campaign: "fall",
    });
    expect(postedAttribution(null, "https://www.fillway.example/faq", "https://www.fillway.example/faq?utm_medium=social")).toEqual({
      landingPage: "/faq",
      utm_medium: "social",
    });
    expect(postedAttribution("not json", "https://www.fillway.example/faq", "https://search.example/?q=fuel&utm_source=nope")).toEqual({
      landingPage: "/faq",
      referrerHost: "search.example",
    });
    expect(postedAttribution("[1]", "not a url", null)).toBeUndefined();
  });
});
