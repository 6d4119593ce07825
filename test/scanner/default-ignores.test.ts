import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { dirname, join } from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { ignoredBecause } from "../../src/scanner/discover.js";
import { scan } from "../../src/scanner/scan.js";
import { AS_OF } from "../support/analyze.js";

/** A Workers project with Wrangler's local folder and a framework's build output committed beside its source. */
describe("build output of frameworks and Wrangler's local folder", () => {
  const root = mkdtempSync(join(tmpdir(), "sunset-lint-default-ignores-"));
  afterAll(() => rmSync(root, { recursive: true, force: true }));
  const request = `export const dashboard = (zone) => fetch(\`https://api.cloudflare.com/client/v4/zones/\${zone}/analytics/dashboard\`);\n`;
  const copies = ["src/index.ts", ".wrangler/tmp/dev-x1/worker.js", ".next/server/app/page.js", ".nuxt/dist/server/api.mjs", ".output/server/index.mjs", ".svelte-kit/output/server/index.js"];
  for (const path of copies) {
    mkdirSync(dirname(join(root, path)), { recursive: true });
    writeFileSync(join(root, path), request);
  }
  const files = (result: Awaited<ReturnType<typeof scan>>) => result.findings.map((finding) => finding.file).sort();

  it("are left out by default (a bundled copy of the worker repeated its findings), scanned with --no-default-ignores", async () => {
    expect(files(await scan({ cwd: root, asOf: AS_OF, jobs: 0 }))).toEqual(["src/index.ts"]);
    expect(files(await scan({ cwd: root, asOf: AS_OF, jobs: 0, noDefaultIgnores: true }))).toEqual([...copies].sort());
    expect(ignoredBecause(join(root, ".wrangler/tmp/dev-x1/worker.js"), { cwd: root, paths: ["."], ignore: [] })).toBe("inside .wrangler/, which is left out by default (--no-default-ignores scans it)");
  });
});
