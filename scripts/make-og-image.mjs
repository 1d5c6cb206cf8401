// Renders the default sharing image (1200×630) from the logo and brand colours with
// Debian's Chromium: `node scripts/make-og-image.mjs` writes public/media/og-default.png.
import { readFileSync } from "node:fs";
import { chromium } from "playwright-core";

const logo = readFileSync("public/media/logo-dark.svg", "utf8");
const html = `<!doctype html><html><body style="margin:0;width:1200px;height:630px;display:flex;flex-direction:column;justify-content:center;padding:0 90px;box-sizing:border-box;background:linear-gradient(135deg,#022a23,#067059 60%,#0fae85);font-family:system-ui,sans-serif;color:#fff">
<div style="transform:scale(2.2);transform-origin:left center;height:80px">${logo}</div>
<p style="font-size:54px;font-weight:800;line-height:1.1;margin:40px 0 0;max-width:900px">Gasoline, diesel and DEF delivered to wherever you park.</p>
<p style="font-size:28px;margin-top:24px;color:#d1faea">Around the clock, for drivers and fleets.</p></body></html>`;
const browser = await chromium.launch({ executablePath: process.env.CHROME_PATH ?? "/usr/bin/chromium", args: ["--no-sandbox", "--disable-gpu"] });
const page = await browser.newPage({ viewport: { width: 1200, height: 630 } });
await page.setContent(html);
await page.screenshot({ path: "public/media/og-default.png" });
await browser.close();
console.log("wrote public/media/og-default.png");
