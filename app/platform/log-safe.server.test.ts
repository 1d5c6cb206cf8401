import { describe, expect, it } from "vitest";
import { withoutAddresses } from "./log-safe.server";
import { redactUrl } from "./logger.server";

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
});
