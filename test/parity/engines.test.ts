import { readdirSync, statSync } from "node:fs";
import { fileURLToPath } from "node:url";
import { ESLint } from "eslint";
import { globSync } from "glob";
import { describe, expect, it } from "vitest";
import plugin from "../../src/eslint/index.js";
import { scan } from "../../src/scanner/scan.js";
import { AS_OF } from "../support/analyze.js";

const fixtures = fileURLToPath(new URL("../../fixtures", import.meta.url));
/** Projects with JavaScript or TypeScript, the code ESLint lints (the polyglot project has none). */
const projects = readdirSync(fixtures).filter((name) => statSync(`${fixtures}/${name}`).isDirectory() && globSync("**/*.{ts,tsx,js,jsx,mjs,cjs,mts,cts}", { cwd: `${fixtures}/${name}` }).length > 0);

/** The editor and CI must agree: the same findings from ESLint and from the scanner, on every fixture project with JS/TS code. */
describe.each(projects)("fixture project %s", (project) => {
  const root = `${fixtures}/${project}`;

  it("gives the same rule, file, line and column in ESLint and in the scanner", async () => {
    const eslint = new ESLint({ cwd: root, overrideConfigFile: true, overrideConfig: [plugin.configs.recommended, { settings: { "sunset-lint": { asOf: AS_OF } } }] });
    const linted = await eslint.lintFiles(["."]);
    expect(linted.flatMap((r) => r.messages.filter((m) => m.fatal))).toEqual([]);
    const fromEslint = linted
      .flatMap((r) => r.messages.map((m) => `${m.ruleId!.replace("sunset-lint/", "")} ${r.filePath.slice(root.length + 1)}:${m.line}:${m.column}`))
      .sort();
    const scanned = await scan({ cwd: root, asOf: AS_OF, jobs: 0, languages: ["typescript"] });
    const fromScanner = scanned.findings.map((f) => `${f.ruleId} ${f.file}:${f.line}:${f.column}`).sort();
    expect(fromScanner).toEqual(fromEslint);
    compared += fromScanner.length;
  });
});

let compared = 0;
describe("the parity check", () => {
  it("compared a meaningful number of findings", () => expect(compared).toBeGreaterThan(25));
});
