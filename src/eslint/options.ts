/**
 * The options every rule shares, given per rule or once for all in `settings["sunset-lint"]`
 * (rule options win). The `ignore` enum is derived from the catalogue, so the schedule stays the
 * only list of entries.
 */
import type { JSONSchema4 } from "@typescript-eslint/utils/json-schema";
import { loadBundledCatalogue } from "../catalogue/load.js";
import type { RuleName } from "../catalogue/types.js";
import { isAbsolute } from "node:path";
import { CONFIDENCE_LEVELS, type Confidence } from "../core/finding.js";
import { lintClock } from "./lint-clock.js";
import { ignoredByProjectConfig, projectConfigFor, validateSettings, type ProjectConfig } from "./project-config.js";

export interface SharedOptions {
  asOf?: string;
  ignore?: (string | number)[];
  apiHosts?: string[];
  minConfidence?: Confidence;
  /** Follow relative imports to read constants and helpers from other files (default true). */
  crossFile?: boolean;
}

export interface LogpushOptions extends SharedOptions {
  maxOperators?: number;
  maxBytes?: number;
  operators?: string[];
}

export const SETTINGS_KEY = "sunset-lint";

export function sharedOptionProperties(rule: RuleName): Record<string, JSONSchema4> {
  const entries = loadBundledCatalogue().entriesOfRule(rule);
  const properties: Record<string, JSONSchema4> = {
    asOf: {
      type: "string",
      pattern: "^\\d{4}-\\d{2}-\\d{2}$",
      description: "The date findings are judged on (YYYY-MM-DD); entries dated later are reported as upcoming. Defaults to today.",
    },
    apiHosts: {
      type: "array",
      items: { type: "string", minLength: 1 },
      uniqueItems: true,
      description: "Hosts besides api.cloudflare.com that serve this API, such as an internal proxy.",
    },
    minConfidence: {
      type: "string",
      enum: [...CONFIDENCE_LEVELS],
      description: "The lowest confidence reported: `high`, `medium` (default) or `low`.",
    },
    crossFile: {
      type: "boolean",
      description: "Follow relative imports to read paths and helpers defined in other files (default true).",
    },
  };
  if (entries.length > 0) {
    properties.ignore = {
      type: "array",
      items: {
        anyOf: [
          { type: "string", enum: entries.map((entry) => entry.id) },
          { type: "integer", enum: entries.map((entry) => entry.item) },
        ],
      },
      uniqueItems: true,
      description: "Schedule entries to leave out, by id or item number.",
    };
  }
  return properties;
}

export function optionsSchema(rule: RuleName, extra: Record<string, JSONSchema4> = {}): JSONSchema4[] {
  return [{ type: "object", additionalProperties: false, properties: { ...sharedOptionProperties(rule), ...extra } }];
}

/**
 * The options a rule runs with on a file: the project's sunset-lint.config.json, overlaid with
 * `settings["sunset-lint"]` (validated), overlaid with the rule's own options. Null when the
 * config file turns the rule off (`skip`) or leaves the file out (`ignorePatterns`).
 */
export function effectiveOptions<T extends SharedOptions>(
  context: { settings?: Record<string, unknown>; physicalFilename?: string; filename: string; sourceCode?: object },
  rule: RuleName,
  ruleOptions: T | undefined,
): T | null {
  const settings = validateSettings(context.settings?.[SETTINGS_KEY]);
  const file = context.physicalFilename ?? context.filename;
  const project = isAbsolute(file) ? projectOfLint(file, context.sourceCode) : null;
  if (project && (project.skippedRules.has(rule) || ignoredByProjectConfig(project, file))) return null;
  return overlaid(project?.options ?? NO_OPTIONS, settings, ruleOptions ?? NO_OPTIONS) as T;
}

/**
 * The project configuration of each text linted (ESLint's `SourceCode`, one per lint): every rule
 * asks, nine for each file, and all of them get the answer the first had.
 */
const projectsOfLints = new WeakMap<object, ProjectConfig | null>();

/**
 * The project configuration for one lint of a file on disk. The first rule to ask, before anything
 * is read from disk for the file, tells the plugin's clock of the lint, once: told again by each
 * rule after the first one's analysis, the clock took a file whose analysis took a second or more
 * (a large import graph on a busy machine) for a user typing, and ended the run's burst.
 */
function projectOfLint(file: string, lint: object | undefined): ProjectConfig | null {
  const known = lint ? projectsOfLints.get(lint) : undefined;
  if (known !== undefined) return known;
  lintClock.noteLinted(file);
  const project = projectConfigFor(file);
  if (lint) projectsOfLints.set(lint, project);
  return project;
}

const NO_OPTIONS: LogpushOptions = Object.freeze({});
/** One object per (config file, settings, rule options), so that what is worked out from it is worked out once (see `analysisOptionsOf`). */
const overlays = new WeakMap<object, WeakMap<object, WeakMap<object, LogpushOptions>>>();
function overlaid(project: LogpushOptions, settings: LogpushOptions, rule: LogpushOptions): LogpushOptions {
  let bySettings = overlays.get(project);
  if (!bySettings) overlays.set(project, (bySettings = new WeakMap()));
  let byRule = bySettings.get(settings);
  if (!byRule) bySettings.set(settings, (byRule = new WeakMap()));
  let options = byRule.get(rule);
  if (!options) byRule.set(rule, (options = Object.freeze({ ...project, ...settings, ...rule })));
  return options;
}
