/**
 * The configuration file: `sunset-lint.config.json`, or a `"sunset-lint"` key in package.json.
 * JSON (comments and trailing commas allowed) only, so scanning an untrusted repo never runs its code. Command-line options win.
 */
import type { LanguageId } from "../languages/index.js";

export const CONFIG_SCHEMA = {
  $schema: "http://json-schema.org/draft-07/schema#",
  $id: "https://github.com/sunset-lint/sunset-lint/blob/main/docs/config.schema.json",
  title: "sunset-lint configuration",
  type: "object",
  additionalProperties: false,
  properties: {
    $schema: { type: "string", description: "The schema this file follows." },
    paths: { type: "array", items: { type: "string", minLength: 1 }, description: "Files and directories to scan when none are given on the command line." },
    ignorePatterns: { type: "array", items: { type: "string", minLength: 1 }, description: "Globs of files to leave out, besides .gitignore and the default ignores." },
    only: { type: "array", items: { type: ["string", "integer"] }, description: "Keep only these rules, entry ids or item numbers." },
    skip: { type: "array", items: { type: ["string", "integer"] }, description: "Leave out these rules, entry ids or item numbers." },
    failOn: { enum: ["in-effect", "upcoming", "none"], description: "The lowest status that makes the scan exit with code 1." },
    minConfidence: { enum: ["high", "medium", "low"], description: "The lowest confidence reported." },
    apiHosts: { type: "array", items: { type: "string", minLength: 1 }, description: "Hosts besides api.cloudflare.com that serve this API." },
    schedule: { type: "string", minLength: 1, description: "A schedule file in the format of rules/schedule.md, relative to the config file." },
    asOf: { type: "string", pattern: "^\\d{4}-\\d{2}-\\d{2}$", description: "Judge entries as of this date (YYYY-MM-DD) instead of today." },
    tsconfig: { type: "string", minLength: 1, description: "Run type-aware with this tsconfig, relative to the config file." },
    baseline: { type: "string", minLength: 1, description: "A baseline file whose findings are hidden, relative to the config file." },
    maxFileSize: {
      type: ["integer", "string"],
      minimum: 1,
      description: 'Source files larger than this are skipped and named in a notice: bytes, or a size such as "512KiB" or "4MB" (default 2MiB).',
    },
    languages: {
      type: "array",
      items: { enum: ["typescript", "python", "go", "shell", "php", "ruby", "rust", "powershell", "java", "csharp", "terraform", "yaml", "json", "vue", "svelte", "markdown"] },
      uniqueItems: true,
      description: "The languages scanned (default: all but markdown, whose fenced code blocks are read only when listed).",
    },
    logpush: {
      type: "object",
      additionalProperties: false,
      properties: {
        maxOperators: { type: "integer", minimum: 1, description: "Most operators a Logpush filter may hold (default 30)." },
        maxBytes: { type: "integer", minimum: 1, description: "Largest Logpush filter in bytes (default 1000)." },
        operators: { type: "array", items: { type: "string", minLength: 1 }, description: "Comparison operators accepted besides eq and contains." },
      },
    },
  },
} as const;

export interface SunsetConfig {
  paths?: string[];
  ignorePatterns?: string[];
  only?: (string | number)[];
  skip?: (string | number)[];
  failOn?: "in-effect" | "upcoming" | "none";
  minConfidence?: "high" | "medium" | "low";
  apiHosts?: string[];
  schedule?: string;
  asOf?: string;
  tsconfig?: string;
  baseline?: string;
  maxFileSize?: number | string;
  languages?: LanguageId[];
  logpush?: { maxOperators?: number; maxBytes?: number; operators?: string[] };
}
