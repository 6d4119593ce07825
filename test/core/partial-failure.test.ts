import { afterEach, describe, expect, it } from "vitest";
import { DETECTORS } from "../../src/core/analyze.js";
import { analyzeCode } from "../support/analyze.js";

const code = `
fetch("https://api.cloudflare.com/client/v4/zones/z/settings/minify", { method: "PATCH" });
const health = { notification_email: "ops@example.com", monitor: "m" };
`;

const original = DETECTORS["no-notification-email"];
afterEach(() => {
  (DETECTORS as Record<string, unknown>)["no-notification-email"] = original;
});

describe("a rule that fails part-way", () => {
  it("keeps the findings of the other rules and tells who asked", () => {
    (DETECTORS as Record<string, unknown>)["no-notification-email"] = () => {
      throw new Error("boom");
    };
    const failures: string[] = [];
    const findings = analyzeCode(code, { }, "snippet.ts", (rule) => failures.push(rule));
    expect(findings.map((f) => f.ruleId)).toEqual(["no-deprecated-endpoint"]);
    expect(failures).toEqual(["no-notification-email"]);
  });

  it("without a listener, throws once every rule has run", () => {
    (DETECTORS as Record<string, unknown>)["no-notification-email"] = () => {
      throw new Error("boom");
    };
    expect(() => analyzeCode(code)).toThrow("boom");
  });
});

describe("a rule that fails part-way in ESLint", () => {
  it("reports the other findings and one message from the failing rule, and does not end the lint run", async () => {
    const { Linter } = await import("eslint");
    const { default: plugin } = await import("../../src/eslint/index.js");
    const parser = await import("@typescript-eslint/parser");
    (DETECTORS as Record<string, unknown>)["no-notification-email"] = () => {
      throw new Error("boom");
    };
    const linter = new Linter({ configType: "flat" });
    const messages = linter.verify(code, [{ files: ["**/*.ts"], languageOptions: { parser }, plugins: { sunset: plugin as never }, rules: { "sunset/no-deprecated-endpoint": "error", "sunset/no-notification-email": "error" } }], "snippet.ts");
    expect(messages.map((m) => [m.ruleId, m.line, m.message.startsWith("sunset-lint could not fully analyse") ? "failed" : "finding"])).toEqual([
      ["sunset/no-notification-email", 1, "failed"],
      ["sunset/no-deprecated-endpoint", 2, "finding"],
    ]);
    expect(messages[0]!.message).toContain("(boom)");
  });
});
