/**
 * The ESLint plugin: `import plugin from "sunset-lint/eslint"`.
 *
 * `plugin.configs.recommended` is a flat config that works with nothing else configured: it
 * brings typescript-eslint's parser (TypeScript, JSX and plain JavaScript alike) and turns on
 * every rule, as an error when an entry it checks is in effect and as a warning while all its
 * entries are still upcoming.
 */
import { createRequire } from "node:module";
import type { ESLint, Linter } from "eslint";
import { loadBundledCatalogue } from "../catalogue/load.js";
import { status } from "../catalogue/status.js";
import type { RuleName } from "../catalogue/types.js";
import { today } from "../core/analyze.js";
import noConflictingFramingHeaders from "./rules/no-conflicting-framing-headers.js";
import noDeprecatedEndpoint from "./rules/no-deprecated-endpoint.js";
import noDraftChacha20Ciphers from "./rules/no-draft-chacha20-ciphers.js";
import noErrorChain from "./rules/no-error-chain.js";
import noNotificationEmail from "./rules/no-notification-email.js";
import noRemovedDnsRecordFields from "./rules/no-removed-dns-record-fields.js";
import noScriptMonitorPath from "./rules/no-script-monitor-path.js";
import noSrvDataFields from "./rules/no-srv-data-fields.js";
import validLogpushFilter from "./rules/valid-logpush-filter.js";
import { loadParser } from "./toolchain.js";

const { name, version } = createRequire(import.meta.url)("../../package.json") as { name: string; version: string };

export const rules = {
  "no-deprecated-endpoint": noDeprecatedEndpoint,
  "no-script-monitor-path": noScriptMonitorPath,
  "no-removed-dns-record-fields": noRemovedDnsRecordFields,
  "no-srv-data-fields": noSrvDataFields,
  "no-error-chain": noErrorChain,
  "no-conflicting-framing-headers": noConflictingFramingHeaders,
  "no-notification-email": noNotificationEmail,
  "no-draft-chacha20-ciphers": noDraftChacha20Ciphers,
  "valid-logpush-filter": validLogpushFilter,
} satisfies Record<RuleName, unknown>;

export const PLUGIN_PREFIX = "sunset-lint";

/** `error` once any entry a rule checks is in effect on `asOf`, `warn` while all are upcoming. */
export function recommendedSeverity(rule: RuleName, asOf: string = today()): "error" | "warn" {
  const entries = loadBundledCatalogue().entriesOfRule(rule);
  if (entries.length === 0) return "error";
  return entries.some((entry) => status(entry, asOf).state === "in-effect") ? "error" : "warn";
}

function recommendedRules(asOf?: string): Linter.RulesRecord {
  return Object.fromEntries(
    (Object.keys(rules) as RuleName[]).map((rule) => [`${PLUGIN_PREFIX}/${rule}`, recommendedSeverity(rule, asOf)]),
  );
}

/** Typed with ESLint's own types, so that `eslint.config.ts` files accept it as it is. */
const plugin = {
  meta: { name, version },
  rules: rules as unknown as NonNullable<ESLint.Plugin["rules"]>,
  configs: {} as { recommended: Linter.Config },
} satisfies ESLint.Plugin;

plugin.configs.recommended = {
  name: `${PLUGIN_PREFIX}/recommended`,
  files: ["**/*.{js,mjs,cjs,jsx,ts,tsx,mts,cts}"],
  plugins: { [PLUGIN_PREFIX]: plugin },
  languageOptions: {
    parser: loadParser(),
    sourceType: "module",
    parserOptions: { ecmaFeatures: { jsx: true } },
  },
  rules: recommendedRules(),
};

export default plugin;
