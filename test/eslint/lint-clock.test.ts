import { describe, expect, it } from "vitest";
import { BURST_FILES, BURST_MS, IDLE_MS, LintClock, QUIET_MS } from "../../src/eslint/lint-clock.js";

/** A clock on a wall that moves only when told. */
function clockAt(start = 1_000_000) {
  const wall = { time: start };
  return { wall, clock: new LintClock(() => wall.time) };
}

/** Lints `count` distinct files, `stepMs` apart, named from `first`. */
function lintDistinct(setup: ReturnType<typeof clockAt>, count: number, stepMs: number, first = 0): void {
  for (let index = first; index < first + count; index++) {
    setup.clock.noteLinted(`/project/src/file-${index}.ts`);
    setup.wall.time += stepMs;
  }
}

describe("the plugin's clock (how long what was read from disk is trusted)", () => {
  it("tells the wall's time in an editor: one file linted again and again, files opened one by one", () => {
    const setup = clockAt();
    for (let keystroke = 0; keystroke < 100; keystroke++) {
      setup.clock.noteLinted("/project/src/client.ts");
      setup.wall.time += 50;
      expect(setup.clock.now()).toBe(setup.wall.time);
    }
    // Files opened one after another, a few a second: never enough for a burst.
    lintDistinct(setup, 40, 500);
    expect(setup.clock.inBurst()).toBe(false);
    expect(setup.clock.now()).toBe(setup.wall.time);
  });

  it("stands still from the start of a burst of distinct files, while new files keep coming", () => {
    const setup = clockAt();
    lintDistinct(setup, BURST_FILES - 1, 10);
    expect(setup.clock.inBurst()).toBe(false);
    const start = setup.wall.time;
    lintDistinct(setup, 1, 10, BURST_FILES - 1);
    expect(setup.clock.inBurst()).toBe(true);
    // A minute of linting, a file every 200 ms: the time told is the burst's start.
    for (let index = 0; index < 300; index++) {
      lintDistinct(setup, 1, 200, 100 + index);
      expect(setup.clock.now()).toBe(start);
    }
  });

  it("needs the distinct files within BURST_MS", () => {
    const setup = clockAt();
    lintDistinct(setup, BURST_FILES * 3, Math.ceil(BURST_MS / (BURST_FILES - 2)));
    expect(setup.clock.inBurst()).toBe(false);
  });

  it("ends a burst when no new file was linted for IDLE_MS, even if the same file is linted meanwhile", () => {
    const setup = clockAt();
    lintDistinct(setup, BURST_FILES, 10);
    expect(setup.clock.inBurst()).toBe(true);
    // The last file again and again (fix passes, or a user typing in it): the burst does not go on.
    for (let time = 0; time <= IDLE_MS; time += 100) {
      setup.clock.noteLinted(`/project/src/file-${BURST_FILES - 1}.ts`);
      setup.wall.time += 100;
    }
    expect(setup.clock.inBurst()).toBe(false);
    expect(setup.clock.now()).toBe(setup.wall.time);
  });

  it("keeps a burst through a pause between new files shorter than QUIET_MS (ESLint parsing a large file on a loaded machine), ends it after", () => {
    const setup = clockAt();
    lintDistinct(setup, BURST_FILES, 10);
    const start = setup.wall.time - 10;
    setup.wall.time += 2500;
    expect(setup.clock.now()).toBe(start);
    lintDistinct(setup, 1, 10, 500);
    expect(setup.clock.now()).toBe(start);
    setup.wall.time += QUIET_MS - 10;
    expect(setup.clock.inBurst()).toBe(true);
    setup.wall.time += 20;
    expect(setup.clock.inBurst()).toBe(false);
    expect(setup.clock.now()).toBe(setup.wall.time);
  });

  it("ends a burst when a file linted earlier in it is linted again after another (a user going back to a file)", () => {
    const setup = clockAt();
    lintDistinct(setup, BURST_FILES + 4, 10);
    expect(setup.clock.inBurst()).toBe(true);
    setup.clock.noteLinted("/project/src/file-3.ts");
    expect(setup.clock.inBurst()).toBe(false);
    expect(setup.clock.now()).toBe(setup.wall.time);
  });

  it("starts a new burst after one ended, standing still from its own start", () => {
    const setup = clockAt();
    lintDistinct(setup, BURST_FILES, 10);
    setup.wall.time += QUIET_MS + 1;
    expect(setup.clock.inBurst()).toBe(false);
    lintDistinct(setup, BURST_FILES - 1, 10, 1000);
    const start = setup.wall.time;
    lintDistinct(setup, 1, 10, 2000);
    expect(setup.clock.now()).toBe(start);
  });
});
