import type { Page } from "@playwright/test";
import { pagePaths } from "../../app/copy/pages";
import { expect, test } from "./fixtures";

/**
 * The built stylesheet's responsive rules in the order Tailwind wrote them: at each width,
 * the rule of the widest breakpoint that applies must win. Tailwind orders its media
 * queries by comparing breakpoint values and cannot compare px with rem, so a theme that
 * mixed them wrote the 1280 px `xl:` rules before the 64rem `lg:` ones and `lg:` won above
 * 1280 px (7 trusted-by logos instead of 9, 3 leadership columns instead of 4, narrower
 * post-card images). For every page, at 1024, 1280, 1400 and 1920 px, every element that
 * sets grid columns, a flex basis or a width per breakpoint is measured against the class
 * that should apply.
 */

const WIDTHS = [1024, 1280, 1400, 1920];

interface Mismatch {
  width: number;
  element: string;
  expected: string;
  got: string;
}

/** Measures, in the page, every responsive grid-cols / basis / w- class against the computed style. */
function mismatches(page: Page, width: number): Promise<Mismatch[]> {
  return page.evaluate((width) => {
    // The theme's breakpoints (app/theme.css), and min-[Npx] variants.
    const named: Record<string, number> = { xs: 480, sm: 640, md: 768, lg: 1024, desk: 1025, xl: 1280, "2xl": 1536 };
    // grid-cols-N, or an arbitrary track list (grid-cols-[repeat(3,minmax(0,1fr))_auto]: 4 columns).
    const token = /^(?:(xs|sm|md|lg|desk|xl|2xl|min-\[(\d+)px\]):)?(grid-cols-(?:(\d+)|\[([^\]]+)\])|basis-(?:full|1\/(\d+))|w-(\d+))$/;
    const out: { width: number; element: string; expected: string; got: string }[] = [];
    // A grid container's track list is in px; a fieldset's stays as written (repeat(2, minmax(0, 1fr))).
    const columnCount = (tracks: string) => {
      let depth = 0;
      let item = "";
      let n = 0;
      const end = () => {
        if (item) n += /^repeat\((\d+)/.exec(item)?.[1] ? Number(/^repeat\((\d+)/.exec(item)?.[1]) : 1;
        item = "";
      };
      for (const c of tracks) {
        if (c === "(") depth++;
        if (c === ")") depth--;
        if (c === " " && depth === 0) end();
        else item += c;
      }
      end();
      return n;
    };
    for (const el of Array.from(document.querySelectorAll<HTMLElement>("[class]"))) {
      const byFamily = new Map<string, { min: number; cls: string; value: number }[]>();
      let responsive = false;
      for (const cls of Array.from(el.classList)) {
        const m = token.exec(cls);
        if (!m) continue;
        const variant = m[1];
        const min = variant === undefined ? 0 : m[2] ? Number(m[2]) : (named[variant] ?? Number.NaN);
        if (variant !== undefined) responsive = true;
        const utility = m[3] ?? "";
        const family = utility.startsWith("grid-cols") ? "grid" : utility.startsWith("basis") ? "basis" : "width";
        const value = m[4]
          ? Number(m[4])
          : m[5]
            ? columnCount(m[5].replaceAll("_", " "))
            : utility === "basis-full"
              ? 1
              : m[6]
                ? Number(m[6])
                : Number(m[7]) * 4;
        const list = byFamily.get(family) ?? [];
        list.push({ min, cls, value });
        byFamily.set(family, list);
      }
      if (!responsive) continue;
      const style = getComputedStyle(el);
      if (style.display === "none" || el.getClientRects().length === 0) continue;
      for (const [family, list] of byFamily) {
        if (!list.some((t) => t.min > 0)) continue;
        const applies = list.filter((t) => t.min <= width).sort((a, b) => b.min - a.min)[0];
        if (!applies) continue;
        const name = `${el.tagName.toLowerCase()}.${Array.from(el.classList).slice(0, 6).join(".")}`;
        if (family === "grid") {
          if (style.display !== "grid") continue;
          const got = columnCount(style.gridTemplateColumns);
          if (got !== applies.value) out.push({ width, element: name, expected: applies.cls, got: `${got} columns` });
        } else if (family === "basis") {
          const parent = el.parentElement?.getBoundingClientRect().width ?? 0;
          const got = parent > 0 ? Math.round(parent / el.getBoundingClientRect().width) : 0;
          if (got !== applies.value) out.push({ width, element: name, expected: applies.cls, got: `1/${got} of its row` });
        } else {
          const got = Math.round(el.getBoundingClientRect().width);
          if (got !== applies.value) out.push({ width, element: name, expected: applies.cls, got: `${got}px wide` });
        }
      }
    }
    return out;
  }, width);
}

test.describe("responsive rules of the built stylesheet", () => {
  test("at 1024, 1280, 1400 and 1920 px every page's columns, slide bases and widths follow the widest breakpoint that applies", async ({ page }) => {
    test.slow();
    const found: (Mismatch & { path: string })[] = [];
    let measured = 0;
    for (const path of pagePaths) {
      await page.setViewportSize({ width: WIDTHS[0] ?? 1024, height: 900 });
      await page.goto(path);
      for (const width of WIDTHS) {
        await page.setViewportSize({ width, height: 900 });
        for (const m of await mismatches(page, width)) found.push({ ...m, path });
        measured++;
      }
    }
    expect(measured).toBe(pagePaths.length * WIDTHS.length);
    expect(found).toEqual([]);
  });

  test("the trusted-by band shows 9 logos from 1280 px, 7 from 1024 px", async ({ page }) => {
    await page.goto("/");
    const band = page.getByRole("region", { name: "Companies that trust Fillway" });
    await band.scrollIntoViewIfNeeded();
    const visible = () =>
      band.evaluate((el) => {
        const viewport = el.firstElementChild as HTMLElement;
        const slide = el.querySelector<HTMLElement>("[aria-roledescription=slide]");
        return slide ? Math.round(viewport.getBoundingClientRect().width / slide.getBoundingClientRect().width) : 0;
      });
    for (const [width, logos] of [
      [1024, 7],
      [1280, 9],
      [1400, 9],
      [1920, 9],
    ] as const) {
      await page.setViewportSize({ width, height: 900 });
      // The band hydrates as it comes near: read it again until the layout has settled.
      await expect.poll(visible, { message: `${width} px` }).toBe(logos);
    }
  });

  test("the leadership grids have 4 columns from 1280 px", async ({ page }) => {
    await page.goto("/leaderShip-team");
    const grids = page.locator("ul.grid.xl\\:grid-cols-4");
    expect(await grids.count()).toBeGreaterThan(0);
    for (const [width, columns] of [
      [1024, 3],
      [1280, 4],
      [1400, 4],
      [1920, 4],
    ] as const) {
      await page.setViewportSize({ width, height: 900 });
      const counts = await grids.evaluateAll((els) => els.map((el) => getComputedStyle(el).gridTemplateColumns.split(" ").length));
      expect(counts, `${width} px`).toEqual(counts.map(() => columns));
    }
  });
});
