import { describe, expect, it } from "vitest";
import { pages } from "~/copy/pages";
import { pageMeta, seo } from "./seo";

describe("seo", () => {
  it("puts the brand after the title once", () => {
    const meta = seo({ title: "FAQ", description: "d", path: "/faq" });
    expect(meta[0]).toEqual({ title: "FAQ | Fillway" });
  });
  it("gives the home page a welcome title followed by the company name", () => {
    expect(pageMeta(pages["/"])[0]).toEqual({ title: "Welcome to Fillway" });
  });
  it("builds an absolute canonical URL", () => {
    const meta = seo({ title: "x", description: "d", path: "/leaderShip-team" });
    expect(meta).toContainEqual({ tagName: "link", rel: "canonical", href: "https://www.fillway.example/leaderShip-team" });
  });
});
