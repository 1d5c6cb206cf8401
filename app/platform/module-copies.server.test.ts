import { describe, expect, it } from "vitest";
import { duplicatedModules, moduleCopies } from "./module-copies.server";

describe("module copies", () => {
  it("names a module with state once it is loaded a second time", async () => {
    await import("./rate-limit.server");
    expect(moduleCopies().get("rate-limit")).toBe(1);
    expect(duplicatedModules()).not.toContain("rate-limit");
    // A second copy, as a second bundle of the same sources would load it.
    const secondCopy = "./rate-limit.server?second-copy";
    await import(/* @vite-ignore */ secondCopy);
    expect(moduleCopies().get("rate-limit")).toBe(2);
    expect(duplicatedModules()).toContain("rate-limit");
  });
});
