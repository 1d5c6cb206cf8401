// Makes the home page's looping clip: `node scripts/make-media.mjs` (or `npm run media`).
//
// It draws each frame of a small SVG animation (a Fillway truck drives up to a parked
// car, fuels it, and drives on) in Debian's Chromium through playwright-core, then
// encodes the frames with ffmpeg into public/media/fillway-loop.webm (VP9) and
// public/media/fillway-loop.mp4 (H.264), plus a JPEG poster. The outputs are committed,
// so nobody needs to run this to build the site.
//
// Needs, and installs nothing itself:
//   - Chromium at /usr/bin/chromium (or CHROME_PATH)   apt-get install -y chromium
//   - ffmpeg on PATH (or FFMPEG)                       apt-get install -y ffmpeg
import { execFileSync } from "node:child_process";
import { mkdtempSync, rmSync, statSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { chromium } from "playwright-core";

const W = 960;
const H = 540;
const FPS = 24;
const SECONDS = 6;
const FRAMES = FPS * SECONDS;
const OUT = "public/media";
const ffmpeg = process.env.FFMPEG ?? "ffmpeg";

try {
  execFileSync(ffmpeg, ["-version"], { stdio: "ignore" });
} catch {
  console.error("ffmpeg not found: install it first (Debian: apt-get install -y ffmpeg).");
  process.exit(1);
}

// The scene. render(t) sets every moving part for time t in [0, SECONDS).
const html = `<!doctype html><html><head><style>
html,body{margin:0;background:#022a23}svg{display:block}
text{font-family:"DejaVu Sans",system-ui,sans-serif}
</style></head><body>
<svg id="s" xmlns="http://www.w3.org/2000/svg" width="${W}" height="${H}" viewBox="0 0 ${W} ${H}">
<defs>
  <linearGradient id="sky" x1="0" y1="0" x2="0" y2="1"><stop offset="0" stop-color="#063c33"/><stop offset="1" stop-color="#0a6b57"/></linearGradient>
  <linearGradient id="tank" x1="0" y1="0" x2="0" y2="1"><stop offset="0" stop-color="#2fcc9f"/><stop offset="1" stop-color="#058c6d"/></linearGradient>
  <linearGradient id="car" x1="0" y1="0" x2="0" y2="1"><stop offset="0" stop-color="#fbbf24"/><stop offset="1" stop-color="#d97706"/></linearGradient>
</defs>
<rect width="${W}" height="${H}" fill="url(#sky)"/>
<circle cx="820" cy="90" r="34" fill="#fcd36b" opacity=".9"/>
<g fill="#05463a">
  <rect x="20" y="170" width="90" height="250"/><rect x="120" y="220" width="70" height="200"/><rect x="200" y="140" width="110" height="280"/>
  <rect x="330" y="200" width="80" height="220"/><rect x="420" y="120" width="120" height="300"/><rect x="560" y="190" width="90" height="230"/>
  <rect x="670" y="150" width="110" height="270"/><rect x="800" y="210" width="70" height="210"/><rect x="880" y="170" width="80" height="250"/>
</g>
<g id="windows" fill="#fcd36b" opacity=".55"></g>
<rect x="0" y="420" width="${W}" height="120" fill="#1f2937"/>
<rect x="0" y="416" width="${W}" height="8" fill="#94a3b8"/>
<g id="dashes" fill="#e2e8f0" opacity=".7"></g>

<!-- parked car, facing right; fuel door on its rear (left) side -->
<g id="car" transform="translate(560 448) scale(0.9)">
  <path d="M0-28c0-14 8-22 22-24l40-6 34-30c6-5 12-7 20-7h70c10 0 17 3 23 9l28 28 26 4c12 2 19 10 19 22v14c0 7-4 10-10 10H8c-5 0-8-3-8-8z" fill="url(#car)"/>
  <path d="M104-84h36v30H72zM150-84h38c6 0 10 2 14 6l22 24h-74z" fill="#0f3b4a" opacity=".85"/>
  <rect x="26" y="-46" width="16" height="12" rx="3" fill="#b45309" id="fuelDoor"/>
  <circle cx="60" cy="-4" r="24" fill="#111827"/><circle cx="60" cy="-4" r="10" fill="#9ca3af"/>
  <circle cx="218" cy="-4" r="24" fill="#111827"/><circle cx="218" cy="-4" r="10" fill="#9ca3af"/>
  <rect x="250" y="-40" width="14" height="8" rx="3" fill="#fef3c7"/>
</g>

<path id="hose" d="" fill="none" stroke="#111827" stroke-width="7" stroke-linecap="round"/>
<path id="flow" d="" fill="none" stroke="#6ae3bd" stroke-width="3" stroke-linecap="round" stroke-dasharray="2 14"/>

<!-- truck, facing right -->
<g id="truck">
  <rect x="0" y="-52" width="310" height="14" rx="4" fill="#0b1f1a"/>
  <rect x="8" y="-150" width="190" height="100" rx="40" fill="url(#tank)"/>
  <rect x="8" y="-112" width="190" height="12" fill="#fbbf24"/>
  <text x="103" y="-124" text-anchor="middle" font-size="22" font-weight="800" fill="#fff" letter-spacing="2">FILLWAY</text>
  <text x="103" y="-70" text-anchor="middle" font-size="12" font-weight="600" fill="#ecfdf7" letter-spacing="1">FUEL DELIVERED</text>
  <circle cx="176" cy="-64" r="12" fill="#0a493c"/><circle cx="176" cy="-64" r="5" fill="#a6f2d6"/>
  <path d="M212-150h50c10 0 16 4 21 12l22 40c3 6 5 12 5 20v26H212z" fill="#f8fafc"/>
  <path d="M232-140h30c5 0 8 2 11 7l17 33h-58z" fill="#0f3b4a"/>
  <rect x="296" y="-70" width="12" height="9" rx="2" fill="#fef3c7"/>
  <rect x="212" y="-80" width="98" height="6" fill="#058c6d"/>
  <g id="w1" transform="translate(56 -22)"><circle r="25" fill="#111827"/><circle r="11" fill="#cbd5e1"/><rect x="-2" y="-11" width="4" height="22" fill="#475569"/></g>
  <g id="w2" transform="translate(150 -22)"><circle r="25" fill="#111827"/><circle r="11" fill="#cbd5e1"/><rect x="-2" y="-11" width="4" height="22" fill="#475569"/></g>
  <g id="w3" transform="translate(262 -22)"><circle r="25" fill="#111827"/><circle r="11" fill="#cbd5e1"/><rect x="-2" y="-11" width="4" height="22" fill="#475569"/></g>
</g>

<!-- the app's status card above the car -->
<g id="card" transform="translate(560 250)">
  <rect width="300" height="104" rx="18" fill="#ffffff"/>
  <circle cx="40" cy="40" r="20" fill="#d1faea"/>
  <path d="M32 30h12v22H32zM44 36l6 4v10a3 3 0 006 0V36l-4-4" fill="none" stroke="#067059" stroke-width="3" stroke-linejoin="round"/>
  <text id="cardTitle" x="72" y="36" font-size="17" font-weight="700" fill="#0b1f1a">Filling your tank</text>
  <text id="cardSub" x="72" y="58" font-size="14" fill="#475569">0.0 gal</text>
  <rect x="20" y="76" width="260" height="10" rx="5" fill="#e2e8f0"/>
  <rect id="bar" x="20" y="76" width="0" height="10" rx="5" fill="#0fae85"/>
</g>
</svg>
<script>
const $ = (id) => document.getElementById(id);
const ns = "http://www.w3.org/2000/svg";
// Lit windows, fixed pattern (no randomness so every run gives the same clip).
const blocks = [[20,170,90],[120,220,70],[200,140,110],[330,200,80],[420,120,120],[560,190,90],[670,150,110],[800,210,70],[880,170,80]];
blocks.forEach(([x,y,w],b)=>{for(let r=0;y+20+r*28<400;r++)for(let c=0;c*22+14<w;c++){if((r*7+c*3+b*5)%4===0)continue;const e=document.createElementNS(ns,"rect");e.setAttribute("x",x+10+c*22);e.setAttribute("y",y+16+r*28);e.setAttribute("width",10);e.setAttribute("height",12);$("windows").appendChild(e);}});
for(let i=0;i<12;i++){const e=document.createElementNS(ns,"rect");e.setAttribute("x",i*90);e.setAttribute("y",526);e.setAttribute("width",46);e.setAttribute("height",5);$("dashes").appendChild(e);}
const clamp=(v,a=0,b=1)=>Math.min(b,Math.max(a,v));
const easeOut=(p)=>1-Math.pow(1-p,3), easeIn=(p)=>p*p*p;
window.render = (t) => {
  // Truck: arrive (0-1.6 s), stay, leave (4.6-6 s).
  let x;
  // It drives in the near lane, in front of the car parked at the kerb.
  if (t < 1.6) x = -340 + 520*easeOut(t/1.6);
  else if (t < 4.6) x = 180;
  else x = 180 + 820*easeIn((t-4.6)/1.4);
  $("truck").setAttribute("transform", "translate(" + x + " 505)");
  const spin = (x/25)*57.3;
  ["w1","w2","w3"].forEach((id,i)=>{ const cx=[56,150,262][i]; $(id).setAttribute("transform","translate("+cx+" -22) rotate("+spin+")"); });
  // Hose: from the truck's reel to the car's fuel door, reeled out 1.7-2.1 s, in 4.2-4.5 s.
  const out = t < 1.7 ? 0 : t < 2.1 ? (t-1.7)/0.4 : t < 4.2 ? 1 : t < 4.5 ? 1-(t-4.2)/0.3 : 0;
  const sx = x + 176, sy = 505 - 64, ex = 560 + 34*0.9, ey = 448 - 40*0.9;
  const mx = sx + (ex - sx) * out, my = sy + (ey - sy) * out;
  const d = out > 0 ? "M"+sx+" "+sy+" C"+(sx+6)+" "+(sy+40*out)+" "+(mx-20)+" "+(my+50*out)+" "+mx+" "+my : "";
  $("hose").setAttribute("d", d);
  const flowing = t >= 2.1 && t < 4.2;
  $("flow").setAttribute("d", flowing ? d : "");
  $("flow").setAttribute("stroke-dashoffset", String(-t*80));
  // Status card: fills 2.1-4.2 s, then "Delivered", fades out by 5.6 s.
  const fill = clamp((t-2.1)/2.1);
  const shown = t < 1.9 ? 0 : t < 2.2 ? (t-1.9)/0.3 : t < 5.2 ? 1 : t < 5.6 ? 1-(t-5.2)/0.4 : 0;
  $("card").setAttribute("opacity", shown.toFixed(3));
  $("card").setAttribute("transform", "translate(560 " + (250 + (1-shown)*16) + ")");
  $("bar").setAttribute("width", String(260*fill));
  const done = t >= 4.2;
  $("cardTitle").textContent = done ? "Delivered. Drive on!" : "Filling your tank";
  $("cardSub").textContent = (12.4*fill).toFixed(1) + " gal · Regular unleaded";
  $("bar").setAttribute("fill", done ? "#067059" : "#0fae85");
};
</script></body></html>`;

const dir = mkdtempSync(join(tmpdir(), "fillway-media-"));
const browser = await chromium.launch({
  executablePath: process.env.CHROME_PATH ?? "/usr/bin/chromium",
  args: ["--no-sandbox", "--disable-gpu", "--disable-background-networking", "--no-first-run"],
});
try {
  const page = await browser.newPage({ viewport: { width: W, height: H } });
  await page.setContent(html);
  for (let f = 0; f < FRAMES; f++) {
    await page.evaluate((t) => window.render(t), f / FPS);
    await page.screenshot({ path: join(dir, `f${String(f).padStart(4, "0")}.png`) });
  }
  // Poster: the moment of fueling, so the still says what the clip is about.
  await page.evaluate((t) => window.render(t), 3.2);
  await page.screenshot({ path: join(OUT, "fillway-loop-poster.jpg"), type: "jpeg", quality: 78 });
} finally {
  await browser.close();
}

const input = ["-y", "-loglevel", "error", "-framerate", String(FPS), "-i", join(dir, "f%04d.png")];
execFileSync(ffmpeg, [...input, "-c:v", "libvpx-vp9", "-b:v", "0", "-crf", "42", "-row-mt", "1", "-pix_fmt", "yuv420p", "-an", join(OUT, "fillway-loop.webm")]);
execFileSync(ffmpeg, [
  ...input,
  "-c:v",
  "libx264",
  "-preset",
  "veryslow",
  "-crf",
  "30",
  "-pix_fmt",
  "yuv420p",
  "-movflags",
  "+faststart",
  "-an",
  join(OUT, "fillway-loop.mp4"),
]);
rmSync(dir, { recursive: true, force: true });

for (const f of ["fillway-loop.webm", "fillway-loop.mp4", "fillway-loop-poster.jpg"]) {
  console.log(`wrote ${OUT}/${f} (${Math.round(statSync(join(OUT, f)).size / 1024)} KB)`);
}
