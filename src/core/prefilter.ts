/**
 * A cheap text test that decides which files can hold a finding, so that only those are parsed.
 * It errs on the side of parsing, but common words alone do not pass a file:
 *
 * - distinctive names pass a file on their own (`error_chain`, `client/v4`, `dns_records`…);
 * - the last literal segment of a deprecated path (`rules`, `minify`…) passes it only with a
 *   hint of this API (`zones`, `accounts`, `/user/`, `organizations`, `cloudflare`…);
 * - a weak field name (`locked`) passes it only with a DNS hint or a relative import (the
 *   records may come from a helper in another file);
 * - `dataset` with `filter` passes it: a Logpush job body, whatever it is called.
 *
 * A file that passes none but imports one that does is parsed too (see `scan`).
 */
import type { CatalogueIndex } from "../catalogue/load.js";
import { SDK_ROUTES } from "./sdk-routes.js";

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
/** The API's resource roots: in nearly every path, so no path is known by them. */
const ROOT_SEGMENTS = new Set(["zones", "accounts", "user", "organizations"]);
/** SDK resource names too common in any code to count as a path segment. */
const SDK_NAMES_TOO_COMMON = new Set(["settings"]);
/**
 * Field names too common to pass a file alone: they matter on a DNS record, so they pass it with
 * a DNS hint or a relative import. `zone_id` and `zone_name` are in every Terraform schema and
 * SDK model of this API (1,024 of 5,757 Go files of the provider and the SDK, none read from a
 * DNS record there).
 */
const WEAK_FIELDS = new Set(["locked", "service", "proto", "name", "zone_id", "zone_name"]);
const API_HINT = /zones|accounts|\/user\/|user\/billing|organizations|cloudflare|\bcf\b|\bzone/i;
/** A DNS record is near: the word, SRV, or a record's own field (`proxied`) in a type shaped like one. */
const DNS_HINT = /dns|record|SRV\b|proxied/i;
const REQUEST_LIBRARY_HINT = /\bfetch\b|axios|\bgot\b|\bky\b|undici|https?\.(?:request|get)|superagent|\bCloudflare\b|baseURL|prefixUrl/;
const RELATIVE_IMPORT = /(?:\bfrom\s*|\brequire\s*\(\s*|\bimport\s*\(\s*|\bimport\s+)["'](\.{1,2}\/[^"']+)["']/g;

const alternation = (words: Iterable<string>) =>
  [...new Set(words)].sort((a, b) => b.length - a.length).map((word) => word.replace(/[.*+?^${}()|[\]\\]/g, "\\$&")).join("|");

/** What a file's text hints at, as bits, so that a file and the modules it imports can be judged together. */
export const Signal = {
  Distinctive: 1,
  Segment: 2,
  ApiHint: 4,
  Weak: 8,
  DnsHint: 16,
  RequestLibrary: 32,
  RelativeImport: 64,
  /** `dataset` and `filter` together: a Logpush job body may be built here (the detector takes `dataset` objects as jobs). */
  LogpushJob: 128,
} as const;

const DATASET = /\bdataset\b/;
const FILTER = /\bfilter\b/;

export class Prefilter {
  private readonly distinctive: RegExp;
  private readonly segments: RegExp;
  private readonly weak: RegExp | null;
  private readonly names: RegExp | null;

  /**
   * `names`: words that pass a file on their own, matched whole and with their case: what the
   * front ends of other languages read as requests (Terraform resource types, SDK method names).
   */
  constructor(catalogue: CatalogueIndex, names: readonly string[] = []) {
    // No look-behind in these patterns: V8 scans for a look-behind's match at every position,
    // but for a word boundary or a leading character it can skip ahead (segments 124 -> 37 ms on
    // a real corpus of 7,265 files). A name after a hyphen now passes too: more parsing, never less.
    this.names = names.length > 0 ? new RegExp(`\\b(?:${alternation(names)})(?![\\w-])`) : null;
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
        // The last literal segment that is not a resource root: `/organizations/:id/accelerators/:id/zones`
        // is known by `accelerators` (`zones` is in every request of the API and passed every file).
        const last = literals.findLast((segment) => !ROOT_SEGMENTS.has(segment)) ?? literals.at(-1);
        if (last) segments.add(last);
      }
    }
    // The SDK's resource names (`client.billing.profiles.get()`), as segments: they count next to
    // an API hint. Go's generated SDK spells them capitalised; there they count only as a call
    // chain (`client.Billing.Profiles.Get(`), as `Profile` or `History` alone are common words.
    const capitalised = new Set<string>();
    for (const resource of Object.keys(SDK_ROUTES)) {
      const last = resource.split(".").at(-1)!;
      if (SDK_NAMES_TOO_COMMON.has(last)) continue;
      segments.add(last);
      capitalised.add(last[0]!.toUpperCase() + last.slice(1));
    }
    this.distinctive = new RegExp(alternation(distinctive), "i");
    // A segment counts where code writes one: after `/`, `.`, a quote or `:` (`"/firewall/rules"`,
    // `client.firewall.rules`, `["settings", "minify"]`, `:minify`), not as a word of prose in a
    // comment ("lists the rules of…"), which fills generated SDK code.
    this.segments = new RegExp(`[/."'\`:](?:${alternation(segments)})(?![\\w-])|\\.(?:${alternation(capitalised)})\\.[A-Z]`);
    this.weak = weak.size > 0 ? new RegExp(`\\b(?:${alternation(weak)})(?!\\w)`) : null;
  }

  /** The hints a text holds (each regular expression runs at most once). */
  signals(text: string): number {
    let signals = 0;
    if (this.distinctive.test(text) || this.names?.test(text)) signals |= Signal.Distinctive;
    if (this.segments.test(text)) signals |= Signal.Segment;
    if (API_HINT.test(text)) signals |= Signal.ApiHint;
    if (this.weak?.test(text)) signals |= Signal.Weak;
    if (DNS_HINT.test(text)) signals |= Signal.DnsHint;
    if (REQUEST_LIBRARY_HINT.test(text)) signals |= Signal.RequestLibrary;
    RELATIVE_IMPORT.lastIndex = 0;
    if (RELATIVE_IMPORT.test(text)) signals |= Signal.RelativeImport;
    RELATIVE_IMPORT.lastIndex = 0;
    if (DATASET.test(text) && FILTER.test(text)) signals |= Signal.LogpushJob;
    return signals;
  }

  /** Whether a file with these hints can hold a finding on its own. */
  static passes(signals: number): boolean {
    if (signals & (Signal.Distinctive | Signal.LogpushJob)) return true;
    if (signals & Signal.Segment && signals & Signal.ApiHint) return true;
    if (signals & Signal.Weak && signals & (Signal.DnsHint | Signal.RelativeImport)) return true;
    return false;
  }

  /**
   * Whether a file that did not pass alone can hold a finding through a module it imports: the
   * two texts' hints together pass (a path in one, the API's name in the other; a setting-name
   * constant imported into a URL), or the module holds a request library or the SDK's client and
   * the file names a path segment or SDK resource (`client.user.billing.profile.get()`).
   */
  static passesWithImport(file: number, imported: number): boolean {
    if (Prefilter.passes(file | imported)) return true;
    return (imported & Signal.RequestLibrary) !== 0 && (file & Signal.Segment) !== 0;
  }

  /**
   * Whether an imported module is worth parsing for cross-file analysis: it may hold a path or
   * a field, a path segment (a constant), or it may wrap a request library (a wrapper must call one).
   */
  mayMatterToImporters(text: string): boolean {
    const signals = this.signals(text);
    return (signals & (Signal.RequestLibrary | Signal.Segment)) !== 0 || Prefilter.passes(signals);
  }

  mayContainFindings(text: string): boolean {
    return Prefilter.passes(this.signals(text));
  }
}

/**
 * Everything the prefilter's verdicts depend on besides the catalogue: its word lists, patterns
 * and the code of its decisions. A cache of hints is valid only under the same fingerprint.
 */
export const PREFILTER_FINGERPRINT = [
  DISTINCTIVE.join("|"),
  [...SDK_NAMES_TOO_COMMON, ...WEAK_FIELDS, ...ROOT_SEGMENTS].join("|"),
  ...[API_HINT, DNS_HINT, REQUEST_LIBRARY_HINT, RELATIVE_IMPORT, DATASET, FILTER].map((pattern) => pattern.source),
  Prefilter.toString(), // the class's own code: its constructor and decisions
].join("\n");

/** The relative module specifiers a file imports, read from its text. */
export function relativeImports(text: string): string[] {
  return [...text.matchAll(RELATIVE_IMPORT)].map((match) => match[1]!);
}
