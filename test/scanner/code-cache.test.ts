import { execFileSync } from "node:child_process";
import { chmodSync, mkdirSync, mkdtempSync, readdirSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, describe, expect, it } from "vitest";

const codeCache = join(import.meta.dirname, "../../dist/scanner/code-cache.cjs");
const v8FlagsModule = join(import.meta.dirname, "../../dist/scanner/v8-flags.js");
const scratch = mkdtempSync(join(tmpdir(), "sunset-lint-code-cache-test-"));
afterAll(() => rmSync(scratch, { recursive: true, force: true }));

const library = join(scratch, "library.cjs");
writeFileSync(library, `exports.answer = function answer() { return ${"1 + ".repeat(2000)}42; };\n`);

/**
 * Loads the library in a new process with this TMPDIR; says its answer and whether the cache was
 * used. `flags`: V8 flags set (and noted) before loading it, as the CLI does for a large scan;
 * `flagsAfter`: set one by one after loading it (as compiling the shell grammar does, without noting them).
 */
function load(temporary: string, env: Record<string, string> = {}, { flags = "", flagsAfter = "" } = {}, file = library): { answer: number; fromCache: boolean } {
  const before = flags ? `v8.setFlagsFromString(${JSON.stringify(flags)}); noteV8Flags(${JSON.stringify(flags)});` : "";
  const after = flagsAfter
    .split(" ")
    .filter(Boolean)
    .map((flag) => `v8.setFlagsFromString(${JSON.stringify(flag)});`)
    .join(" ");
  const script = `import v8 from "node:v8"; import cache from ${JSON.stringify(codeCache)}; import { noteV8Flags } from ${JSON.stringify(v8FlagsModule)}; ${before} const lib = cache.requireWithCodeCache(${JSON.stringify(file)}); ${after} console.log(JSON.stringify({ answer: lib.answer(), fromCache: cache.codeCacheUse()[0].fromCache }));`;
  return JSON.parse(execFileSync(process.execPath, ["--input-type=module", "-e", script], { env: { ...process.env, TMPDIR: temporary, ...env }, encoding: "utf8" })) as { answer: number; fromCache: boolean };
}

describe("the code cache of the compiler", () => {
  it("is written by one run and used by the next, with the same result", () => {
    const temporary = join(scratch, "tmp-a");
    mkdirSync(temporary);
    expect(load(temporary)).toEqual({ answer: 2042, fromCache: false });
    expect(load(temporary)).toEqual({ answer: 2042, fromCache: true });
  });

  it("is not used from a folder others may write, nor when turned off", () => {
    const temporary = join(scratch, "tmp-b");
    mkdirSync(temporary);
    load(temporary);
    const folder = readdirSync(temporary).find((name) => name.startsWith("sunset-lint-code-cache"))!;
    chmodSync(join(temporary, folder), 0o777);
    expect(load(temporary).fromCache).toBe(false);
    const other = join(scratch, "tmp-c");
    mkdirSync(other);
    load(other, { SUNSET_LINT_NO_CODE_CACHE: "1" });
    expect(readdirSync(other)).toEqual([]);
  });

  it("keeps one cache for each set of flags the process notes: a run with them and one without do not spoil each other's", () => {
    const temporary = join(scratch, "tmp-d");
    mkdirSync(temporary);
    const tuned = { flags: "--interrupt-budget=540672 --expose-gc" };
    expect(load(temporary, {}, tuned)).toEqual({ answer: 2042, fromCache: false });
    expect(load(temporary)).toEqual({ answer: 2042, fromCache: false });
    expect(load(temporary, {}, tuned)).toEqual({ answer: 2042, fromCache: true });
    expect(load(temporary)).toEqual({ answer: 2042, fromCache: true });
  });

  it("is kept as the file is loaded, so flags the run changes afterwards do not spoil it", () => {
    const temporary = join(scratch, "tmp-e");
    mkdirSync(temporary);
    // What compiling the shell grammar leaves behind (WebAssembly's tier-up turned off by --liftoff-only).
    const grammarCompiled = { flagsAfter: "--liftoff-only --no-liftoff-only" };
    expect(load(temporary, {}, grammarCompiled).fromCache).toBe(false);
    expect(load(temporary, {}, grammarCompiled).fromCache).toBe(true);
  });

  it("reads a library in UTF-8 as UTF-8, and an edit of the same length is not answered from the old cache", () => {
    const temporary = join(scratch, "tmp-f");
    mkdirSync(temporary);
    const unicode = join(scratch, "unicode.cjs");
    // Top-level code (which the cache holds) reads a character beyond ASCII, after others of two and four bytes.
    const write = (letter: string) => writeFileSync(unicode, `const code = "\u2014 \u{1F600} caf${letter}".charCodeAt(8);\nexports.answer = function answer() { return code * 1000 + ${"1 + ".repeat(500)}0; };\n`);
    write("\u00e9");
    expect(load(temporary, {}, {}, unicode)).toEqual({ answer: 0xe9 * 1000 + 500, fromCache: false });
    expect(load(temporary, {}, {}, unicode)).toEqual({ answer: 0xe9 * 1000 + 500, fromCache: true });
    // As long, other code: V8 checks a cache against the source's length only, so its name must change with the text.
    write("\u00e8");
    expect(load(temporary, {}, {}, unicode)).toEqual({ answer: 0xe8 * 1000 + 500, fromCache: false });
  });
});
