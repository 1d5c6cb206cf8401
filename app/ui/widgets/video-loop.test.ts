import { describe, expect, it } from "vitest";
import { PAUSE_BELOW, PLAY_AT, playingFor } from "./video-loop";

describe("the looping clip's two thresholds (spec 4, 9)", () => {
  it("plays from 75 % visible and pauses below 25 %", () => {
    expect([PAUSE_BELOW, PLAY_AT]).toEqual([0.25, 0.75]);
    expect(playingFor(0.75, false)).toBe(true);
    expect(playingFor(1, false)).toBe(true);
    expect(playingFor(0.249, true)).toBe(false);
    expect(playingFor(0, true)).toBe(false);
  });
  it("keeps its state in between", () => {
    for (const r of [0.25, 0.5, 0.74]) {
      expect(playingFor(r, true)).toBe(true);
      expect(playingFor(r, false)).toBe(false);
    }
  });
});
