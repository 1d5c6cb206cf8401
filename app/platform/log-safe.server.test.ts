import { describe, expect, it } from "vitest";
import { withoutAddresses } from "./log-safe.server";
import { looksLikeToken, redactUrl } from "./logger.server";

describe("log lines without addresses", () => {
  it("replaces addresses in an SMTP error, as typed or URL-encoded", () => {
    expect(withoutAddresses("550 5.1.1 <Fay.Forget+x@Privacy.test>: Recipient address rejected")).toBe("550 5.1.1 <[address]>: Recipient address rejected");
    expect(withoutAddresses("no recipients: a@b.example, c%40d.example")).toBe("no recipients: [address], [address]");
    expect(withoutAddresses("connect ECONNREFUSED 127.0.0.1:2525")).toBe("connect ECONNREFUSED 127.0.0.1:2525");
  });

  // The request line's path goes through the logger's own redaction (logger.server.ts).
  it("keeps a request's path and replaces addresses in its query string only", () => {
    expect(redactUrl("/desk/leads?q=fay%40privacy.test&status=new")).not.toContain("privacy.test");
    expect(redactUrl("/desk/leads/export.csv?q=Fay@Privacy.test")).toBe("/desk/leads/export.csv?q=[redacted]");
    expect(redactUrl("/blog?ref=fay%40privacy.test&page=2")).toBe("/blog?ref=[redacted]&page=2");
    expect(redactUrl("/media/uploads/logo@2x.png")).toBe("/media/uploads/logo@2x.png");
    expect(redactUrl("/blog?page=2")).toBe("/blog?page=2");
  });

  // One rule by shape (logger.server.ts): the tokens the site mints, on any route and under any parameter name.
  it("redacts a path segment or a query value shaped like a token of the site, and nothing else", () => {
    const mac = "q3Jx0vB7-_kPzL2mYtW9aHcE4dRfGs1uNiOoV8bXyZA";
    const hex = "9f86d081884c7d659a2feaa0c55ad015a3bf4f1b2b0b822cd15d6c15b0f00a08";
    expect(redactUrl(`/desk/preview/draft-1.1796000000.${mac}`)).toBe("/desk/preview/[redacted]");
    expect(redactUrl(`/desk/set-password/${mac}`)).toBe("/desk/set-password/[redacted]");
    expect(redactUrl(`/newsletter/confirm?token=12.${mac}`)).toBe("/newsletter/confirm?token=[redacted]");
    expect(redactUrl(`/a/new/route/${mac}/step?x=1`)).toBe("/a/new/route/[redacted]/step?x=1");
    expect(redactUrl(`/blog?invite=${mac}&page=2`)).toBe("/blog?invite=[redacted]&page=2");
    expect(redactUrl(`/files?key=${hex}`)).toBe("/files?key=[redacted]");
    expect(redactUrl(`/files?${mac}`)).toBe("/files?[redacted]");
    expect(redactUrl(`https://www.fillway.example/desk/preview/${encodeURIComponent(`x.1.${mac}`)}`)).toBe(
      "https://www.fillway.example/desk/preview/[redacted]",
    );
    // Slugs, the route table's own spellings and hashed asset names stay.
    for (const kept of [
      "/blogdetail/green-transport-journal-detour-emissions",
      "/business-fleets-trucking-and-construction-companies",
      "/leaderShip-team",
      "/assets/root-B4kX9a_Q.js",
      "/blog?category=Fleet-Management&page=3",
    ])
      expect(redactUrl(kept)).toBe(kept);
    expect(looksLikeToken("fleet-ops-weekly-night-fueling-downtime")).toBe(false);
  });
});
