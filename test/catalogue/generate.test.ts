import { readFileSync } from "node:fs";
import { describe, expect, it } from "vitest";
import {
  BUNDLED_CATALOGUE_PATH,
  BUNDLED_SCHEDULE_PATH,
  generateCatalogue,
  loadBundledCatalogue,
  ScheduleError,
  serializeCatalogue,
  status,
} from "../../src/catalogue/index.js";

const scheduleText = readFileSync(BUNDLED_SCHEDULE_PATH, "utf8");
const catalogue = generateCatalogue(scheduleText);
const entry = (item: number) => {
  const found = catalogue.entries.find((candidate) => candidate.item === item);
  if (!found) throw new Error(`no item ${item}`);
  return found;
};
const endpoints = (item: number) => entry(item).endpoints.map((endpoint) => `${endpoint.method} ${endpoint.path}`);

describe("generateCatalogue on the bundled schedule", () => {
  it("has the 23 rows of part 9, in order, with their dates", () => {
    expect(catalogue.entries.map((e) => e.item)).toEqual(Array.from({ length: 23 }, (_, i) => i + 1));
    expect(entry(1).date).toBe("2025-01-15");
    expect(entry(12).date).toBe("2024-05-31");
    expect(entry(23).date).toBe("2020-04-02");
  });

  it.each([
    [1, 16], [2, 14], [3, 5], [4, 5], [6, 4], [7, 2], [8, 2], [9, 5], [10, 2], [11, 2],
    [12, 5], [13, 2], [14, 4], [17, 3], [19, 5], [21, 1], [22, 2], [23, 20],
  ])("expands item %i to %i endpoints", (item, count) => {
    expect(entry(item).endpoints).toHaveLength(count);
  });

  it.each([5, 15, 16, 18, 20])("item %i has no endpoint", (item) => {
    expect(entry(item).endpoints).toEqual([]);
  });

  it("reads methods in parentheses after the path (item 1)", () => {
    expect(endpoints(1).filter((e) => e.endsWith("/firewall/rules"))).toEqual([
      "GET /zones/:zone_id/firewall/rules",
      "POST /zones/:zone_id/firewall/rules",
      "PATCH /zones/:zone_id/firewall/rules",
      "PUT /zones/:zone_id/firewall/rules",
      "DELETE /zones/:zone_id/firewall/rules",
    ]);
    expect(endpoints(1)).toContain("DELETE /zones/:zone_id/filters/:filter_id");
    expect(endpoints(1)).not.toContain("PATCH /zones/:zone_id/filters/:filter_id");
  });

  it("continues `...` paths from the row's earlier paths (item 2)", () => {
    expect(endpoints(2)).toEqual(expect.arrayContaining([
      "GET /zones/:zone_id/firewall/waf/packages/:package_id/groups/:group_id",
      "PATCH /zones/:zone_id/firewall/waf/packages/:package_id/groups/:group_id",
      "GET /zones/:zone_id/firewall/waf/packages/:package_id/rules",
      "GET /zones/:zone_id/firewall/waf/packages/:package_id/rules/:rule_id",
      "PATCH /zones/:zone_id/firewall/waf/packages/:package_id/rules/:rule_id",
    ]));
    expect(endpoints(2)).not.toContain("POST /zones/:zone_id/firewall/waf/packages/:package_id/rules/:rule_id");
  });

  it("continues `...` as a sibling collection when the segment is new (item 23)", () => {
    expect(endpoints(23)).toEqual(expect.arrayContaining([
      "GET /organizations/:organization_identifier/roles",
      "GET /organizations/:organization_identifier/roles/:identifier",
      "GET /organizations/:organization_identifier/audit_logs",
      "GET /organizations/:organization_identifier/accelerators/:identifier/zones",
      "DELETE /organizations/:organization_identifier/members/:identifier",
    ]));
  });

  it("normalizes braces and missing leading slashes, keeping the spelling", () => {
    const billing = entry(17).endpoints[0]!;
    expect(billing).toEqual({
      method: "GET",
      path: "/accounts/:account_identifier/billing/profile",
      spelling: "accounts/{account_identifier}/billing/profile",
    });
    expect(endpoints(19)).toContain("PUT /accounts/:identifier/access/bookmarks/:uuid");
    expect(endpoints(10)).toEqual(["GET /zones/:zone_identifier/settings/mobile_redirect", "PATCH /zones/:zone_identifier/settings/mobile_redirect"]);
  });

  it("resolves references to other rows (items 9 and 12 use item 4's endpoints)", () => {
    expect(endpoints(9)).toEqual(endpoints(4));
    expect(endpoints(12)).toEqual(endpoints(4));
    expect(endpoints(4)).toEqual([
      "GET /zones/:zone_id/dns_records",
      "POST /zones/:zone_id/dns_records",
      "GET /zones/:zone_id/dns_records/:dns_record_id",
      "PATCH /zones/:zone_id/dns_records/:dns_record_id",
      "PUT /zones/:zone_id/dns_records/:dns_record_id",
    ]);
  });

  it("reads endpoints written in the Change cell when Affected is empty (item 6)", () => {
    expect(endpoints(6)).toEqual([
      "GET /zones/:zone_id/dns_settings/use_apex_ns",
      "PATCH /zones/:zone_id/dns_settings/use_apex_ns",
      "GET /zones/:zone_id/dns_settings/secondary_overrides",
      "PATCH /zones/:zone_id/dns_settings/secondary_overrides",
    ]);
  });

  it("maps families to the rules of DESIGN.md and keeps replacements as stated", () => {
    expect(entry(1).rule).toBe("no-deprecated-endpoint");
    expect(entry(4)).toMatchObject({ rule: "no-removed-dns-record-fields", fields: ["zone_id", "zone_name"], replacement: null });
    expect(entry(9).fields).toEqual(["locked"]);
    expect(entry(12)).toMatchObject({ rule: "no-srv-data-fields", fields: ["service", "proto", "name"], replacement: "top-level `name`" });
    expect(entry(20)).toMatchObject({ rule: "no-script-monitor-path", fields: ["script_monitor"], replacementSegment: "page_shield" });
    expect(entry(16).rule).toBe("no-conflicting-framing-headers");
    expect(entry(15).rule).toBe("no-draft-chacha20-ciphers");
    expect(entry(18).rule).toBe("no-notification-email");
    expect(entry(5).rule).toBe("no-error-chain");
    expect(entry(21).replacement).toBe("POST accounts/:account_identifier/images/v2/direct_upload");
    expect(entry(17).replacement).toBe("no API replacement");
    expect(entry(6).title).toBe("Dedicated DNS settings endpoints deprecated");
  });

  it("is what rules/catalogue.json holds (the catalogue is not out of date)", () => {
    expect(readFileSync(BUNDLED_CATALOGUE_PATH, "utf8")).toBe(serializeCatalogue(catalogue));
    expect(catalogue.$comment).toMatch(/^GENERATED — DO NOT EDIT/);
    expect(loadBundledCatalogue().entries).toHaveLength(23);
  });
});

describe("generateCatalogue on broken schedules", () => {
  const header = "| # | Date | Change | Affected endpoints or fields | Replacement | id | detect |\n|---|---|---|---|---|---|---|\n";
  const attempt = (rows: string) => () => generateCatalogue(header + rows, { source: "my-schedule.md" });

  it("names the row and the cell of an unknown method", () => {
    expect(attempt("| 1 | 2025-01-15 | X deprecated. | GETT /zones/:zone_id/x | none | x | endpoint |")).toThrowError(
      /my-schedule\.md \(line 3, column "Affected endpoints or fields"\): item 1: unknown method "GETT"/,
    );
  });

  it("rejects a `...` with nothing to continue", () => {
    expect(attempt("| 1 | 2025-01-15 | X deprecated. | GET .../groups/:id | none | x | endpoint |")).toThrowError(/line 3.*"\.\.\." but no earlier path/);
  });

  it("rejects a date that is not a calendar day", () => {
    expect(attempt("| 1 | 2025-02-30 | X deprecated. | GET /zones/:zone_id/x | none | x | endpoint |")).toThrowError(/column "Date".*"2025-02-30" is not a calendar date/);
    expect(attempt("| 1 | 15/01/2025 | X deprecated. | GET /zones/:zone_id/x | none | x | endpoint |")).toThrowError(ScheduleError);
  });

  it("rejects a duplicate id and names both lines", () => {
    expect(
      attempt("| 1 | 2025-01-15 | X. | GET /zones/:zone_id/x | none | same | endpoint |\n| 2 | 2025-01-15 | Y. | GET /zones/:zone_id/y | none | same | endpoint |"),
    ).toThrowError(/line 4, column "id".*"same" is already used on line 3/);
  });

  it("rejects an unknown detector, a reference to a missing item and a wrong stated count", () => {
    expect(attempt("| 1 | 2025-01-15 | X. | GET /zones/:zone_id/x | none | x | magic |")).toThrowError(/unknown detector family "magic"/);
    expect(attempt("| 1 | 2025-01-15 | `a` gone. | same five DNS record endpoints as item 9 | none | x | dns-record-field: a |")).toThrowError(/refers to item 9/);
    expect(
      attempt("| 1 | 2025-01-15 | X. | GET /zones/:zone_id/x | none | x | endpoint |\n| 2 | 2025-01-15 | `a` gone. | same five DNS record endpoints as item 1 | none | y | dns-record-field: a |"),
    ).toThrowError(/says 5 endpoints of item 1, but item 1 lists 1/);
  });

  it("rejects detector names that the row does not mention (nothing invented)", () => {
    expect(attempt("| 1 | 2025-01-15 | `a` gone. | field | none | x | field: b |")).toThrowError(/"b" is not named in backticks/);
  });

  it("rejects a missing column and a table without rows", () => {
    expect(() => generateCatalogue("| # | Date | Change |\n|---|---|---|\n| 1 | 2025-01-01 | x |")).toThrowError(/lacks columns "Affected endpoints or fields"/);
    expect(() => generateCatalogue("no table here")).toThrowError(/no schedule table found/);
    expect(attempt("")).toThrowError(/has no rows/);
  });

  it("rejects an endpoint row without endpoints", () => {
    expect(attempt("| 1 | 2025-01-15 | X deprecated. | record creation | none | x | endpoint |")).toThrowError(/must list at least one endpoint/);
  });
});

describe("status", () => {
  it("is in effect on and after the date, upcoming before, with the day count", () => {
    expect(status({ date: "2025-01-15" }, "2025-01-15")).toEqual({ state: "in-effect", days: 0 });
    expect(status({ date: "2025-01-15" }, "2025-01-25")).toEqual({ state: "in-effect", days: 10 });
    expect(status({ date: "2025-01-15" }, "2024-12-31")).toEqual({ state: "upcoming", days: 15 });
    expect(() => status({ date: "2025-01-15" }, "tomorrow")).toThrow(/not a calendar date/);
  });
});
