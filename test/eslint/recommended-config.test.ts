import { mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { pathToFileURL } from "node:url";
import { ESLint } from "eslint";
import { afterAll, describe, expect, it } from "vitest";

const pluginEntry = pathToFileURL(new URL("../../dist/eslint/index.js", import.meta.url).pathname).href;
const project = mkdtempSync(join(tmpdir(), "sunset-lint-recommended-"));
afterAll(() => rmSync(project, { recursive: true, force: true }));

describe("plugin.configs.recommended", () => {
  it("lints a TypeScript file in a project with nothing else configured", async () => {
    writeFileSync(join(project, "eslint.config.js"), `import sunset from ${JSON.stringify(pluginEntry)};\nexport default [sunset.configs.recommended];\n`);
    writeFileSync(join(project, "package.json"), JSON.stringify({ type: "module" }));
    writeFileSync(
      join(project, "client.ts"),
      [
        "interface Zone { id: string }",
        "export async function purge(zone: Zone): Promise<unknown> {",
        "  const res = await fetch(`https://api.cloudflare.com/client/v4/zones/${zone.id}/firewall/rules`);",
        "  return (await res.json()) as unknown;",
        "}",
        "",
      ].join("\n"),
    );
    writeFileSync(join(project, "view.tsx"), "export const View = ({ page }: { page: string }) => <a href={`/zones/${page}/script_monitor`}>x</a>;\n");

    const eslint = new ESLint({ cwd: project });
    const results = await eslint.lintFiles(["client.ts", "view.tsx"]);
    const messages = results.flatMap((result) => result.messages.map((m) => ({ file: result.filePath.slice(project.length + 1), ...m })));

    expect(messages.filter((m) => m.fatal)).toEqual([]);
    expect(messages.map((m) => [m.file, m.ruleId, m.severity, m.line, m.column])).toEqual([
      ["client.ts", "sunset-lint/no-deprecated-endpoint", 2, 3, 27],
      ["view.tsx", "sunset-lint/no-script-monitor-path", 2, 1, 78],
    ]);
    expect(messages[0]!.message).toBe(
      "`GET /zones/:zone_id/firewall/rules` is deprecated since 2025-01-15 (Firewall rules API and filters API deprecated); use WAF custom rules instead.",
    );
  });
});
