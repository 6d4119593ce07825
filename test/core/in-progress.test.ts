import { describe, expect, it } from "vitest";
import { InProgress } from "../../src/core/evaluator/in-progress.js";

describe("InProgress (the evaluator's guard against values that lead back to themselves)", () => {
  it("refuses a key already being worked out, and takes it again once left", () => {
    const work = new InProgress();
    const key = {};
    expect(work.enter(key)).toBe(true);
    expect(work.has(key)).toBe(true);
    expect(work.enter(key)).toBe(false);
    work.leave(key);
    expect(work.has(key)).toBe(false);
    expect(work.enter(key)).toBe(true);
  });

  it("never forgets a key in progress when it lets go of those left (only with nothing in progress)", () => {
    const work = new InProgress(2);
    const [outer, middle, inner] = [{}, {}, {}];
    work.enter(outer);
    work.enter(middle);
    work.enter(inner);
    work.leave(inner); // three kept, over the bound, but two still in progress
    expect(work.enter(outer)).toBe(false);
    expect(work.enter(middle)).toBe(false);
    expect(work.enter(inner)).toBe(true);
    work.leave(inner);
    work.leave(middle);
    work.leave(outer); // nothing in progress: emptied
    for (const key of [outer, middle, inner]) expect(work.has(key)).toBe(false);
    expect(work.enter(outer)).toBe(true);
  });

  it("holds at most its bound of keys left behind between pieces of work", () => {
    const work = new InProgress(8);
    const keys = Array.from({ length: 100 }, () => ({}));
    for (const key of keys) {
      work.enter(key);
      work.leave(key);
    }
    expect(work.kept).toBeLessThanOrEqual(8);
  });

  it("lets go of every key left at the end of a file's analysis, never of one in progress", () => {
    const work = new InProgress();
    const [outer, inner] = [{}, {}];
    work.enter(outer);
    work.enter(inner);
    work.leave(inner);
    work.release(); // still working on `outer`: nothing let go
    expect(work.enter(outer)).toBe(false);
    expect(work.kept).toBe(2);
    work.leave(outer);
    work.release();
    expect(work.kept).toBe(0);
    expect(work.enter(outer)).toBe(true);
  });
});
