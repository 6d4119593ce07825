import { writeFileSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { FORMATTERS } from "../../src/report/index.js";
import { scan } from "../../src/scanner/scan.js";
import { fixedMeta } from "../report/fixed-result.js";
import { AS_OF, scratch } from "../support/cli.js";

const COUNT = 125_000;

/** One file with more findings than a function call takes arguments (today's V8: about 120,000). */
describe("one file with 125,000 findings", () => {
  it("is scanned and rendered in every format (no spread of unbounded lists into calls)", async () => {
    const dir = scratch();
    writeFileSync(join(dir, "many.ts"), `fetch("https://api.cloudflare.com/client/v4/zones/z/firewall/rules");\n`.repeat(COUNT));
    const result = await scan({ cwd: dir, asOf: AS_OF, maxFileSize: 16 * 1024 * 1024, jobs: 0 });
    expect(result.findings).toHaveLength(COUNT);
    expect(result.findings.at(-1)!.line).toBe(COUNT);
    for (const [name, format] of Object.entries(FORMATTERS)) {
      const text = format!(result, { ...fixedMeta, cwd: dir, color: false });
      expect(text.length, name).toBeGreaterThan(COUNT * 10);
    }
  }, 180_000);
});
