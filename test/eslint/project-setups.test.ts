import { spawnSync } from "node:child_process";
import { mkdirSync, readFileSync, symlinkSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import { ESLint, Linter } from "eslint";
import { describe, expect, it } from "vitest";
import { satisfies, unavailableParser } from "../../src/eslint/toolchain.js";
import { AS_OF, runCli, scratch } from "../support/cli.js";

const ROOT = fileURLToPath(new URL("../..", import.meta.url));
const README = readFileSync(join(ROOT, "README.md"), "utf8");

/** The README's code block that starts with `// NAME`: what a new user copies. */
function readmeBlock(name: string): string {
  const block = [...README.matchAll(/```js\n(\/\/ ([^\n]+)\n[\s\S]*?)```/g)].find((match) => match[2] === name);
  if (!block) throw new Error(`README.md has no js block starting with // ${name}`);
  return block[1]!;
}

/** A project as `npm init -y` makes it (CommonJS), with sunset-lint installed (linked to this build). */
function freshProject(): string {
  const project = scratch();
  writeFileSync(join(project, "package.json"), JSON.stringify({ name: "fresh", version: "1.0.0", main: "index.js", scripts: { test: 'echo "Error: no test specified" && exit 1' }, license: "ISC" }, null, 2));
  mkdirSync(join(project, "node_modules"));
  symlinkSync(ROOT, join(project, "node_modules/sunset-lint"), "dir");
  mkdirSync(join(project, "src"));
  writeFileSync(join(project, "src/client.ts"), "export const rules = (zone: string) => fetch(`https://api.cloudflare.com/client/v4/zones/${zone}/firewall/rules`);\n");
  return project;
}

describe("a fresh npm init -y project following the README", () => {
  for (const config of ["eslint.config.mjs", "eslint.config.cjs"]) {
    it(`lints with the README's ${config}`, async () => {
      const project = freshProject();
      writeFileSync(join(project, config), readmeBlock(config));
      const eslint = new ESLint({ cwd: project, overrideConfig: { settings: { "sunset-lint": { asOf: AS_OF } } } });
      const [result] = await eslint.lintFiles(["src/client.ts"]);
      expect(result!.messages.map((message) => `${message.line}:${message.column} ${message.ruleId}`)).toEqual(["1:46 sunset-lint/no-deprecated-endpoint"]);
    });
  }

  it('require("sunset-lint/eslint") is the plugin itself, the same object import gives', () => {
    const project = freshProject();
    const script = `const plugin = require("sunset-lint/eslint");
import("sunset-lint/eslint").then((module) => console.log(JSON.stringify([Object.keys(plugin.configs), plugin === module.default, typeof plugin.rules["no-deprecated-endpoint"].create])));`;
    const run = spawnSync(process.execPath, ["-e", script], { cwd: project, encoding: "utf8" });
    expect(run.stderr).toBe("");
    expect(JSON.parse(run.stdout)).toEqual([["recommended"], true, "function"]);
  });

  it("the CLI scans it", () => {
    const run = runCli(["scan", "--format", "json", "--as-of", AS_OF], freshProject());
    expect(run.code).toBe(1);
    expect(JSON.parse(run.stdout).findings.map((f: { file: string }) => f.file)).toEqual(["src/client.ts"]);
  });
});

describe("a project whose TypeScript typescript-eslint does not support", () => {
  it("reads peer ranges as npm does", () => {
    expect(satisfies("5.9.3", ">=4.8.4 <6.1.0")).toBe(true);
    expect(satisfies("6.0.3", ">=4.8.4 <6.1.0")).toBe(true);
    expect(satisfies("7.0.2", ">=4.8.4 <6.1.0")).toBe(false);
    expect(satisfies("4.8.3", ">=4.8.4 <6.1.0")).toBe(false);
    expect(satisfies("5.1.0", "^4.0.0 || ^5.0.0")).toBe(true);
  });

  it("gets one Parsing error line per file naming the problem, not a crash", () => {
    const linter = new Linter({ configType: "flat" });
    const messages = linter.verify("const x = 1;\n", [{ files: ["**/*.ts"], languageOptions: { parser: unavailableParser("the project's TypeScript 7.0.2 is not one typescript-eslint supports") } }], "a.ts");
    expect(messages.map((message) => [message.fatal, message.message])).toEqual([[true, "Parsing error: sunset-lint: the project's TypeScript 7.0.2 is not one typescript-eslint supports"]]);
  });
});
