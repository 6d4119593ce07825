import { describe, expect, it } from "vitest";
import { DETECTORS } from "../../src/core/analyze.js";
import { DEFAULT_LOGPUSH_LIMITS, resolveOptions, RULE_NAMES } from "../../src/core/options.js";

describe("the analysis options module", () => {
  it("names every rule that has a detector, in the order they run", () => {
    expect(RULE_NAMES).toEqual(Object.keys(DETECTORS));
  });

  it("fills in the defaults and refuses a day that is not one", () => {
    expect(resolveOptions({ asOf: "2026-01-31" })).toEqual({ asOf: "2026-01-31", apiHosts: [], minConfidence: "medium", ignore: [], logpush: DEFAULT_LOGPUSH_LIMITS });
    expect(resolveOptions({ asOf: "2026-01-31", logpush: { maxOperators: 5 } as never }).logpush).toEqual({ ...DEFAULT_LOGPUSH_LIMITS, maxOperators: 5 });
    expect(() => resolveOptions({ asOf: "2026-02-30" })).toThrow();
  });
});
