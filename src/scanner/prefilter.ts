/**
 * A cheap text test that decides which files can hold a finding, so that only those are parsed.
 * It errs on the side of parsing, but common words alone do not pass a file:
 *
 * - distinctive names pass a file on their own (`error_chain`, `client/v4`, `dns_records`…);
 * - the last literal segment of a deprecated path (`rules`, `minify`…) passes it only with a
 *   hint of this API (`zones`, `accounts`, `/user/`, `organizations`, `cloudflare`…);
 * - a weak field name (`locked`) passes it only with a DNS hint or a relative import (the
 *   records may come from a helper in another file).
 *
 * A file that passes none but imports one that does is parsed too (see `scan`).
 */
import type { CatalogueIndex } from "../catalogue/load.js";

const DISTINCTIVE = [
  "client/v4",
  "api.cloudflare.com",
  "dns_records",
  "dnsRecords",
  "dns.records",
  "DnsRecord",
  "DNSRecord",
  "RecordResponse",
  "error_chain",
  "DNS Validation Error",
  "transfer-encoding",
  "CHACHA20",
  "0xcc1",
  "logpush",
  "output_options",
  "destination_conf",
  "SRV",
  "1004",
];
/** Field names too common to pass a file alone. */
const WEAK_FIELDS = new Set(["locked", "service", "proto", "name"]);
const API_HINT = /zones|accounts|\/user\/|user\/billing|organizations|cloudflare|\bcf\b|\bzone/i;
const DNS_HINT = /dns|record|SRV\b/i;
const REQUEST_LIBRARY_HINT = /\bfetch\b|axios|\bgot\b|\bky\b|undici|https?\.(?:request|get)|superagent|\bCloudflare\b|baseURL|prefixUrl/;
const RELATIVE_IMPORT = /(?:\bfrom\s*|\brequire\s*\(\s*|\bimport\s*\(\s*|\bimport\s+)["'](\.{1,2}\/[^"']+)["']/g;

const alternation = (words: Iterable<string>) =>
  [...new Set(words)].sort((a, b) => b.length - a.length).map((word) => word.replace(/[.*+?^${}()|[\]\\]/g, "\\$&")).join("|");

export class Prefilter {
  private readonly distinctive: RegExp;
  private readonly segments: RegExp;
  private readonly weak: RegExp | null;

  constructor(catalogue: CatalogueIndex) {
    const distinctive = new Set(DISTINCTIVE);
    const segments = new Set<string>();
    const weak = new Set<string>();
    for (const entry of catalogue.entries) {
      // SRV data fields matter only next to an `SRV`, which is distinctive on its own.
      if (entry.detect !== "srv-data-field") {
        for (const field of entry.fields) (WEAK_FIELDS.has(field) ? weak : distinctive).add(field);
      }
      if (entry.detect !== "endpoint") continue;
      for (const endpoint of entry.endpoints) {
        const literals = endpoint.path.split("/").filter((segment) => segment && !segment.startsWith(":"));
        const last = literals.at(-1);
        if (last) segments.add(last);
      }
    }
    this.distinctive = new RegExp(alternation(distinctive), "i");
    this.segments = new RegExp(`(?<![\\w-])(?:${alternation(segments)})(?![\\w-])`);
    this.weak = weak.size > 0 ? new RegExp(`(?<!\\w)(?:${alternation(weak)})(?!\\w)`) : null;
  }

  /**
   * Whether an imported module is worth parsing for cross-file analysis: it may hold a path or
   * a field, or it may wrap a request library (a wrapper must call one).
   */
  mayMatterToImporters(text: string): boolean {
    return REQUEST_LIBRARY_HINT.test(text) || this.mayContainFindings(text);
  }

  mayContainFindings(text: string): boolean {
    if (this.distinctive.test(text)) return true;
    if (this.segments.test(text) && API_HINT.test(text)) return true;
    if (this.weak?.test(text) && (DNS_HINT.test(text) || relativeImports(text).length > 0)) return true;
    return false;
  }
}

/** The relative module specifiers a file imports, read from its text. */
export function relativeImports(text: string): string[] {
  return [...text.matchAll(RELATIVE_IMPORT)].map((match) => match[1]!);
}
