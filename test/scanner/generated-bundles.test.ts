import { mkdtempSync, readdirSync, rmSync, utimesSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { bundlerOf } from "../../src/files/generated-bundle.js";
import { ignoredBecause } from "../../src/scanner/discover.js";
import { scan } from "../../src/scanner/scan.js";
import { AS_OF } from "../support/analyze.js";

/** A bundled package's upload sending both framing headers (a table keyed by header names would be none: see the detector). */
const TABLE = `exports.upload = (body) => fetch("https://api.cloudflare.com/client/v4/accounts/a/workers/scripts/s", { method: "PUT", body, headers: { "content-length": "10", "transfer-encoding": "chunked" } });`;
const ESBUILD = `var __commonJS = (cb, mod) => function __require() { return mod || (0, cb[Object.keys(cb)[0]])((mod = { exports: {} }).exports, mod), mod.exports; };

// node_modules/some-client/lib/constants.js
var require_constants = __commonJS({
  "node_modules/some-client/lib/constants.js"(exports) {
    ${TABLE}
  }
});

// src/main.ts
require_constants();
`;
const NCC = `/******/ var __webpack_modules__ = ({
/***/ 101:
/***/ ((module, exports, __nccwpck_require__) => {
${TABLE}
/***/ })
/******/ });
/******/ function __nccwpck_require__(id) { return __webpack_modules__[id](); }
/******/ __nccwpck_require__(101);
`;

describe("generated bundles", () => {
  it("are told by the marks their bundler leaves, not by a mention of them", () => {
    expect(bundlerOf("index.js", ESBUILD)).toBe("esbuild");
    expect(bundlerOf("dist/index.cjs", NCC)).toBe("ncc");
    expect(bundlerOf("index.js", NCC.replaceAll("__nccwpck_require__", "__webpack_require__"))).toBe("webpack");
    // A stack trace parser that recognises webpack's frames; esbuild's names in a string; TypeScript.
    expect(bundlerOf("trace.js", `const webpack = line.includes("__webpack_require__") || line.includes("/******/ ({");\nconst stripped = path.replace(/^node_modules\\//, "");`)).toBeNull();
    expect(bundlerOf("notes.js", `const text = "// node_modules/x is wrapped in __commonJS({ ... })";`)).toBeNull();
    expect(bundlerOf("index.ts", ESBUILD)).toBeNull();
  });

  it("include minified JavaScript without a bundler's marks (lines of thousands of characters), not long source", () => {
    // A production bundle committed beside the code (a vendored API explorer): one line of 40 KB.
    const minified = `!function(e,t){"object"==typeof exports?module.exports=t():e.X=t()}(this,function(){${'var a=fetch("/zones/"+z+"/settings/minify",{method:"PATCH"});'.repeat(700)}});`;
    expect(bundlerOf("vendor/explorer-bundle.js", minified)).toBe("a minifier");
    expect(bundlerOf("vendor/explorer-bundle.ts", minified)).toBeNull();
    // Source with a long embedded line (a data URL) among many ordinary ones; a short one-liner.
    const source = `export const ICON = "data:image/png;base64,${"A".repeat(30_000)}";\n${"export const f = (x) => x + 1;\n".repeat(400)}`;
    expect(bundlerOf("icons.js", source)).toBeNull();
    expect(bundlerOf("tiny.js", 'fetch("/zones/z/settings/minify",{method:"PATCH"})')).toBeNull();
  });

  const root = mkdtempSync(join(tmpdir(), "sunset-lint-bundles-"));
  afterAll(() => [root, `${root}.cache.json`].forEach((path) => rmSync(path, { recursive: true, force: true })));
  writeFileSync(join(root, "index.js"), ESBUILD);
  writeFileSync(join(root, "headers.js"), `export const headers = { "Content-Length": "10", "Transfer-Encoding": "chunked" };\n`);
  const hourAgo = new Date(Date.now() - 3_600_000);
  for (const name of readdirSync(root)) utimesSync(join(root, name), hourAgo, hourAgo);
  utimesSync(root, hourAgo, hourAgo);
  const files = (result: Awaited<ReturnType<typeof scan>>) => result.findings.map((finding) => finding.file).sort();

  it("are left out of a scan by default and named, with and without the cache; scanned when named or with --no-default-ignores", async () => {
    const skipped = [{ file: "index.js", kind: "skipped", message: "skipped: a bundle built by esbuild, with the code of the packages it was built from; --no-default-ignores scans it" }];
    for (const cache of [undefined, `${root}.cache.json`, `${root}.cache.json`]) {
      const result = await scan({ cwd: root, asOf: AS_OF, jobs: 0, cache });
      expect(files(result)).toEqual(["headers.js"]);
      expect(result.summary.problems).toEqual(skipped);
      // Named, not counted as scanned.
      expect(result.summary.files).toBe(1);
    }
    const everything = await scan({ cwd: root, asOf: AS_OF, jobs: 0, noDefaultIgnores: true, cache: `${root}.cache.json` });
    expect(files(everything)).toEqual(["headers.js", "index.js"]);
    expect(everything.summary.problems).toEqual([]);
    const named = await scan({ cwd: root, paths: ["index.js"], asOf: AS_OF, jobs: 0 });
    expect(files(named)).toEqual(["index.js"]);
    // What `--print-config` says of it.
    const why = (paths: string[], noDefaultIgnores = false) => ignoredBecause(join(root, "index.js"), { cwd: root, paths, ignore: [], noDefaultIgnores });
    expect(why(["."])).toBe("a bundle built by esbuild, left out by default (--no-default-ignores scans it)");
    expect(why(["."], true)).toBeNull();
    expect(why(["index.js"])).toBeNull();
  });

  it("that are all a folder holds leave nothing looked at: not a green run", async () => {
    const folder = mkdtempSync(join(tmpdir(), "sunset-lint-only-bundle-"));
    try {
      writeFileSync(join(folder, "index.js"), ESBUILD);
      await expect(scan({ cwd: folder, asOf: AS_OF, jobs: 0 })).rejects.toThrow(/its one file is a generated bundle.*nothing was checked/);
      expect((await scan({ cwd: folder, asOf: AS_OF, jobs: 0, noDefaultIgnores: true })).summary.files).toBe(1);
    } finally {
      rmSync(folder, { recursive: true, force: true });
    }
  });
});
