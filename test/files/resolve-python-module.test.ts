import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { PythonModuleResolver } from "../../src/files/resolve-python-module.js";

const root = mkdtempSync(join(tmpdir(), "sunset-lint-python-modules-"));
afterAll(() => rmSync(root, { recursive: true, force: true }));

const files = ["pyproject.toml", "src/app/__init__.py", "src/app/client.py", "src/app/edge/__init__.py", "src/app/edge/rules.py", "src/app/edge/consts.py", "scripts/run.py", "scripts/paths.py", "tools.py"];
for (const file of files) {
  mkdirSync(join(root, file, ".."), { recursive: true });
  writeFileSync(join(root, file), "\n");
}

describe("the Python module resolver", () => {
  const resolver = new PythonModuleResolver();
  const shown = (from: string, module: string) => resolver.resolve(join(root, from), module)?.slice(root.length + 1) ?? null;

  it("finds relative imports from the importing file's package", () => {
    expect(shown("src/app/edge/rules.py", ".consts")).toBe("src/app/edge/consts.py");
    expect(shown("src/app/edge/rules.py", "..client")).toBe("src/app/client.py");
    expect(shown("src/app/edge/rules.py", ".")).toBe("src/app/edge/__init__.py");
    expect(shown("src/app/edge/rules.py", "..edge")).toBe("src/app/edge/__init__.py");
  });

  it("finds absolute imports beside the script, at the project's root and in its src/", () => {
    expect(shown("scripts/run.py", "paths")).toBe("scripts/paths.py");
    expect(shown("scripts/run.py", "tools")).toBe("tools.py");
    expect(shown("scripts/run.py", "app.edge.consts")).toBe("src/app/edge/consts.py");
    expect(shown("scripts/run.py", "app")).toBe("src/app/__init__.py");
  });

  it("leaves installed packages and missing modules unknown", () => {
    expect(shown("scripts/run.py", "requests")).toBeNull();
    expect(shown("src/app/client.py", ".missing")).toBeNull();
  });
});
