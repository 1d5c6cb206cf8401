import { describe, expect, it } from "vitest";
import { renderMarkdown } from "~/features/content/markdown.server";
import { absoluteLinks, mailText } from "./mail-body.server";

const SITE = "https://fillway.example";
const issue = `## Winter diesel

Cold nights thicken diesel. [Read the FAQ](/faq) or write to [us](mailto:hello@fillway.example).
See https://fillway.example/getafleet for fleets.

- **Blended** fuel below 20 °F
- Tank checks, *free*

1. Book
2. Park

> Fuel arrived before the shift. &amp; on time.

![A truck at dawn](/media/blog/truck.webp)

---

| Fuel | Price |
| --- | --- |
| Diesel | $3.99 |
`;

describe("an issue's body in an e-mail", () => {
  const html = absoluteLinks(renderMarkdown(issue), SITE);

  it("links and images to the site's own pages are absolute", () => {
    expect(html).toContain(`href="${SITE}/faq"`);
    expect(html).toContain(`src="${SITE}/media/blog/truck.webp"`);
    expect(html).not.toMatch(/\s(href|src)="\//);
    expect(html).toContain('href="mailto:hello@fillway.example"');
  });

  it("the plain-text part reads as text: no Markdown marks, each link's address after its words", () => {
    const text = mailText(html);
    expect(text).toBe(
      [
        "Winter diesel\n=============",
        `Cold nights thicken diesel. Read the FAQ (${SITE}/faq) or write to us (mailto:hello@fillway.example). See https://fillway.example/getafleet for fleets.`,
        "- Blended fuel below 20 °F\n- Tank checks, free",
        "1. Book\n2. Park",
        "> Fuel arrived before the shift. & on time.",
        "[A truck at dawn]",
        "----",
        "Fuel | Price\nDiesel | $3.99",
      ].join("\n\n"),
    );
    expect(text).not.toMatch(/##|\*\*|\]\(/);
  });
});
