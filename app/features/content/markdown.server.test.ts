import { describe, expect, it } from "vitest";
import { htmlToText, renderMarkdown, sanitizeDescription } from "./markdown.server";
import { PostFileError, parsePostFile, readFrontMatter } from "./post-file.server";

/** The rendered HTML without the line breaks between tags, which change nothing on the page. */
const md = (s: string) => renderMarkdown(s).replace(/>\n+</g, "><");

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
    expect(html).toContain("<p>A paragraph that\nwraps over two lines.</p>");
    expect(html).toContain("<ul><li>one</li><li>two with <strong>bold</strong></li></ul>");
    expect(html).toContain("<ol><li>first</li><li>second</li></ol>");
    expect(html).toContain("<blockquote><p>A quote\ncontinued.</p></blockquote>");
    expect(html).toContain("<hr />");
    expect(html).toContain("<pre><code>&lt;tank&gt; &amp; pump\n</code></pre>");
  });

  it("renders emphasis, code and safe links", () => {
    const html = md("Read *this*, _that_ and `a*b*c` at [our FAQ](/faq) or [the DOE](https://energy.example/x).");
    expect(html).toContain("<em>this</em>");
    expect(html).toContain("<em>that</em>");
    expect(html).toContain("<code>a*b*c</code>");
    expect(html).toContain('<a href="/faq">our FAQ</a>');
    expect(html).toContain('<a href="https://energy.example/x" rel="noopener noreferrer">the DOE</a>');
  });

  it("renders nested lists, tables and images from the media folder", () => {
    const html = md(
      [
        "- fuel",
        "  - gasoline",
        "  - diesel",
        "- DEF",
        "",
        "| Plan | Price |",
        "|---|---|",
        "| Monthly | $19.99 |",
        "",
        '![A Fillway truck at night](/media/blog/night.svg "Night shift")',
      ].join("\n"),
    );
    expect(html).toContain("<ul><li>fuel<ul><li>gasoline</li><li>diesel</li></ul></li><li>DEF</li></ul>");
    expect(html).toContain("<table><thead><tr><th>Plan</th><th>Price</th></tr></thead><tbody><tr><td>Monthly</td><td>$19.99</td></tr></tbody></table>");
    expect(html).toContain('<img src="/media/blog/night.svg" alt="A Fillway truck at night" title="Night shift" loading="lazy" decoding="async" />');
  });

  it("shows hot-linked, data: and out-of-folder images as their text", () => {
    const html = md("![far](https://cdn.example/x.png) ![inline](data:image/png;base64,AAAA) ![up](/media/../x.svg) ![js](javascript:alert(1))");
    expect(html).not.toMatch(/<img|src=/);
    expect(html).toBe("<p>far inline up js</p>");
  });

  it("keeps words with underscores and multiplication intact", () => {
    expect(md("snake_case_name and 2 * 3 * 4")).toBe("<p>snake_case_name and 2 * 3 * 4</p>");
  });

  it("shows raw HTML as text and drops dangerous links", () => {
    const html = md('<script>alert(1)</script> <img src=x onerror="alert(1)"> [x](javascript:alert(1)) [y](//evil.example)');
    // The tags arrive as text: nothing is live markup.
    expect(html).not.toMatch(/<(script|img)|href=/);
    expect(html).toContain("&lt;script&gt;");
    const inline = md(
      'Read <b onclick="x()">this</b> <iframe src="https://evil.example/"></iframe> [x](javascript:alert(1)) [y](//evil.example) [z](data:text/html,hi) [w](JaVaScRiPt:alert(1))',
    );
    // Unsafe links show their label alone.
    expect(inline).toBe('<p>Read &lt;b onclick="x()"&gt;this&lt;/b&gt; &lt;iframe src="https://evil.example/"&gt;&lt;/iframe&gt; x y z w</p>');
  });

  it("sanitises data: links, images and iframes written straight into the database", () => {
    const html = sanitizeDescription(
      '<p><a href="data:text/html;base64,PHNjcmlwdD4=">d</a><img src="data:image/svg+xml,<svg onload=alert(1)>"><img src="https://cdn.example/x.png" onerror="x()"><img src="/media/blog/a.svg" onerror="x()" alt="a"><iframe src="https://www.youtube-nocookie.com/embed/abcDEF123"></iframe><iframe src="https://evil.example/"></iframe></p>',
    );
    expect(html).toBe('<p><a>d</a><img src="/media/blog/a.svg" alt="a" /></p>');
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
    const { fields, body } = readFrontMatter(
      file(`${base}\n# a comment\npublishedBy: 2026-03-14\nvideo: "Booth #412" # after a space, # starts a comment\nthumbnail: no`),
    );
    expect(fields.title).toBe("Night fuel: why 2 a.m.");
    // Values stay strings: no Date, no boolean.
    expect(fields.publishedBy).toBe("2026-03-14");
    expect(fields.video).toBe("Booth #412");
    expect(fields.thumbnail).toBe("no");
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
    ["a repeated key", file(`${base}\nid: again`), /duplicated mapping key \(line 8 of the file\)/],
    ["an unquoted colon", file(`${base}\nthumbnail: a: b`), /front matter: .*line 8/],
    ["front matter as code", `---js\n{ id: (() => { throw new Error("ran") })() }\n---\nBody\n`, /front matter/],
    ["a nested value", file(`${base}\nthumbnail:\n  a: b`), /thumbnail/],
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
