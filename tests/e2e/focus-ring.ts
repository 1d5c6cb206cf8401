import type { Page } from "@playwright/test";

export interface RingFinding {
  element: string;
  ratio: number;
  ring: string;
  background: string;
}

/**
 * Focuses every visible keyboard stop of the page (or of `scope`) as the keyboard would
 * (so :focus-visible applies) and measures its focus indicator: the outline's colour
 * against the colour behind it, semi-transparent layers blended (WCAG 1.4.11, 2.4.13:
 * at least 3:1). A stop whose ring is drawn by its label (a visually hidden radio) is
 * measured on the label. Returns the stops below 3:1, and how many were measured.
 */
export async function focusRingsBelow3to1(page: Page, scope = "body"): Promise<{ failures: RingFinding[]; measured: number }> {
  // A key press first: focus moved by script afterwards shows the keyboard ring.
  await page.keyboard.press("Shift");
  return page.evaluate((scopeSelector) => {
    type RGBA = [number, number, number, number];
    const parse = (c: string): RGBA | null => {
      const m = /rgba?\(([^)]+)\)/.exec(c);
      if (m) {
        const [r, g, b, a = "1"] = m[1]!.split(/[ ,/]+/).filter(Boolean);
        return [Number(r), Number(g), Number(b), Number(a)];
      }
      // oklch() and other spaces: let the canvas convert.
      const ctx = document.createElement("canvas").getContext("2d")!;
      ctx.fillStyle = "#000";
      ctx.fillStyle = c;
      ctx.fillRect(0, 0, 1, 1);
      const [r, g, b, a] = ctx.getImageData(0, 0, 1, 1).data;
      return [r!, g!, b!, a! / 255];
    };
    const over = (top: RGBA, under: RGBA): RGBA => {
      const a = top[3];
      return [top[0] * a + under[0] * (1 - a), top[1] * a + under[1] * (1 - a), top[2] * a + under[2] * (1 - a), 1];
    };
    const lum = (c: RGBA) => {
      const ch = c.slice(0, 3).map((v) => {
        const s = v / 255;
        return s <= 0.03928 ? s / 12.92 : ((s + 0.055) / 1.055) ** 2.4;
      });
      return 0.2126 * ch[0]! + 0.7152 * ch[1]! + 0.0722 * ch[2]!;
    };
    const ratio = (a: RGBA, b: RGBA) => {
      const [x, y] = [lum(a), lum(b)];
      return (Math.max(x, y) + 0.05) / (Math.min(x, y) + 0.05);
    };
    /** The colour behind an element's outline: its ancestors' backgrounds, blended down to the page's. */
    const behind = (el: Element): RGBA | null => {
      const layers: RGBA[] = [];
      for (let n: Element | null = el.parentElement; n; n = n.parentElement) {
        const cs = getComputedStyle(n);
        if (cs.backgroundImage !== "none" && !cs.backgroundImage.startsWith("linear-gradient(rgba(0, 0, 0, 0)")) return null;
        const bg = parse(cs.backgroundColor);
        if (bg && bg[3] > 0) {
          layers.push(bg);
          if (bg[3] >= 1) break;
        }
        if (n.tagName === "DIALOG") break;
      }
      let color: RGBA = [255, 255, 255, 1];
      if (!layers.length || layers[layers.length - 1]![3] < 1) color = parse(getComputedStyle(document.body).backgroundColor) ?? color;
      for (const l of layers.reverse()) color = over(l, color);
      return color;
    };
    const scope = document.querySelector(scopeSelector) ?? document.body;
    const stops = [
      ...scope.querySelectorAll<HTMLElement>(
        "a[href], button:not([disabled]), input:not([type=hidden]):not([disabled]), select:not([disabled]), textarea:not([disabled]), summary, [tabindex]:not([tabindex='-1'])",
      ),
    ].filter((el) => el.tabIndex >= 0 && !el.closest("[inert], [aria-hidden='true'], dialog:not([open])") && el.getClientRects().length > 0);
    const failures: { element: string; ratio: number; ring: string; background: string }[] = [];
    let measured = 0;
    for (const el of stops) {
      el.focus({ preventScroll: true });
      if (document.activeElement !== el || !el.matches(":focus-visible")) continue;
      const rect = el.getBoundingClientRect();
      // Visually hidden inputs: their label draws the ring.
      const drawer = rect.width <= 2 && rect.height <= 2 ? (el.closest("label") ?? el) : el;
      // Buttons ease their colours in (transition-colors covers the outline): measure where they end.
      for (const a of drawer.getAnimations()) a.finish();
      const cs = getComputedStyle(drawer);
      const width = Number.parseFloat(cs.outlineWidth);
      const ring = parse(cs.outlineColor);
      const name = `${el.tagName.toLowerCase()} "${(el.getAttribute("aria-label") ?? el.textContent ?? "").trim().slice(0, 40)}" in ${el.closest("section[id], header, footer, nav, dialog, form[id]")?.getAttribute("id") ?? el.closest("header, footer, nav, dialog")?.tagName.toLowerCase() ?? "page"}`;
      if (cs.outlineStyle === "none" || !(width >= 2) || !ring || ring[3] === 0) {
        failures.push({ element: name, ratio: 0, ring: `${cs.outlineStyle} ${cs.outlineWidth} ${cs.outlineColor}`, background: "" });
        continue;
      }
      const bg = behind(drawer);
      if (!bg) continue; // over an image or a gradient: not measurable this way
      measured++;
      const r = ratio(over(ring, bg), bg);
      if (r < 3)
        failures.push({
          element: name,
          ratio: Math.round(r * 100) / 100,
          ring: cs.outlineColor,
          background: `rgb(${bg.slice(0, 3).map(Math.round).join(", ")})`,
        });
    }
    (document.activeElement as HTMLElement | null)?.blur();
    return { failures, measured };
  }, scope);
}
