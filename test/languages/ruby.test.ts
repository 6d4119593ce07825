import { describe, expect, it } from "vitest";
import { scan } from "../../src/scanner/scan.js";
import { AS_OF } from "../support/analyze.js";
import { scratchProject } from "../support/scratch.js";

/** The findings of a scan of a Ruby project, as `file:line confidence method`. */
async function findingsOf(files: Record<string, string>): Promise<string[]> {
  const dir = scratchProject("ruby", files);
  const result = await scan({ cwd: dir, asOf: AS_OF, jobs: 0, minConfidence: "low" });
  expect(result.summary.problems).toEqual([]);
  return result.findings.map((f) => `${f.file}:${f.line} ${f.confidence} ${f.method ?? "-"}`).sort();
}

const ENTRY = `require "net/http"
class EdgeKit
  API_BASE = "https://api.cloudflare.com/client/v4".freeze
  def fetch_json(path)
    Net::HTTP.get(URI(API_BASE + path))
  end
end
`;

describe("the Ruby front end across files", () => {
  it("finds a subclass's base class in the file its full name leads to (Zeitwerk's convention), with no require", async () => {
    const files = {
      "Gemfile": "",
      "lib/edge_kit.rb": ENTRY,
      "lib/edge_kit/zone.rb": `class EdgeKit::Zone < EdgeKit\n  attr_reader :zone_id\n  def initialize(zone_id)\n    @zone_id = zone_id\n  end\nend\n`,
      "lib/edge_kit/zone/filters.rb": `class EdgeKit::Zone::Filters < EdgeKit::Zone\n  def list\n    fetch_json("/zones/#{zone_id}/filters")\n  end\nend\n`,
    };
    // The base class between them sends nothing itself; the request is the entry file's, with its address.
    expect(await findingsOf(files)).toEqual(["lib/edge_kit/zone/filters.rb:3 high GET"]);
  });

  it("reads a class reopened only to nest others as their namespace", async () => {
    const files = {
      "Gemfile": "",
      "lib/edge_kit.rb": ENTRY,
      "lib/edge_kit/zone.rb": `class EdgeKit\n  class Zone < EdgeKit\n    def limits(id)\n      fetch_json("/zones/#{id}/rate_limits")\n    end\n  end\nend\n`,
    };
    expect(await findingsOf(files)).toEqual(["lib/edge_kit/zone.rb:4 high GET"]);
  });
});
