import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { PhpClassResolver } from "../../src/files/resolve-php-class.js";
import { scratchProject } from "../support/scratch.js";

const project = (files: Record<string, string>): string => scratchProject("php", files);

const CLASS = "<?php\n";

describe("finding the file of a PHP class, as Composer's autoloader would", () => {
  it("follows PSR-4 prefixes, the longest first, with one folder or several, in autoload and autoload-dev", () => {
    const root = project({
      "composer.json": JSON.stringify({
        autoload: { "psr-4": { "Acme\\": "src/", "Acme\\Http\\": ["http/", "lib/http/"] } },
        "autoload-dev": { "psr-4": { "Acme\\Tests\\": "tests/" } },
      }),
      "src/Site/Client.php": CLASS,
      "lib/http/Call.php": CLASS,
      "src/Http/Call.php": CLASS, // shadowed by the longer prefix
      "tests/ClientTest.php": CLASS,
      "src/Site/Setup.php": CLASS,
    });
    const resolver = new PhpClassResolver();
    const from = join(root, "src/Site/Setup.php");
    expect(resolver.resolve(from, "Acme\\Site\\Client")).toBe(join(root, "src/Site/Client.php"));
    expect(resolver.resolve(from, "Acme\\Http\\Call")).toBe(join(root, "lib/http/Call.php"));
    expect(resolver.resolve(from, "Acme\\Tests\\ClientTest")).toBe(join(root, "tests/ClientTest.php"));
    expect(resolver.resolve(from, "Acme\\Missing")).toBeNull();
    expect(resolver.resolve(from, "GuzzleHttp\\Client")).toBeNull();
  });

  it("follows PSR-0, where a class name's underscores are folders", () => {
    const root = project({ "composer.json": JSON.stringify({ autoload: { "psr-0": { Legacy_: "lib/" } } }), "lib/Legacy/Api/Client.php": CLASS, "app.php": CLASS });
    expect(new PhpClassResolver().resolve(join(root, "app.php"), "Legacy_Api_Client")).toBe(join(root, "lib/Legacy/Api/Client.php"));
  });

  it("uses the nearest composer.json, and without one (or with one it cannot read) looks beside the importing file", () => {
    const root = project({
      "composer.json": JSON.stringify({ autoload: { "psr-4": { "Outer\\": "src/" } } }),
      "plugins/inner/composer.json": JSON.stringify({ autoload: { "psr-4": { "Inner\\": "classes/" } } }),
      "plugins/inner/classes/Api.php": CLASS,
      "plugins/inner/main.php": CLASS,
      "src/Api.php": CLASS,
      "broken/composer.json": "{ not json",
      "broken/Helper.php": CLASS,
      "broken/run.php": CLASS,
    });
    const resolver = new PhpClassResolver();
    expect(resolver.resolve(join(root, "plugins/inner/main.php"), "Inner\\Api")).toBe(join(root, "plugins/inner/classes/Api.php"));
    expect(resolver.resolve(join(root, "plugins/inner/main.php"), "Outer\\Api")).toBeNull();
    expect(resolver.resolve(join(root, "broken/run.php"), "Whatever\\Helper")).toBe(join(root, "broken/Helper.php"));
  });
});
