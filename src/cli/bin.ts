#!/usr/bin/env node
/**
 * `sunset-lint --version` alone is answered here, from package.json, before the command line's
 * modules are loaded (commander and ours were about 0.05 s of a 0.17 s start on a loaded 2-core
 * machine, where Node alone took 0.12 s), and `--help` from the texts written at build time
 * (help-cache.ts). Everything else goes to main.ts.
 */
import { readFileSync } from "node:fs";
import { cachedHelp } from "./help-cache.js";

const argv = process.argv.slice(2);
const help = cachedHelp(argv, new URL("./", import.meta.url));
if (argv.length === 1 && (argv[0] === "--version" || argv[0] === "-v")) {
  process.stdout.write(`${(JSON.parse(readFileSync(new URL("../../package.json", import.meta.url), "utf8")) as { version: string }).version}\n`);
} else if (help !== null) {
  process.stdout.write(help);
} else {
  const { main } = await import("./main.js");
  process.exitCode = await main(argv);
}
