import { mkdirSync, mkdtempSync, rmSync, utimesSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { codeStamp } from "../../src/scanner/code-stamp.js";

describe("the stamp of sunset-lint's own code in the cache key", () => {
  const root = mkdtempSync(join(tmpdir(), "sunset-lint-code-stamp-"));
  afterAll(() => rmSync(root, { recursive: true, force: true }));

  it("changes when a file of the build is rebuilt, added or changed in size, and only then", () => {
    mkdirSync(join(root, "scanner"));
    const file = join(root, "scanner/scan.js");
    writeFileSync(file, "export const scan = 1;\n");
    const hourAgo = new Date(Date.now() - 3_600_000);
    utimesSync(file, hourAgo, hourAgo);
    const first = codeStamp(root);
    expect(codeStamp(root)).toBe(first);
    // Rebuilt with the same size: a new modification time.
    writeFileSync(file, "export const scan = 2;\n");
    const rebuilt = codeStamp(root);
    expect(rebuilt).not.toBe(first);
    writeFileSync(join(root, "scanner/worker.js"), "");
    expect(codeStamp(root)).not.toBe(rebuilt);
  });

  it("is one stamp for the running build, whatever the run", () => expect(codeStamp()).toBe(codeStamp()));
});
