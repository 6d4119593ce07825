import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { RubyFeatureResolver } from "../../src/files/resolve-ruby-feature.js";
import { rubyRequireImports } from "../../src/core/import-graph.js";
import { scratchProject } from "../support/scratch.js";

const files = ["gem/Gemfile", "gem/lib/edge.rb", "gem/lib/edge/http.rb", "gem/lib/edge/rules.rb", "gem/bin/sync.rb", "gem/bin/helpers.rb", "lib/edge/extra.rb"];
const root = scratchProject("ruby-features", Object.fromEntries(files.map((file) => [file, "\n"])));

describe("the Ruby feature resolver", () => {
  const resolver = new RubyFeatureResolver();
  const shown = (from: string, feature: string) => resolver.resolve(join(root, from), feature)?.slice(root.length + 1) ?? null;

  it("finds require_relative beside the requiring file", () => {
    expect(shown("gem/lib/edge.rb", "./edge/http")).toBe("gem/lib/edge/http.rb");
    expect(shown("gem/bin/sync.rb", "./helpers.rb")).toBe("gem/bin/helpers.rb");
    expect(shown("gem/bin/sync.rb", "../lib/edge")).toBe("gem/lib/edge.rb");
  });

  it("finds require in a lib/ folder or the folder itself, up to the project's root", () => {
    expect(shown("gem/lib/edge/rules.rb", "edge/http")).toBe("gem/lib/edge/http.rb");
    expect(shown("gem/bin/sync.rb", "edge")).toBe("gem/lib/edge.rb");
  });

  it("leaves gems, the standard library and files beyond the project's root unknown", () => {
    expect(shown("gem/lib/edge/rules.rb", "json")).toBeNull();
    expect(shown("gem/lib/edge/rules.rb", "net/http")).toBeNull();
    // `lib/edge/extra.rb` above the gem is not this project's: the search stops at the Gemfile's folder.
    expect(shown("gem/bin/sync.rb", "edge/extra")).toBeNull();
    expect(shown("gem/bin/sync.rb", "edge/missing")).toBeNull();
  });

  it("reads the features a text requires, require_relative's as paths from its folder", () => {
    const text = `require "json"\nrequire_relative "edge/http"\nrequire('edge/rules')\n  require_relative '../lib/edge'\nputs "require 'no'"\n`;
    expect(rubyRequireImports(text)).toEqual(["ruby:json", "ruby:./edge/http", "ruby:edge/rules", "ruby:../lib/edge"]);
  });
});
