import { mkdirSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { afterEach, describe, expect, it, vi } from "vitest";
import { effectiveOptions, type SharedOptions } from "../../src/eslint/options.js";
import { lintClock } from "../../src/eslint/lint-clock.js";
import { RULE_DESCRIPTIONS } from "../../src/core/rules.js";
import type { RuleName } from "../../src/catalogue/types.js";
import { scratch } from "../support/cli.js";

const RULE_NAMES = Object.keys(RULE_DESCRIPTIONS) as RuleName[];

afterEach(() => {
  vi.restoreAllMocks();
});

/** A repository whose config skips one rule, with one file in it. */
function repository(): string {
  const root = scratch();
  mkdirSync(join(root, ".git"));
  mkdirSync(join(root, "src"));
  writeFileSync(join(root, "sunset-lint.config.json"), JSON.stringify({ skip: ["no-notification-email"], apiHosts: ["cf-proxy.internal"] }));
  writeFileSync(join(root, "src/client.ts"), "export {};\n");
  return root;
}

describe("the options every rule asks for, for each text linted", () => {
  it("tells the plugin's clock of a lint once, however many rules ask (a slow first analysis is not a user typing)", () => {
    const file = join(repository(), "src/client.ts");
    const noted = vi.spyOn(lintClock, "noteLinted");
    const lint = { text: "export {};\n" };
    const answers = RULE_NAMES.map((rule) => effectiveOptions<SharedOptions>({ filename: file, sourceCode: lint }, rule, {}));
    expect(noted).toHaveBeenCalledTimes(1);
    expect(noted).toHaveBeenCalledWith(file);
    // Each rule still gets its own answer from the config: the skipped rule is off, the others have its hosts.
    expect(answers[RULE_NAMES.indexOf("no-notification-email")]).toBeNull();
    expect(answers.filter((options) => options !== null).every((options) => options!.apiHosts?.[0] === "cf-proxy.internal")).toBe(true);
    // The next lint of the file (a keystroke, a fix pass) is another text: told again.
    effectiveOptions({ filename: file, sourceCode: { text: "export {}; \n" } }, "no-deprecated-endpoint", {});
    expect(noted).toHaveBeenCalledTimes(2);
  });

  it("a context without a text object (an older ESLint) is told each time, as before", () => {
    const file = join(repository(), "src/client.ts");
    const noted = vi.spyOn(lintClock, "noteLinted");
    effectiveOptions({ filename: file }, "no-deprecated-endpoint", {});
    effectiveOptions({ filename: file }, "no-error-chain", {});
    expect(noted).toHaveBeenCalledTimes(2);
  });

  it("a text not on disk (stdin, a virtual file) reads no config and tells the clock nothing", () => {
    const noted = vi.spyOn(lintClock, "noteLinted");
    expect(effectiveOptions({ filename: "<text>", sourceCode: {} }, "no-deprecated-endpoint", { minConfidence: "high" })).toEqual({ minConfidence: "high" });
    expect(noted).not.toHaveBeenCalled();
  });
});
