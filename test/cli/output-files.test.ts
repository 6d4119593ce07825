import { linkSync, mkdirSync, readFileSync, lstatSync, statSync, symlinkSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { AS_OF, runCli, scratch } from "../support/cli.js";

function project(): string {
  const directory = scratch();
  writeFileSync(join(directory, "use.ts"), `fetch("https://api.cloudflare.com/client/v4/zones/z/settings/minify", { method: "PATCH" });\n`);
  return directory;
}

describe("--output's extension names the format when --format is not given", () => {
  it("writes JSON to .json, SARIF to .sarif, stylish text to anything else; --format wins", () => {
    const directory = project();
    runCli(["scan", "use.ts", "--output", "result.json", "--as-of", AS_OF], directory);
    expect(JSON.parse(readFileSync(join(directory, "result.json"), "utf8")).findings).toHaveLength(1);
    runCli(["scan", "use.ts", "--output", "result.sarif", "--as-of", AS_OF], directory);
    expect(JSON.parse(readFileSync(join(directory, "result.sarif"), "utf8")).version).toBe("2.1.0");
    runCli(["scan", "use.ts", "--output", "result.txt", "--as-of", AS_OF], directory);
    expect(readFileSync(join(directory, "result.txt"), "utf8")).toContain("no-deprecated-endpoint");
    runCli(["scan", "use.ts", "--format", "sarif", "--output", "result.json", "--as-of", AS_OF], directory);
    expect(JSON.parse(readFileSync(join(directory, "result.json"), "utf8")).version).toBe("2.1.0");
  });
});

describe("--output never changes what the path is", () => {
  it("writes through a symbolic link and keeps the link", () => {
    const directory = project();
    mkdirSync(join(directory, "reports"));
    writeFileSync(join(directory, "reports", "result.json"), "old");
    symlinkSync(join(directory, "reports", "result.json"), join(directory, "latest.json"));
    const run = runCli(["scan", "use.ts", "--format", "json", "--output", "latest.json", "--as-of", AS_OF], directory);
    expect(run.code).toBe(1);
    expect(lstatSync(join(directory, "latest.json")).isSymbolicLink()).toBe(true);
    expect(JSON.parse(readFileSync(join(directory, "reports", "result.json"), "utf8")).findings).toHaveLength(1);
  });

  it("keeps hard links", () => {
    const directory = project();
    writeFileSync(join(directory, "a.json"), "old");
    linkSync(join(directory, "a.json"), join(directory, "b.json"));
    runCli(["scan", "use.ts", "--format", "json", "--output", "a.json", "--as-of", AS_OF], directory);
    expect(statSync(join(directory, "a.json")).nlink).toBe(2);
    expect(readFileSync(join(directory, "b.json"), "utf8")).toContain('"findings"');
  });

  it("writes to /dev/stdout as a device, not by replacing it", () => {
    const run = runCli(["scan", "use.ts", "--format", "json", "--output", "/dev/stdout", "--as-of", AS_OF], project());
    expect(JSON.parse(run.stdout).findings).toHaveLength(1);
    expect(lstatSync("/dev/stdout").isSymbolicLink()).toBe(true);
  });

  it("refuses a directory with one line and exit 2", () => {
    const directory = project();
    mkdirSync(join(directory, "out"));
    const run = runCli(["scan", "use.ts", "--output", "out", "--as-of", AS_OF], directory);
    expect(run.code).toBe(2);
    expect(run.stderr).toBe("sunset-lint: out: is a directory, not a file\n");
  });
});
