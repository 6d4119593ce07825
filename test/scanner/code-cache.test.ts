import { execFileSync } from "node:child_process";
import { chmodSync, mkdirSync, mkdtempSync, readdirSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, describe, expect, it } from "vitest";

const codeCache = join(import.meta.dirname, "../../dist/scanner/code-cache.cjs");
const scratch = mkdtempSync(join(tmpdir(), "sunset-lint-code-cache-test-"));
afterAll(() => rmSync(scratch, { recursive: true, force: true }));

const library = join(scratch, "library.cjs");
writeFileSync(library, `exports.answer = function answer() { return ${"1 + ".repeat(2000)}42; };\n`);

/** Loads the library in a new process with this TMPDIR; says its answer and whether the cache was used. */
function load(temporary: string, env: Record<string, string> = {}): { answer: number; fromCache: boolean } {
  const script = `const cache = require(${JSON.stringify(codeCache)}); const lib = cache.requireWithCodeCache(${JSON.stringify(library)}); console.log(JSON.stringify({ answer: lib.answer(), fromCache: cache.codeCacheUse()[0].fromCache }));`;
  return JSON.parse(execFileSync(process.execPath, ["-e", script], { env: { ...process.env, TMPDIR: temporary, ...env }, encoding: "utf8" })) as { answer: number; fromCache: boolean };
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
});
