import { describe, expect, it } from "vitest";
import { FORMAT_LOADERS } from "../../src/report/formats.js";
import { FORMATTERS } from "../../src/report/index.js";

describe("the formats a run loads one at a time", () => {
  it("are the library's formats, each loading the same formatter", async () => {
    expect(Object.keys(FORMAT_LOADERS).sort()).toEqual(Object.keys(FORMATTERS).sort());
    for (const [name, load] of Object.entries(FORMAT_LOADERS)) expect(await load()).toBe(FORMATTERS[name]);
  });
});
