#!/usr/bin/env node
/**
 * `npm run catalogue` (write) and `npm run catalogue:check` (fail when rules/catalogue.json is
 * out of date with rules/schedule.md).
 */
import { readFileSync, renameSync, writeFileSync } from "node:fs";
import { generateCatalogue, ScheduleError, serializeCatalogue } from "./generate.js";
import { BUNDLED_CATALOGUE_PATH, BUNDLED_SCHEDULE_PATH } from "./load.js";

function main(mode: string | undefined): number {
  if (mode !== "write" && mode !== "check") {
    process.stderr.write("usage: catalogue write|check\n");
    return 2;
  }
  let expected: string;
  try {
    expected = serializeCatalogue(generateCatalogue(readFileSync(BUNDLED_SCHEDULE_PATH, "utf8")));
  } catch (error) {
    process.stderr.write(`${error instanceof ScheduleError ? error.message : String(error)}\n`);
    return 2;
  }
  if (mode === "write") {
    const temporary = `${BUNDLED_CATALOGUE_PATH}.${process.pid}.tmp`;
    writeFileSync(temporary, expected);
    renameSync(temporary, BUNDLED_CATALOGUE_PATH);
    process.stdout.write(`wrote rules/catalogue.json\n`);
    return 0;
  }
  let actual = "";
  try {
    actual = readFileSync(BUNDLED_CATALOGUE_PATH, "utf8");
  } catch {
    // a missing catalogue is out of date too
  }
  if (actual !== expected) {
    process.stderr.write("rules/catalogue.json is out of date with rules/schedule.md: run `npm run catalogue` and commit the result.\n");
    return 1;
  }
  process.stdout.write("rules/catalogue.json is up to date.\n");
  return 0;
}

process.exitCode = main(process.argv[2]);
