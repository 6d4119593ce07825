import { readFileSync } from "node:fs";
import { fileURLToPath } from "node:url";
import { parse } from "@typescript-eslint/typescript-estree";
import { globSync } from "glob";
import { describe, expect, it } from "vitest";
import { lowerEstree } from "../../src/eslint/lower.js";
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
