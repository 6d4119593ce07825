import { readFileSync } from "node:fs";
import { createRequire } from "node:module";
import pinnedCompiler from "#typescript";
import { fileURLToPath } from "node:url";
import { parse } from "@typescript-eslint/typescript-estree";
import { globSync } from "glob";
import { describe, expect, it } from "vitest";
import { lowerEstree } from "../../src/eslint/lower.js";
import { loadModuleParser } from "../../src/eslint/toolchain.js";
import { compilerLowering, type Compiler } from "../../src/languages/typescript.js";
import { parseAndLower } from "../../src/scanner/lower.js";

const fixtures = fileURLToPath(new URL("../../fixtures", import.meta.url));
const files = globSync("**/*.{ts,tsx,mts,cts,js,jsx,mjs,cjs}", { cwd: fixtures, posix: true }).sort();

/**
 * The two front ends must hand the core the same program model for the same code: this is what
 * keeps the editor and CI in agreement by construction.
 */
describe("ESTree and TypeScript lowerings", () => {
  it("cover the fixture files", () => expect(files.length).toBeGreaterThan(15));

  it.each(files)("give the same program model for %s", (file) => {
    const path = `${fixtures}/${file}`;
    const text = readFileSync(path, "utf8");
    const estree = lowerEstree({ file: path, text, program: parse(text, { range: true, jsx: /x$/.test(file), filePath: path }) });
    const typescript = parseAndLower(path, text).module;
    expect({ ...typescript, comments: [] }).toEqual({ ...estree, comments: [] });
  });
});

/**
 * The plugin parses imported files with the project's TypeScript (here the devDependency, 5.9)
 * and the scanner with the one ts-morph ships (6.0): one lowering, two compilers, one model.
 */
describe("the lowering of the compiler's tree, with the project's TypeScript and the pinned one", () => {
  const parseImported = loadModuleParser();
  const projectCompiler = createRequire(import.meta.url)("typescript") as { version: string };

  it("runs on a compiler other than the scanner's", () => {
    expect(parseImported).not.toBeNull();
    expect(projectCompiler.version).not.toBe(pinnedCompiler.version);
  });

  it.each(files)("gives the same program model for %s", (file) => {
    const path = `${fixtures}/${file}`;
    const text = readFileSync(path, "utf8");
    expect(parseImported!(path, text)).toEqual(parseAndLower(path, text).module);
  });

  it("gives nothing for a file with a syntax error, as the scanner's module host does", () => {
    expect(parseImported!("/project/broken.ts", "export const base = `/zones/${zone}`;\nexport function (")).toBeNull();
  });
});

/**
 * The oldest TypeScript the plugin supports (the lower bound of the peer range), installed apart
 * by .ci/run: `npm ci --prefix test/compat/oldest-typescript`. A lowering that used an API newer
 * than it would silently lose every imported module for such a project.
 */
const oldestFolder = fileURLToPath(new URL("../compat/oldest-typescript/", import.meta.url));
const oldestCompiler = (() => {
  try {
    // Only its own install: resolution would otherwise climb to the project's TypeScript.
    const require = createRequire(`${oldestFolder}package.json`);
    return require.resolve("typescript").startsWith(oldestFolder) ? (require("typescript") as Compiler) : null;
  } catch {
    return null;
  }
})();

describe.skipIf(oldestCompiler === null)("the lowering of the compiler's tree with the oldest TypeScript the plugin supports (npm ci --prefix test/compat/oldest-typescript)", () => {
  it("is the peer range's lower bound", () => {
    const manifest = JSON.parse(readFileSync(new URL("../../package.json", import.meta.url), "utf8")) as { peerDependencies: { typescript: string } };
    expect(manifest.peerDependencies.typescript).toBe(`>=${oldestCompiler!.version}`);
  });

  it("gives the pinned compiler's model for every fixture file it can parse", () => {
    const { parseAndLower: parseWithOldest } = compilerLowering(oldestCompiler!);
    let parsed = 0;
    for (const file of files) {
      const path = `${fixtures}/${file}`;
      const text = readFileSync(path, "utf8");
      const oldest = parseWithOldest(path, text);
      // Syntax newer than the compiler (`satisfies`…) is a syntax error for it, in ESLint as here.
      if (oldest.syntaxErrors.length > 0) continue;
      parsed++;
      expect(oldest.module, file).toEqual(parseAndLower(path, text).module);
    }
    expect(parsed).toBeGreaterThan(files.length * 0.9);
  });
});
