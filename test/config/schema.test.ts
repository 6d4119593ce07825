import { readFileSync } from "node:fs";
import { describe, expect, it } from "vitest";
import { CONFIG_SCHEMA } from "../../src/config/schema.js";

describe("docs/config.schema.json", () => {
  it("is the schema the CLI validates with (regenerate it from src/config/schema.ts)", () => {
    expect(JSON.parse(readFileSync(new URL("../../docs/config.schema.json", import.meta.url), "utf8"))).toEqual(CONFIG_SCHEMA);
  });
});
