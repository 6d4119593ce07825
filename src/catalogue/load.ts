/**
 * Typed access to the catalogue: the bundled rules/catalogue.json, or a user's schedule file
 * generated in memory, with the indexes that matching needs.
 */
import { readFileSync } from "node:fs";
import { resolve } from "node:path";
import { BoundedReadError, readBounded } from "../files/read-bounded.js";
import { fileURLToPath } from "node:url";
import { generateCatalogue, ScheduleError } from "./generate.js";
import { PathIndex } from "./path-index.js";
import type { Catalogue, CatalogueEntry, RuleName } from "./types.js";

/** rules/ beside src/ and dist/ alike (both are one level below the package root). */
export const BUNDLED_CATALOGUE_PATH = fileURLToPath(new URL("../../rules/catalogue.json", import.meta.url));
export const BUNDLED_SCHEDULE_PATH = fileURLToPath(new URL("../../rules/schedule.md", import.meta.url));

export class CatalogueIndex {
  readonly entries: readonly CatalogueEntry[];
  readonly byId: ReadonlyMap<string, CatalogueEntry>;
  readonly byItem: ReadonlyMap<number, CatalogueEntry>;
  /** Templates of the `endpoint` rows (deprecated endpoints). */
  readonly deprecatedEndpoints: PathIndex;
  /** Templates of the DNS field rows (endpoints whose responses hold DNS records). */
  readonly dnsRecordEndpoints: PathIndex;

  constructor(readonly catalogue: Catalogue) {
    this.entries = catalogue.entries;
    this.byId = new Map(catalogue.entries.map((entry) => [entry.id, entry]));
    this.byItem = new Map(catalogue.entries.map((entry) => [entry.item, entry]));
    this.deprecatedEndpoints = new PathIndex(catalogue.entries, ["endpoint"]);
    this.dnsRecordEndpoints = new PathIndex(catalogue.entries, ["dns-record-field", "srv-data-field"]);
  }

  get hash(): string {
    return this.catalogue.sourceHash;
  }

  entriesOfRule(rule: RuleName): CatalogueEntry[] {
    return this.entries.filter((entry) => entry.rule === rule);
  }

  /** Finds an entry by id or by item number (as a number or its decimal string). */
  lookup(key: string | number): CatalogueEntry | undefined {
    if (typeof key === "number") return this.byItem.get(key);
    if (/^\d+$/.test(key)) return this.byItem.get(Number(key));
    return this.byId.get(key);
  }
}

let bundled: CatalogueIndex | undefined;

export function loadBundledCatalogue(): CatalogueIndex {
  bundled ??= new CatalogueIndex(JSON.parse(readFileSync(BUNDLED_CATALOGUE_PATH, "utf8")) as Catalogue);
  return bundled;
}

/** Generates the catalogue of a user's schedule file (Markdown, same format as rules/schedule.md). */
export function loadScheduleFile(path: string, displayName = path): CatalogueIndex {
  let text: string;
  try {
    text = readBounded(path, "schedule");
  } catch (error) {
    if (!(error instanceof BoundedReadError)) throw error;
    throw new ScheduleError(displayName, null, null, error.code === "ENOENT" ? "schedule file not found" : `cannot read the schedule file: ${error.reason}`);
  }
  return new CatalogueIndex(generateCatalogue(text, { source: displayName }));
}

/** The bundled catalogue, or the one generated from a user's schedule file (resolved from `cwd`). */
export function loadCatalogue(schedule: string | undefined, cwd: string): CatalogueIndex {
  if (!schedule) return loadBundledCatalogue();
  return loadScheduleFile(resolve(cwd, schedule), schedule);
}
