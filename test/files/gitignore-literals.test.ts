import { createRequire } from "node:module";
import { describe, expect, it } from "vitest";
import type { Ignore } from "ignore";
import { literalPrecheck } from "../../src/files/gitignore-literals.js";

const ignore = createRequire(import.meta.url)("ignore") as () => Ignore;

/** Whether the precheck lets a path on to the rules (null: every path goes on). */
const passes = (texts: readonly string[], path: string) => literalPrecheck(texts)?.test(path) ?? true;

describe("literalPrecheck: the text a path must hold for a .gitignore rule to ignore it", () => {
  it("rules out paths without a rule's literal text, and names as whole names", () => {
    const texts = ["node_modules\nout\n*.log\n/coverage/\n.env*\n"];
    expect(passes(texts, "src/client.ts")).toBe(false);
    // `out` is a file or folder named so, not part of a longer name.
    expect(passes(texts, "src/routes/index.ts")).toBe(false);
    expect(passes(texts, "src/out/index.ts")).toBe(true);
    expect(passes(texts, "packages/a/OUT/index.ts")).toBe(true); // the package matches without case
    expect(passes(texts, "logs/debug.log")).toBe(true);
    expect(passes(texts, "coverage/")).toBe(true);
    expect(passes(texts, "app/.env.local")).toBe(true);
    expect(passes(texts, "app/my.env")).toBe(false); // `.env*` starts a name
  });

  it("asks for every run of a rule's literal text, in order", () => {
    const texts = ["templates/**/*.lock\npackages/wrangler/src/cloudchamber/internal\n"];
    expect(passes(texts, "templates/app/yarn.lock")).toBe(true);
    expect(passes(texts, "templates/app/src/index.ts")).toBe(false);
    expect(passes(texts, "packages/wrangler/src/cloudchamber/internal/a.ts")).toBe(true);
    expect(passes(texts, "packages/wrangler/src/cloudchamber/cli.ts")).toBe(false);
    expect(passes(["a/**/b\n"], "a/b")).toBe(true); // `**/` may stand for no folder
  });

  it("takes the text around ranges and escapes, not inside them", () => {
    expect(passes(["fixtures/app/functions/\\[\\[path\\]\\].js\n"], "fixtures/app/functions/[[path]].js")).toBe(true);
    expect(passes(["*.[oa]\n"], "lib/x.o")).toBe(true);
    expect(passes(["report-[0-9].txt\n"], "report-7.txt")).toBe(true);
  });

  it("lets every path on for a rule with no literal text, and none for a file that ignores nothing", () => {
    expect(literalPrecheck(["dist\n*\n"])).toBeNull();
    expect(literalPrecheck(["**/\n"])).toBeNull();
    expect(passes(["# only comments\n\n!keep.ts\n"], "keep.ts")).toBe(false);
    expect(passes([], "a.ts")).toBe(false);
    // Thousands of rules are left to the package.
    expect(literalPrecheck([Array.from({ length: 6_000 }, (_, index) => `generated-${index}.ts`).join("\n")])).toBeNull();
    expect(literalPrecheck([Array.from({ length: 4_000 }, (_, index) => `generated-${index}.ts`).join("\n")])).not.toBeNull();
  });

  it("reads the texts of both ignore files of a repository's root, with a BOM and CRLF lines", () => {
    const texts = ["\uFEFFbuild\r\n", "local-only.ts\r\n"];
    expect(passes(texts, "build/a.ts")).toBe(true);
    expect(passes(texts, "src/local-only.ts")).toBe(true);
    expect(passes(texts, "src/other.ts")).toBe(false);
  });

  /**
   * Against the `ignore` package itself, on rules and paths built at random from the characters
   * that matter (wildcards, ranges, escapes, separators, negations, case): the precheck may let a
   * path on that is not ignored, never hold back one that is.
   */
  it("never holds back a path the rules ignore (random rules and paths against the ignore package)", () => {
    // mulberry32: seeded, so that a failure can be run again.
    let seed = 20261128;
    const random = (below: number) => {
      seed = (seed + 0x6d2b79f5) | 0;
      let mixed = Math.imul(seed ^ (seed >>> 15), 1 | seed);
      mixed = (mixed + Math.imul(mixed ^ (mixed >>> 7), 61 | mixed)) ^ mixed;
      return Math.floor((((mixed ^ (mixed >>> 14)) >>> 0) / 4_294_967_296) * below);
    };
    const pick = <T,>(items: readonly T[]) => items[random(items.length)]!;
    const ruleParts = ["a", "b", "ab", "B", ".", "-", "*", "**", "?", "/", "[ab]", "[!a]", "[a-c]", "\\*", "\\[", "\\ ", " ", "x"];
    const names = ["a", "b", "ab", "ba", "A", "aB", ".a", "a.b", "x", "*", "[a]", "a b", "b-a", "abx"];
    let ignoredPaths = 0;
    for (let round = 0; round < 1_500; round++) {
      const rules = Array.from({ length: 1 + random(4) }, () => {
        const body = Array.from({ length: 1 + random(5) }, () => pick(ruleParts)).join("");
        return `${pick(["", "", "", "!", "/", "#"])}${body}${pick(["", "", "/", " ", "\r"])}`;
      });
      const text = rules.join("\n");
      const matcher = ignore().add(text);
      for (let index = 0; index < 30; index++) {
        const path = Array.from({ length: 1 + random(4) }, () => pick(names)).join("/");
        for (const tested of [path, `${path}/`]) {
          if (!matcher.ignores(tested)) continue;
          ignoredPaths++;
          if (!passes([text], tested.replace(/\/$/, ""))) expect.fail(`held back ${JSON.stringify(tested)}, which ${JSON.stringify(text)} ignores`);
        }
      }
    }
    // The random rules do ignore paths: the comparison is not empty.
    expect(ignoredPaths).toBeGreaterThan(2_000);
  });
});
