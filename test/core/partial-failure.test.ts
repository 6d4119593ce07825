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
