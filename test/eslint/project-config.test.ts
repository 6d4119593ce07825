import { mkdirSync, rmSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { pathToFileURL } from "node:url";
import { ESLint, type Linter } from "eslint";
import { describe, expect, it } from "vitest";
import { AS_OF, scratch } from "../support/cli.js";

const pluginEntry = pathToFileURL(new URL("../../dist/eslint/index.js", import.meta.url).pathname).href;
const { default: sunset } = (await import(pluginEntry)) as { default: { configs: { recommended: Linter.Config } } };

const PROXY = "fetch(`https://cf-proxy.internal/zones/${zone}/firewall/rules`);";
const EMAIL = "export const pool = { name: 'p', notification_email: 'ops@example.com', origins: [] };";

/** A repository with the CLI's config file at its root and code two directories down. */
function repository(config: object): string {
  const root = scratch();
  mkdirSync(join(root, ".git"));
  mkdirSync(join(root, "packages/api/src/gen"), { recursive: true });
  writeFileSync(join(root, "sunset-lint.config.json"), JSON.stringify(config));
  writeFileSync(join(root, "packages/api/src/client.ts"), `declare const zone: string;\n${PROXY}\n${EMAIL}\n`);
  writeFileSync(join(root, "packages/api/src/gen/generated.ts"), `declare const zone: string;\n${PROXY}\n`);
  return root;
}

async function lint(cwd: string, files: string[], settings: Record<string, unknown> = { asOf: AS_OF }): Promise<string[]> {
  const eslint = new ESLint({ cwd, overrideConfigFile: true, overrideConfig: [sunset.configs.recommended, { settings: { "sunset-lint": settings } }] });
  const results = await eslint.lintFiles(files);
  return results.flatMap((result) => result.messages.map((message) => `${result.filePath.slice(cwd.length + 1)}:${message.line} ${message.ruleId}${/ is deprecated from /.test(message.message) ? " (upcoming)" : ""}`));
}

describe("the plugin reads the CLI's sunset-lint.config.json", () => {
  it("from the file's directory up to the repository root: apiHosts, skip and ignorePatterns apply", async () => {
    const root = repository({ apiHosts: ["cf-proxy.internal"], skip: ["no-notification-email"], ignorePatterns: ["packages/api/src/gen/**"] });
    expect(await lint(root, ["packages/api/src/client.ts", "packages/api/src/gen/generated.ts"])).toEqual(["packages/api/src/client.ts:2 sunset-lint/no-deprecated-endpoint"]);
    // without the file: the proxy is not the API, the email is reported
    const bare = repository({});
    expect(await lint(bare, ["packages/api/src/client.ts"])).toEqual(["packages/api/src/client.ts:3 sunset-lint/no-notification-email"]);
  });

  it("settings override the file, and rule options override settings", async () => {
    const root = repository({ apiHosts: ["cf-proxy.internal"], asOf: "2025-01-01" });
    expect(await lint(root, ["packages/api/src/client.ts"], {})).toContain("packages/api/src/client.ts:2 sunset-lint/no-deprecated-endpoint (upcoming)");
    expect(await lint(root, ["packages/api/src/client.ts"], { asOf: AS_OF })).toContain("packages/api/src/client.ts:2 sunset-lint/no-deprecated-endpoint");
  });

  it("a package.json on the way up is its config only with a \"sunset-lint\" key: a broken one without it is not read as one", async () => {
    const root = repository({ apiHosts: ["cf-proxy.internal"] });
    writeFileSync(join(root, "packages/api/package.json"), `{ "name": "api", "version": "1.0.0", }}`);
    expect(await lint(root, ["packages/api/src/client.ts"])).toContain("packages/api/src/client.ts:2 sunset-lint/no-deprecated-endpoint");
    const fresh = scratch();
    mkdirSync(join(fresh, "app"), { recursive: true });
    writeFileSync(join(fresh, "app/package.json"), JSON.stringify({ name: "app", "sunset-lint": { skip: ["no-notification-email"] } }));
    writeFileSync(join(fresh, "app/client.ts"), `${EMAIL}\n`);
    expect(await lint(fresh, ["app/client.ts"])).toEqual([]);
    const broken = scratch();
    mkdirSync(join(broken, "app"), { recursive: true });
    writeFileSync(join(broken, "app/package.json"), `{ "name": "app", "sunset-lint": { "skip": [ }`);
    writeFileSync(join(broken, "app/client.ts"), `${EMAIL}\n`);
    const error = await lint(broken, ["app/client.ts"]).catch((caught: Error) => caught);
    expect(String((error as Error).message)).toMatch(/sunset-lint: .*package\.json:1:\d+: not valid JSON/);
  });

  it("a config file added or removed while the process runs (an editor's) applies within a second", async () => {
    const root = repository({});
    const config = join(root, "packages/api/sunset-lint.config.json");
    expect(await lint(root, ["packages/api/src/client.ts"])).toEqual(["packages/api/src/client.ts:3 sunset-lint/no-notification-email"]);
    writeFileSync(config, JSON.stringify({ skip: ["no-notification-email"] }));
    await new Promise((done) => setTimeout(done, 1100));
    expect(await lint(root, ["packages/api/src/client.ts"])).toEqual([]);
    rmSync(config);
    await new Promise((done) => setTimeout(done, 1100));
    expect(await lint(root, ["packages/api/src/client.ts"])).toEqual(["packages/api/src/client.ts:3 sunset-lint/no-notification-email"]);
  });

  it("after a run over many files (which looks at each directory once), a config file added applies within a second again", async () => {
    const root = repository({});
    const many = Array.from({ length: 24 }, (_, index) => `packages/api/src/module-${index}.ts`);
    for (const file of many) writeFileSync(join(root, file), `${EMAIL}\n`);
    const before = await lint(root, [...many, "packages/api/src/client.ts"]);
    expect(before.filter((message) => message.endsWith("no-notification-email"))).toHaveLength(25);
    writeFileSync(join(root, "packages/api/sunset-lint.config.json"), JSON.stringify({ skip: ["no-notification-email"] }));
    await new Promise((done) => setTimeout(done, 1100));
    expect(await lint(root, ["packages/api/src/client.ts"])).toEqual([]);
  });

  it("a \"sunset-lint\" key written into a package.json while the process runs applies within a second, and so does its removal", async () => {
    const root = repository({});
    const pkg = join(root, "packages/api/package.json");
    writeFileSync(pkg, JSON.stringify({ name: "api" }));
    expect(await lint(root, ["packages/api/src/client.ts"])).toEqual(["packages/api/src/client.ts:3 sunset-lint/no-notification-email"]);
    writeFileSync(pkg, JSON.stringify({ name: "api", "sunset-lint": { skip: ["no-notification-email"] } }));
    await new Promise((done) => setTimeout(done, 1100));
    expect(await lint(root, ["packages/api/src/client.ts"])).toEqual([]);
    writeFileSync(pkg, JSON.stringify({ name: "api", version: "1.0.0" }));
    await new Promise((done) => setTimeout(done, 1100));
    expect(await lint(root, ["packages/api/src/client.ts"])).toEqual(["packages/api/src/client.ts:3 sunset-lint/no-notification-email"]);
  });

  it("a bad config file stops with one line naming it", async () => {
    const root = repository({ failon: "none" });
    const error = await lint(root, ["packages/api/src/client.ts"]).catch((caught: Error) => caught);
    expect(String((error as Error).message)).toMatch(/sunset-lint: .*sunset-lint\.config\.json: unknown key "failon" \(did you mean "failOn"\?\)/);
  });
});

describe('settings["sunset-lint"] are validated', () => {
  for (const [settings, expected] of [
    [{ apiHost: ["cf-proxy.internal"] }, /unknown key "apiHost" \(did you mean "apiHosts"\?\) \(allowed: asOf, ignore, apiHosts, minConfidence, crossFile, maxOperators, maxBytes, operators\)/],
    [{ minConfidence: "hgh" }, /"minConfidence" must be one of "low", "medium", "high" \(did you mean "high"\?\)/],
    [{ maxBytes: -1 }, /"maxBytes" must be a whole number above 0/],
  ] as const) {
    it(`${JSON.stringify(settings)}: one clear message, no stack`, async () => {
      const root = scratch();
      writeFileSync(join(root, "a.ts"), "export const x = 1;\n");
      const error = (await lint(root, ["a.ts"], settings).catch((caught: Error) => caught)) as Error;
      expect(error.message).toMatch(expected);
      expect(error.stack).not.toMatch(/\n\s+at /);
    });
  }
});
