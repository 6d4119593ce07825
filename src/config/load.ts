/**
 * Finds and validates the configuration. An unknown key or a bad value is a `ConfigError` that
 * names the file, the key and what is allowed; the CLI exits 2 with it.
 */
import { existsSync, readFileSync } from "node:fs";
import { dirname, join, resolve } from "node:path";
import { Ajv, type ErrorObject } from "ajv";
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

const validate = new Ajv({ allErrors: true, strict: false }).compile(CONFIG_SCHEMA);

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

function readJson(path: string, name: string): unknown {
  let text: string;
  try {
    text = readFileSync(path, "utf8");
  } catch (error) {
    throw new ConfigError(`${name}: cannot read it (${(error as NodeJS.ErrnoException).code ?? String(error)})`);
  }
  try {
    return JSON.parse(text);
  } catch (error) {
    throw new ConfigError(`${name}: not valid JSON (${(error as Error).message})`);
  }
}

function check(value: unknown, name: string): SunsetConfig {
  if (validate(value)) return value as SunsetConfig;
  const problems = (validate.errors ?? []).map((error) => describe(error));
  throw new ConfigError(`${name}: ${[...new Set(problems)].join("; ")}`);
}

function describe(error: ErrorObject): string {
  const where = error.instancePath ? `"${error.instancePath.slice(1).replaceAll("/", ".")}"` : "the configuration";
  switch (error.keyword) {
    case "additionalProperties": {
      const key = (error.params as { additionalProperty: string }).additionalProperty;
      const schema = error.instancePath === "/logpush" ? CONFIG_SCHEMA.properties.logpush.properties : CONFIG_SCHEMA.properties;
      return `unknown key "${error.instancePath ? `${error.instancePath.slice(1).replaceAll("/", ".")}.` : ""}${key}" (allowed: ${Object.keys(schema).filter((k) => k !== "$schema").join(", ")})`;
    }
    case "enum":
      return `${where} must be one of ${(error.params as { allowedValues: unknown[] }).allowedValues.map((v) => JSON.stringify(v)).join(", ")}`;
    case "type":
      return `${where} must be ${(error.params as { type: string | string[] }).type.toString().replace(",", " or ")}`;
    case "pattern":
      return `${where} must be a date written YYYY-MM-DD`;
    default:
      return `${where} ${error.message ?? "is not valid"}`;
  }
}
