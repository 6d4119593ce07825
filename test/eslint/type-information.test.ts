import { fileURLToPath } from "node:url";
import { ESLint } from "eslint";
import { describe, expect, it } from "vitest";
import plugin from "../../src/eslint/index.js";
import { AS_OF } from "../support/analyze.js";

const root = fileURLToPath(new URL("../../fixtures/typed-project", import.meta.url));

async function lint(typed: boolean) {
  const eslint = new ESLint({
    cwd: root,
    overrideConfigFile: true,
    overrideConfig: [
      plugin.configs.recommended,
      { settings: { "sunset-lint": { asOf: AS_OF } } },
      ...(typed ? [{ languageOptions: { parserOptions: { project: "./tsconfig.json", tsconfigRootDir: root } } }] : []),
    ],
  });
  const [result] = await eslint.lintFiles(["src/use.ts"]);
  return result!.messages.map((m) => `${m.line}:${m.column} ${m.ruleId}`);
}

describe("type information", () => {
  it("is used when the config provides it: the checker knows `record` is a DnsRecord", async () => {
    expect(await lint(true)).toEqual(["5:41 sunset-lint/no-removed-dns-record-fields"]);
  });

  it("is never required: without it the same code is simply not understood", async () => {
    expect(await lint(false)).toEqual([]);
  });
});
