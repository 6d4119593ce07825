/**
 * One configuration for editor and CI: the plugin reads the CLI's `sunset-lint.config.json` (or
 * the `"sunset-lint"` key of a package.json) found from the linted file's directory up to the
 * repository root, and `settings["sunset-lint"]`, validated with a "did you mean" for typos.
 * What a file says is overridden by settings, and settings by a rule's own options.
 */
import { existsSync } from "node:fs";
import { dirname, join, relative, sep } from "node:path";
import ignore, { type Ignore } from "ignore";
import { ConfigError, closest, loadConfigFile, type LoadedConfig } from "../config/load.js";
import { StampedCache } from "../files/stamped-cache.js";
import { lintTime } from "./lint-clock.js";
import { FolderMark } from "./read-ahead-protocol.js";
import { projectReadAhead } from "./read-ahead.js";
import { CONFIDENCE_LEVELS } from "../core/finding.js";
import { RULE_NAMES } from "../core/analyze.js";
import type { LogpushOptions } from "./options.js";

/** A mistake in the user's configuration: its message is the whole story, so its stack is the message. */
export class PluginConfigError extends Error {
  constructor(message: string) {
    super(`sunset-lint: ${message}`);
    this.name = "PluginConfigError";
    this.stack = this.message;
  }
}

const SETTING_KEYS = ["asOf", "ignore", "apiHosts", "minConfidence", "crossFile", "maxOperators", "maxBytes", "operators"] as const;

const validated = new WeakMap<object, LogpushOptions>();
const NO_SETTINGS: LogpushOptions = Object.freeze({});

/** `settings["sunset-lint"]`, checked once per settings object. */
export function validateSettings(value: unknown): LogpushOptions {
  if (value === undefined || value === null) return NO_SETTINGS;
  if (typeof value !== "object" || Array.isArray(value)) throw new PluginConfigError(`settings["sunset-lint"] must be an object (allowed keys: ${SETTING_KEYS.join(", ")})`);
  const known = validated.get(value);
  if (known) return known;
  const problems: string[] = [];
  const settings = value as Record<string, unknown>;
  for (const key of Object.keys(settings)) {
    if ((SETTING_KEYS as readonly string[]).includes(key)) continue;
    const suggestion = closest(key, SETTING_KEYS);
    problems.push(`unknown key "${key}"${suggestion ? ` (did you mean "${suggestion}"?)` : ""} (allowed: ${SETTING_KEYS.join(", ")})`);
  }
  const minConfidence = settings.minConfidence;
  if (minConfidence !== undefined && !(CONFIDENCE_LEVELS as readonly unknown[]).includes(minConfidence)) {
    const suggestion = typeof minConfidence === "string" ? closest(minConfidence, CONFIDENCE_LEVELS) : null;
    problems.push(`"minConfidence" must be one of ${CONFIDENCE_LEVELS.map((level) => `"${level}"`).join(", ")}${suggestion ? ` (did you mean "${suggestion}"?)` : ""}`);
  }
  const strings = (key: string) => settings[key] === undefined || (Array.isArray(settings[key]) && (settings[key] as unknown[]).every((item) => typeof item === "string" && item !== ""));
  if (!strings("apiHosts")) problems.push(`"apiHosts" must be a list of host names`);
  if (!strings("operators")) problems.push(`"operators" must be a list of operator names`);
  if (settings.ignore !== undefined && !(Array.isArray(settings.ignore) && settings.ignore.every((item) => typeof item === "string" || Number.isInteger(item)))) problems.push(`"ignore" must be a list of entry ids or item numbers`);
  if (settings.asOf !== undefined && !(typeof settings.asOf === "string" && /^\d{4}-\d{2}-\d{2}$/.test(settings.asOf))) problems.push(`"asOf" must be a date written YYYY-MM-DD`);
  if (settings.crossFile !== undefined && typeof settings.crossFile !== "boolean") problems.push(`"crossFile" must be true or false`);
  for (const key of ["maxOperators", "maxBytes"]) {
    if (settings[key] !== undefined && !(Number.isInteger(settings[key]) && (settings[key] as number) > 0)) problems.push(`"${key}" must be a whole number above 0`);
  }
  if (problems.length > 0) throw new PluginConfigError(`settings["sunset-lint"]: ${problems.join("; ")}`);
  validated.set(value, settings as LogpushOptions);
  return settings as LogpushOptions;
}

export interface ProjectConfig {
  options: LogpushOptions;
  /** Rules the config's `skip` turns off. */
  skippedRules: Set<string>;
  ignored: Ignore | null;
  directory: string;
}

/**
 * How long a finding (or not finding) of a config file is trusted: an editor notices a config
 * added or removed within it. By the plugin's clock, which stands still in a run over many files
 * (see `lint-clock.ts`): there each directory is looked at once.
 */
const TRUST_MS = 1000;
/** The config file that applies, by directory, and when that was last looked up. */
const configByDirectory = new Map<string, { path: string | null; checked: number }>();
/** Checked against the file at most once a second: every rule asks for every file linted. */
const parsed = new StampedCache<ProjectConfig | null>(TRUST_MS, lintTime);

/**
 * The file asked about last, with its answer: each rule asks for the file being linted in turn
 * (nine times a file), and the answer stands for the same second as the others here.
 */
let lastAsked: { file: string; checked: number; config: ProjectConfig | null } | null = null;

/** The project configuration that applies to a file, or null when there is none. */
export function projectConfigFor(file: string): ProjectConfig | null {
  const now = lintTime();
  if (lastAsked && lastAsked.file === file && now - lastAsked.checked <= TRUST_MS) return lastAsked.config;
  const config = configOf(file);
  lastAsked = { file, checked: now, config };
  return config;
}

function configOf(file: string): ProjectConfig | null {
  const path = configPathFor(dirname(file));
  if (!path) return null;
  return parsed.get(
    path,
    () => {
      try {
        const loaded = loadConfigFile(path);
        return loaded ? toPluginConfig(loaded) : null;
      } catch (error) {
        if (error instanceof ConfigError) throw new PluginConfigError(error.message);
        throw error;
      }
    },
    null,
  );
}

/**
 * Whether a package.json holds the "sunset-lint" key, by the file's stamp: each directory is
 * looked at again every second, and reading its package.json each time was 0.1 s of an ESLint
 * run over the bench corpus (no package.json: false, as the file's stamp cannot be taken).
 */
const sunsetKeyIn = new StampedCache<boolean>(TRUST_MS, lintTime);

/** The nearest sunset-lint.config.json (or package.json with a "sunset-lint" key), stopping at the repository root. */
function configPathFor(directory: string, now = lintTime()): string | null {
  const known = configByDirectory.get(directory);
  if (known !== undefined && now - known.checked <= TRUST_MS) return known.path;
  let found: string | null = null;
  const own = join(directory, "sunset-lint.config.json");
  const pkg = join(directory, "package.json");
  const marks = folderMarksOf(directory, now);
  if (marks === null ? existsSync(own) : marks & FolderMark.ConfigFile) found = own;
  else if ((marks === null || marks & FolderMark.PackageKey) && sunsetKeyIn.get(pkg, () => hasSunsetKey(pkg), false)) found = pkg;
  else if (!(marks === null ? existsSync(join(directory, ".git")) : marks & FolderMark.Repository) && dirname(directory) !== directory) found = configPathFor(dirname(directory), now);
  configByDirectory.set(directory, { path: found, checked: now });
  return found;
}

/**
 * What the thread reading the project ahead found in a folder's listing (`FolderAhead`), if it
 * walked the folder within the trust window: in a run over many files, most folders need no
 * `stat` here (on the bench corpus, three for each of 2,014 folders, a tenth of the rules' time:
 * names never looked up before cost the file system 30 µs each). Null: ask the file system.
 */
function folderMarksOf(directory: string, now: number): number | null {
  const ahead = projectReadAhead.folder(directory);
  return ahead !== undefined && now - ahead.read <= TRUST_MS ? ahead.marks : null;
}

function hasSunsetKey(path: string): boolean {
  try {
    return loadConfigFile(path) !== null;
  } catch {
    return true; // a broken package.json with the key is reported when it is loaded
  }
}

function toPluginConfig(loaded: LoadedConfig): ProjectConfig {
  const { config } = loaded;
  const skip = config.skip ?? [];
  const options: LogpushOptions = {
    ...(config.asOf ? { asOf: config.asOf } : {}),
    ...(config.apiHosts ? { apiHosts: config.apiHosts } : {}),
    ...(config.minConfidence ? { minConfidence: config.minConfidence } : {}),
    ...(config.logpush?.maxOperators ? { maxOperators: config.logpush.maxOperators } : {}),
    ...(config.logpush?.maxBytes ? { maxBytes: config.logpush.maxBytes } : {}),
    ...(config.logpush?.operators ? { operators: config.logpush.operators } : {}),
  };
  const ignoredEntries = skip.filter((name) => !(RULE_NAMES as readonly string[]).includes(String(name)));
  if (ignoredEntries.length > 0) options.ignore = ignoredEntries;
  return {
    options,
    skippedRules: new Set(skip.map(String).filter((name) => (RULE_NAMES as readonly string[]).includes(name))),
    ignored: config.ignorePatterns?.length ? ignore().add(config.ignorePatterns.map((pattern) => pattern.replace(/^\.\//, ""))) : null,
    directory: loaded.directory,
  };
}

/** Whether the config's `ignorePatterns` leave the file out. */
export function ignoredByProjectConfig(config: ProjectConfig, file: string): boolean {
  if (!config.ignored) return false;
  const path = relative(config.directory, file).split(sep).join("/");
  return path !== "" && !path.startsWith("..") && config.ignored.ignores(path);
}
