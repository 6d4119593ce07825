/** The detector family a schedule row is checked by (the `detect` column of rules/schedule.md). */
export type DetectFamily =
  | "endpoint"
  | "path-segment"
  | "dns-record-field"
  | "srv-data-field"
  | "error-chain"
  | "framing-headers"
  | "field"
  | "tls-cipher";

export const DETECT_FAMILIES: readonly DetectFamily[] = [
  "endpoint",
  "path-segment",
  "dns-record-field",
  "srv-data-field",
  "error-chain",
  "framing-headers",
  "field",
  "tls-cipher",
];

/** Every rule of the ESLint plugin and the scanner, by name (no plugin prefix). */
export type RuleName =
  | "no-deprecated-endpoint"
  | "no-script-monitor-path"
  | "no-removed-dns-record-fields"
  | "no-srv-data-fields"
  | "no-error-chain"
  | "no-conflicting-framing-headers"
  | "no-notification-email"
  | "no-draft-chacha20-ciphers"
  | "valid-logpush-filter";

/** Which rule reports the rows of each family (DESIGN.md, "Rules"). */
export const RULE_OF_FAMILY: Readonly<Record<DetectFamily, RuleName>> = {
  endpoint: "no-deprecated-endpoint",
  "path-segment": "no-script-monitor-path",
  "dns-record-field": "no-removed-dns-record-fields",
  "srv-data-field": "no-srv-data-fields",
  "error-chain": "no-error-chain",
  "framing-headers": "no-conflicting-framing-headers",
  field: "no-notification-email",
  "tls-cipher": "no-draft-chacha20-ciphers",
};

export const HTTP_METHODS = ["GET", "POST", "PUT", "PATCH", "DELETE", "HEAD", "OPTIONS"] as const;
export type HttpMethod = (typeof HTTP_METHODS)[number];

export interface CatalogueEndpoint {
  method: HttpMethod;
  /** Canonical template: leading slash, every parameter written `:name`. */
  path: string;
  /** The path as the schedule spells it (parameter style and leading slash kept, `...` expanded). */
  spelling: string;
}

export interface CatalogueEntry {
  /** Stable kebab-case slug, never reused. */
  id: string;
  /** The row number (`#`) of the schedule. */
  item: number;
  /** ISO 8601 calendar date on which the change takes effect. */
  date: string;
  /** First sentence of the change, for headings and messages. */
  title: string;
  /** The whole Change cell. */
  change: string;
  /** The Affected cell as written. */
  affects: string;
  /**
   * For `endpoint` rows the deprecated endpoints; for the DNS field rows the endpoints whose
   * responses carry the field (which are not themselves deprecated).
   */
  endpoints: CatalogueEndpoint[];
  /** Names the detector looks for (fields, headers, a path segment). */
  fields: string[];
  /** For `path-segment` rows: the segment that replaces `fields[0]`. */
  replacementSegment: string | null;
  /** What to use instead, or `null` when the schedule says "none". */
  replacement: string | null;
  rule: RuleName;
  detect: DetectFamily;
}

export interface Catalogue {
  $comment: string;
  /** Schedule file the catalogue was generated from, relative to the package root. */
  source: string;
  /** SHA-256 of the schedule text: part of every cache key. */
  sourceHash: string;
  entries: CatalogueEntry[];
}
