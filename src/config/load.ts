/**
 * Finds and validates the configuration. An unknown key or a bad value is a `ConfigError` that
 * names the file, the key and what is allowed; the CLI exits 2 with it.
 */
import { existsSync } from "node:fs";
import { basename, dirname, join, resolve } from "node:path";
import { createRequire } from "node:module";
import type { Ajv as AjvClass, ErrorObject, ValidateFunction } from "ajv";
import type { ParseError } from "jsonc-parser";
import { parseIsoDay } from "../catalogue/status.js";
import { jsonc } from "../files/jsonc.js";
import { BoundedReadError, readBounded } from "../files/read-bounded.js";
import { parseByteSize } from "./byte-size.js";
import { CONFIG_SCHEMA, type SunsetConfig } from "./schema.js";

export const CONFIG_FILE = "sunset-lint.config.json";

export class ConfigError extends Error {}

export interface LoadedConfig {
  config: SunsetConfig;
  /** The file the configuration came from, or null. */
  file: string | null;
  /** Directory that relative paths in the config are resolved against. */
  directory: string;
}

/** Compiled on first use: a run without a config file never loads ajv. */
let compiled: ValidateFunction | undefined;
function validator(): ValidateFunction {
  if (!compiled) {
    const { Ajv } = createRequire(import.meta.url)("ajv") as { Ajv: typeof AjvClass };
    compiled = new Ajv({ allErrors: true, strict: false, verbose: true }).compile(CONFIG_SCHEMA);
  }
  return compiled;
}

/** Reads an explicit config file, or looks for one in `cwd` (the file, then package.json). */
export function loadConfig(cwd: string, explicit?: string): LoadedConfig {
  if (explicit) {
    const path = resolve(cwd, explicit);
    if (!existsSync(path)) throw new ConfigError(`${explicit}: config file not found`);
    return { config: check(readJson(path, explicit), explicit), file: path, directory: dirname(path) };
  }
  const file = join(cwd, CONFIG_FILE);
  if (existsSync(file)) return { config: check(readJson(file, CONFIG_FILE), CONFIG_FILE), file, directory: cwd };
  const pkg = join(cwd, "package.json");
  if (existsSync(pkg)) {
    const json = readJson(pkg, "package.json") as Record<string, unknown>;
    if (json && typeof json === "object" && "sunset-lint" in json) {
      return { config: check(json["sunset-lint"], 'package.json "sunset-lint"'), file: pkg, directory: cwd };
    }
  }
  return { config: {}, file: null, directory: cwd };
}

/**
 * One config file by path: a `sunset-lint.config.json` (or any JSON config), or a package.json,
 * whose `"sunset-lint"` key is the config (null when it has none). Errors name the path.
 */
export function loadConfigFile(path: string): LoadedConfig | null {
  if (basename(path) === "package.json") {
    // Most package.json files have no such key: they are not parsed (the plugin asks of every one
    // it meets on the way up from each directory of files it lints).
    const text = readConfigText(path, path);
    if (!text.includes('"sunset-lint"')) return null;
    const json = parseConfigJson(text, path) as Record<string, unknown> | null;
    if (!json || typeof json !== "object" || !("sunset-lint" in json)) return null;
    return { config: check(json["sunset-lint"], `${path} "sunset-lint"`), file: path, directory: dirname(path) };
  }
  return { config: check(readJson(path, path), path), file: path, directory: dirname(path) };
}

/** JSON with comments and trailing commas (JSONC, as in tsconfig.json), a byte-order mark allowed. */
function readJson(path: string, name: string): unknown {
  return parseConfigJson(readConfigText(path, name), name);
}

function readConfigText(path: string, name: string): string {
  try {
    return readBounded(path, "config");
  } catch (error) {
    if (error instanceof BoundedReadError) throw new ConfigError(`${name}: ${error.reason}`);
    throw error;
  }
}

function parseConfigJson(text: string, name: string): unknown {
  const errors: ParseError[] = [];
  // Loaded only when there is a config file to read.
  const { parse: parseJsonc, printParseErrorCode } = jsonc();
  const value: unknown = parseJsonc(text, errors, { allowTrailingComma: true, disallowComments: false });
  if (errors.length > 0) {
    const first = errors[0]!;
    const before = text.slice(0, first.offset);
    const line = before.split("\n").length;
    const column = first.offset - before.lastIndexOf("\n");
    throw new ConfigError(`${name}:${line}:${column}: not valid JSON (${describeParseError(printParseErrorCode(first.error))})`);
  }
  return value;
}

function describeParseError(code: string): string {
  // "PropertyNameExpected" → "property name expected"
  return code.replace(/([a-z])([A-Z])/g, "$1 $2").toLowerCase();
}

function check(value: unknown, name: string): SunsetConfig {
  const validate = validator();
  if (!validate(value)) {
    const problems = (validate.errors ?? []).map((error) => describe(error));
    throw new ConfigError(`${name}: ${[...new Set(problems)].join("; ")}`);
  }
  const config = value as SunsetConfig;
  if (config.asOf !== undefined) {
    try {
      parseIsoDay(config.asOf);
    } catch (error) {
      throw new ConfigError(`${name}: "asOf" ${(error as Error).message.replace(/^"[^"]*" /, `"${config.asOf}" `)}`);
    }
  }
  if (config.maxFileSize !== undefined && parseByteSize(config.maxFileSize) === null) {
    throw new ConfigError(`${name}: "maxFileSize" must be a size such as 2097152, "512KiB" or "4MB" (got ${JSON.stringify(config.maxFileSize)})`);
  }
  return config;
}

function describe(error: ErrorObject): string {
  const where = error.instancePath ? `"${error.instancePath.slice(1).replaceAll("/", ".")}"` : "the configuration";
  switch (error.keyword) {
    case "additionalProperties": {
      const key = (error.params as { additionalProperty: string }).additionalProperty;
      const schema = error.instancePath === "/logpush" ? CONFIG_SCHEMA.properties.logpush.properties : CONFIG_SCHEMA.properties;
      const allowed = Object.keys(schema).filter((k) => k !== "$schema");
      const suggestion = closest(key, allowed);
      return `unknown key "${error.instancePath ? `${error.instancePath.slice(1).replaceAll("/", ".")}.` : ""}${key}"${suggestion ? ` (did you mean "${suggestion}"?)` : ""} (allowed: ${allowed.join(", ")})`;
    }
    case "enum": {
      const allowed = (error.params as { allowedValues: unknown[] }).allowedValues;
      const suggestion = typeof error.data === "string" ? closest(error.data, allowed.map(String)) : null;
      return `${where} must be one of ${allowed.map((v) => JSON.stringify(v)).join(", ")}${suggestion ? ` (did you mean "${suggestion}"?)` : ""}`;
    }
    case "type":
      return `${where} must be ${(error.params as { type: string | string[] }).type.toString().replace(",", " or ")}`;
    case "pattern":
      return `${where} must be a date written YYYY-MM-DD`;
    default:
      return `${where} ${error.message ?? "is not valid"}`;
  }
}

/** The allowed name nearest to a typo (case-insensitive edit distance at most 2), or null. */
export function closest(typed: string, allowed: readonly string[]): string | null {
  let best: string | null = null;
  let bestDistance = 3;
  for (const candidate of allowed) {
    const distance = editDistance(typed.toLowerCase(), candidate.toLowerCase());
    if (distance < bestDistance && distance < Math.max(typed.length, 2)) {
      best = candidate;
      bestDistance = distance;
    }
  }
  return best;
}

function editDistance(a: string, b: string): number {
  if (Math.abs(a.length - b.length) > 2) return 3;
  let previous = Array.from({ length: b.length + 1 }, (_, i) => i);
  for (let i = 1; i <= a.length; i++) {
    const row = [i];
    for (let j = 1; j <= b.length; j++) row[j] = Math.min(previous[j]! + 1, row[j - 1]! + 1, previous[j - 1]! + (a[i - 1] === b[j - 1] ? 0 : 1));
    previous = row;
  }
  return previous[b.length]!;
}
