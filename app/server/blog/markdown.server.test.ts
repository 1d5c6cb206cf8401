import { describe, expect, it } from "vitest";
import { htmlToText, markdownToHtml, sanitizeDescription } from "./markdown.server";
import { PostFileError, parsePostFile, readFrontMatter } from "./post-file.server";

const md = (s: string) => sanitizeDescription(markdownToHtml(s));

describe("markdown", () => {
  it("renders the block elements posts use", () => {
    const html = md(
      [
        "# Big title",
        "## Section",
        "A paragraph that",
        "wraps over two lines.",
        "",
        "- one",
        "- two with **bold**",
        "",
        "1. first",
        "2. second",
        "",
        "> A quote",
        "> continued.",
        "",
        "---",
        "```",
        "<tank> & pump",
        "```",
      ].join("\n"),
    );
    expect(html).toContain("<h2>Big title</h2>");
    expect(html).toContain("<h2>Section</h2>");
    expect(html).toContain("<p>A paragraph that wraps over two lines.</p>");
    expect(html).toContain("<ul><li>one</li><li>two with <strong>bold</strong></li></ul>");
    expect(html).toContain("<ol><li>first</li><li>second</li></ol>");
    expect(html).toContain("<blockquote><p>A quote continued.</p></blockquote>");
    expect(html).toContain("<hr />");
    expect(html).toContain("<pre><code>&lt;tank&gt; &amp; pump</code></pre>");
  });

  it("renders emphasis, code and safe links", () => {
    const html = md("Read *this*, _that_ and `a*b*c` at [our FAQ](/faq) or [the DOE](https://energy.example/x).");
    expect(html).toContain("<em>this</em>");
    expect(html).toContain("<em>that</em>");
    expect(html).toContain("<code>a*b*c</code>");
    expect(html).toContain('<a href="/faq">our FAQ</a>');
    expect(html).toContain('<a href="https://energy.example/x" rel="noopener noreferrer">the DOE</a>');
  });

  it("keeps words with underscores and multiplication intact", () => {
    expect(md("snake_case_name and 2 * 3 * 4")).toBe("<p>snake_case_name and 2 * 3 * 4</p>");
  });

  it("shows raw HTML as text and drops dangerous links", () => {
    const html = md('<script>alert(1)</script> <img src=x onerror="alert(1)"> [x](javascript:alert(1)) [y](//evil.example)');
    // The tags arrive as text, the unsafe links as their source: nothing is live markup.
    expect(html).not.toMatch(/<(script|img)|href=/);
    expect(html).toContain("&lt;script&gt;");
  });

  it("sanitises HTML written straight into the database", () => {
    const html = sanitizeDescription(
      '<h1>T</h1><p onclick="x()">ok<script>bad()</script><iframe src="https://evil.example"></iframe><a href="javascript:alert(1)">j</a><a href="https://a.example" target="_blank">a</a></p>',
    );
    expect(html).toBe('<h2>T</h2><p>ok<a>j</a><a href="https://a.example" rel="noopener noreferrer" target="_blank">a</a></p>');
  });

  it("gives plain text for search", () => {
    expect(htmlToText("<h2>Tanks &amp; trucks</h2><p>It&#39;s <strong>fast</strong>.</p>")).toBe("Tanks & trucks It's fast.");
  });
});

const file = (fm: string, body = "Body text.") => `---\n${fm}\n---\n${body}\n`;
const base = [
  "id: night-fuel",
  "kind: blog",
  'title: "Night fuel: why 2 a.m."',
  "subTitle: Vans fuelled while parked",
  "date: 2026-03-12",
  "image: /media/blog/night.svg",
].join("\n");

describe("post files", () => {
  it("reads front matter, quotes and comments", () => {
    const { fields, body } = readFrontMatter(file(`${base}\n# a comment\npublishedBy: 2026-03-14\nvideo: Booth #412`));
    expect(fields.title).toBe("Night fuel: why 2 a.m.");
    expect(fields.publishedBy).toBe("2026-03-14");
    expect(fields.video).toBe("Booth #412");
    expect(body).toBe("Body text.\n");
  });

  it("maps the kinds to the flags of spec 4", () => {
    const blog = parsePostFile(file(base));
    expect([blog.isPublished, blog.isArticle]).toEqual([true, false]);
    const event = parsePostFile(file(base.replace("kind: blog", "kind: event")));
    expect([event.isPublished, event.isArticle]).toEqual([false, false]);
    const article = parsePostFile(file(`${base.replace("kind: blog", "kind: article")}\narticleUrl: https://news.example/a`));
    expect([article.isPublished, article.isArticle, article.articleUrl]).toEqual([true, true, "https://news.example/a"]);
  });

  it("stores dates as ISO timestamps at midday UTC so the day never shifts", () => {
    const p = parsePostFile(file(`${base}\npublishedBy: 2026-03-14`));
    expect(p.createdOn).toBe("2026-03-12T12:00:00.000Z");
    expect(p.publishedBy).toBe("2026-03-14T12:00:00.000Z");
    expect(p.imageThumbnail).toBe("/media/blog/night.svg");
    expect(p.descriptionHtml).toBe("<p>Body text.</p>");
  });

  it.each([
    ["no front matter", "Just text", /front matter/],
    ["an unknown key", file(`${base}\nauthor: Sam`), /Unrecognized key/i],
    ["a repeated key", file(`${base}\nid: again`), /repeats "id"/],
    ["a bad kind", file(base.replace("kind: blog", "kind: news")), /kind/],
    ["a bad date", file(base.replace("2026-03-12", "2026-02-30x")), /date/],
    ["an article without URL", file(base.replace("kind: blog", "kind: article")), /articleUrl/],
    ["an http article URL", file(`${base.replace("kind: blog", "kind: article")}\narticleUrl: http://a.example`), /articleUrl/],
    ["a hot-linked image", file(base.replace("/media/blog/night.svg", "https://cdn.example/x.png")), /image/],
    ["an image outside the folder", file(base.replace("/media/blog/night.svg", "/media/blog/../../x.svg")), /image/],
    ["a video from elsewhere", file(`${base}\nvideo: https://evil.example/embed/x`), /video/],
    ["an id with spaces", file(base.replace("id: night-fuel", "id: Night Fuel")), /id/],
    ["an empty body", file(base, ""), /no body/],
  ])("rejects %s", (_, source, message) => {
    expect(() => parsePostFile(source)).toThrow(PostFileError);
    expect(() => parsePostFile(source)).toThrow(message);
  });

  it("accepts embeddable players only", () => {
    const p = parsePostFile(file(`${base}\nvideo: https://www.youtube-nocookie.com/embed/abcDEF123`));
    expect(p.videoUrl).toBe("https://www.youtube-nocookie.com/embed/abcDEF123");
  });
});
