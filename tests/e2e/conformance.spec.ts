import { execFile } from "node:child_process";
import { mkdtemp, rm, writeFile } from "node:fs/promises";
import { createRequire } from "node:module";
import { tmpdir } from "node:os";
import { join } from "node:path";
import type { APIRequestContext } from "@playwright/test";
import pa11y from "pa11y";
import puppeteer from "puppeteer";
import { baseURL } from "../../playwright.config";
import { expect, test } from "./fixtures";

/**
 * Every page of the sitemap, as the production server sends it, checked by two engines
 * besides axe: the Nu HTML Checker (valid HTML) and HTML_CodeSniffer through pa11y
 * (WCAG 2 AA). Both must report no error on any page.
 */

test.describe.configure({ mode: "parallel", timeout: 600_000 });

/**
 * The site's paths, from its own sitemap (absolute URLs there name the public host). Posts
 * that other tests create and remove meanwhile (ids starting "e2e-") are left out: one can
 * be gone by the time its page is checked.
 */
async function sitemapPaths(request: APIRequestContext): Promise<string[]> {
  const xml = await (await request.get("/sitemap.xml")).text();
  const paths = [...xml.matchAll(/<loc>([^<]+)<\/loc>/g)].map((m) => new URL(m[1] ?? "/").pathname).filter((p) => !p.startsWith("/blogdetail/e2e-"));
  expect(paths.length, "pages in the sitemap").toBeGreaterThan(50);
  return paths;
}

interface VnuMessage {
  type: string;
  subType?: string;
  url: string;
  message: string;
  extract?: string;
  lastLine?: number;
}

function runVnu(files: string[]): Promise<VnuMessage[]> {
  const jar = createRequire(import.meta.url)("vnu-jar") as string;
  return new Promise((resolve, reject) => {
    // One Java start for every page: the checker takes seconds to start, milliseconds a page.
    execFile(
      "java",
      ["-Xss4m", "-jar", jar, "--format", "json", "--stdout", "--errors-only", ...files],
      { maxBuffer: 64 * 1024 * 1024 },
      (error, stdout, stderr) => {
        // vnu exits 1 when it reports errors; its JSON is on stdout either way.
        try {
          resolve((JSON.parse(stdout) as { messages: VnuMessage[] }).messages);
        } catch {
          reject(error ?? new Error(`vnu gave no report: ${stderr.slice(0, 500)}`));
        }
      },
    );
  });
}

test("every page of the sitemap is valid HTML (Nu HTML Checker)", async ({ request }) => {
  const paths = await sitemapPaths(request);
  const dir = await mkdtemp(join(tmpdir(), "fillway-vnu-"));
  try {
    const fileOf = new Map<string, string>();
    for (const [i, path] of paths.entries()) {
      const res = await request.get(path);
      expect(res.status(), path).toBe(200);
      const file = join(dir, `${String(i).padStart(3, "0")}.html`);
      await writeFile(file, await res.body());
      fileOf.set(`file:${file}`, path);
    }
    const messages = await runVnu([...fileOf.keys()].map((u) => u.slice("file:".length)));
    const byPage: Record<string, string[]> = {};
    for (const m of messages) {
      if (m.type !== "error" && m.subType !== "fatal") continue;
      const page = fileOf.get(m.url) ?? m.url;
      byPage[page] = [...(byPage[page] ?? []), `line ${m.lastLine ?? "?"}: ${m.message} [${(m.extract ?? "").trim().slice(0, 120)}]`];
    }
    expect(byPage, `${messages.length} errors`).toEqual({});
  } finally {
    await rm(dir, { recursive: true, force: true });
  }
});

test("every page of the sitemap passes HTML_CodeSniffer at WCAG 2 AA (pa11y)", async ({ request }) => {
  const paths = await sitemapPaths(request);
  // One browser for every page: Debian's Chromium, never one Puppeteer downloads.
  const browser = await puppeteer.launch({
    executablePath: process.env.CHROME_PATH ?? "/usr/bin/chromium",
    args: ["--no-sandbox", "--disable-gpu", "--disable-background-networking", "--disable-component-update", "--disable-sync", "--no-first-run"],
  });
  try {
    const byPage: Record<string, string[]> = {};
    for (const path of paths) {
      const result = await pa11y(`${baseURL}${path}`, { browser, standard: "WCAG2AA", runners: ["htmlcs"], timeout: 60_000 });
      const errors = result.issues.filter((i) => i.type === "error");
      if (errors.length) byPage[path] = errors.map((i) => `${i.code}: ${i.message} [${i.selector}]`);
    }
    expect(byPage).toEqual({});
  } finally {
    await browser.close();
  }
});
