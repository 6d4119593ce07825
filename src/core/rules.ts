import type { RuleName } from "../catalogue/types.js";

/** One description per rule: the ESLint rules' `meta.docs`, SARIF's rule list and the docs agree. */
export const RULE_DESCRIPTIONS: Readonly<Record<RuleName, string>> = {
  "no-deprecated-endpoint": "Disallow requests to endpoints that the API has deprecated",
  "no-script-monitor-path": "Disallow the `script_monitor` path segment in page shield routes",
  "no-removed-dns-record-fields": "Disallow reading `zone_id`, `zone_name` and `locked` from DNS records",
  "no-srv-data-fields": "Disallow `service`, `proto` and `name` inside the data of SRV records",
  "no-error-chain": "Disallow relying on `error_chain` and the 1004 DNS validation wrapper",
  "no-conflicting-framing-headers": "Disallow sending both `Transfer-Encoding` and `Content-Length` in one request",
  "no-notification-email": "Disallow the deprecated `notification_email` field",
  "no-draft-chacha20-ciphers": "Disallow the draft ChaCha20-Poly1305 TLS cipher suites",
  "valid-logpush-filter": "Enforce Logpush job filters and output options that the API accepts",
};

export const DOCS_BASE_URL = "https://github.com/sunset-lint/sunset-lint/blob/main/docs/rules";
export const ruleDocsUrl = (rule: string) => `${DOCS_BASE_URL}/${rule}.md`;
