/**
 * A cheap text test that decides which files can hold a finding, so that only those are parsed.
 * It errs on the side of parsing, but it asks of a file's text (with the modules it imports) what
 * each detector needs to find anything at all:
 *
 * - a deprecated endpoint: every literal segment of its path (`firewall` and `rules`, after a
 *   `/`, `.`, quote, `:` or `}` as code writes them), or an SDK resource chain that reaches it
 *   (`client.firewall.rules`, `client.RateLimits`), next to a hint of this API or a request library;
 * - a removed DNS record field (`locked`, `zone_id`…): the field and a hint of DNS records;
 * - a Logpush filter: a `filter` (or `output_options`) key and `dataset` or `logpush`;
 * - conflicting framing headers: both header names; the 1004 wrapper: the code and `errors`;
 * - distinctive names pass a file on their own (`error_chain`, `notification_email`, SDK method
 *   and Terraform names of the other languages' front ends…).
 *
 * A file that passes none but imports modules that supply what is missing is parsed too (see
 * `hintsWithImports`).
 */
import { reExportsSomething } from "./barrels.js";
import { KEPT_STRINGS, Signal, unionOfHints, wordlessHints, wordSetsOf, type Hints } from "./hints.js";
import { everythingThrough, hasRelativeImport, hintsWithImports, IMPORT_GRAPH_FINGERPRINT, isBarrel, namesThroughBarrels, SPECIFIER_LEAD, type ImportGraph } from "./import-graph.js";
import type { CatalogueIndex } from "../catalogue/load.js";
import type { RuleName } from "../catalogue/types.js";
import { LIBRARY_OF_MODULE, PHP_CLASS_SOURCE } from "./libraries.js";
import { NO_NARROWING, type Narrowing } from "./options.js";
import { SDK_ROUTES } from "./sdk-routes.js";
import { TERRAFORM_DATA_SOURCES, TERRAFORM_RESOURCES, TERRAFORM_SETTING_RESOURCE, TERRAFORM_SETTINGS_RESOURCE } from "./terraform-resources.js";

/** Names matched with their case, as the detectors match them. */
const DISTINCTIVE = ["error_chain", "DNS Validation Error"];
/** The draft ChaCha20 suites, by name or codepoint, in any case (as the detector reads them). */
const DRAFT_CIPHER = /chacha20|0xcc1/i;
/** An SRV record: with its data fields (`service`, `proto`, `name`: too common to look for). */
const SRV = /\bSRV\b/i;
/**
 * An SRV record's data without the record (see dns-records.ts): `proto` as a key (`proto:`,
 * `"proto" =>`, `proto=`, `\"proto\":`, `d["proto"] =`, `.put("proto", …)`, `{ service, proto }`), not a word of
 * prose (a generated file's "Cap'n proto" made a barrel's importers pass, in the editor too), with
 * `service` and `target` in the text.
 */
const SRV_DATA_PROTO = /\bproto\b["'\\\]]*\s*(?::|=|,|\})/;
const mayHoldSrvData = (text: string) => text.includes("proto") && text.includes("service") && text.includes("target") && SRV_DATA_PROTO.test(text);
/** The API's resource roots: in nearly every path, so no module is worth reading for them alone. */
const RESOURCE_ROOTS = new Set(["zones", "accounts", "user", "organizations"]);
/**
 * Field names too common to pass a file alone: they matter on a DNS record, so they pass it with
 * a DNS hint. `zone_id` and `zone_name` are in every Terraform schema and SDK model of this API
 * (1,024 of 5,757 Go files of the provider and the SDK, none read from a DNS record there).
 */
const WEAK_FIELDS = new Set(["locked", "service", "proto", "name", "zone_id", "zone_name"]);
/** The entries whose fields matter only all together (`Transfer-Encoding` with `Content-Length`). */
const FIELDS_TOGETHER = new Set(["framing-headers"]);
/**
 * The API's name, or a root of its paths. The two deprecated paths under neither `zones`,
 * `accounts` nor `organizations` (`user/billing/history`, `user/billing/profile`) count by
 * `user` then `billing`, written as a path or as its segments (`["user", "billing", "history"]`,
 * `"user" + "/billing"`): a client's resource class that joins segments names nothing else.
 */
const API_HINT = /zones|accounts|\/user\/|user\/billing|user["'`]\s*[,+]\s*["'`]\/?billing|organizations|cloudflare|\bcf\b|\bzone/i;
/**
 * Where DNS records can come from: the endpoint or an SDK's DNS resource (`dns_records`,
 * `dns.records`, `ListDNSRecords`), a declared type (`DnsRecord`, `RecordResponse`, `SRVRecord`,
 * `Records.A`: the evaluator's own list) or a type shaped like a record (`proxied`, `ttl`).
 * Not "DNS" or "record" alone: TypeScript's `Record<…>` is in every other file, and "DNS" in
 * every other file of the API's own SDK, next to its `zone_id` parameters.
 */
const DNS_HINT = /dns_?records?|dns\.records/i;
/** The declared types the evaluator takes for DNS records (responses.ts), with their case. */
const RECORD_TYPE = /\bRecord(?:Get|List|Create|Edit|Update)?Response\b|\b(?:A|AAAA|CNAME|MX|TXT|SRV|NS|CAA|PTR|NAPTR)Record\b|\bRecords\.[A-Z]|\bSRV\b/;
/** A type shaped like a DNS record declares `proxied` or `ttl` as members (not the words in prose: "non-proxied requests", "TTL"). */
const RECORD_MEMBER = /\b(?:proxied|ttl)\??\s*:/;
/**
 * A request library or the SDK's client, as code names it: `fetch`, `got`, `ky` and `Cloudflare`
 * not followed by another word, as prose has them ("fetch the config", "Cloudflare Workers"),
 * except `from` (`import fetch from "node-fetch"`). In prose they were in 2,623 of the bench
 * corpus's 7,194 files, each imported module among them parsed for its importers. Or a request
 * library's module named in quotes (`require("cloudflare")`, `from "node:https"`): what the file
 * calls it may be anything (see `REQUEST_MODULES`).
 */
const REQUEST_LIBRARY_WORDS = /\b(?:fetch|got|ky|Cloudflare)\b(?!\s+(?!from\b)[A-Za-z])|axios|undici|https?\.(?:request|get)|superagent|baseURL|prefixUrl|\buse(?:Lazy)?Fetch\(/;
/**
 * A name code gives a zone's id (`zone_id`, `zoneId`, `$zone`): a path that starts with it is read
 * under `zones` (see `parseUrl`'s `zonesGuessed`), so the text holds the word `zones` for the paths
 * it may start.
 */
const ZONE_ID_NAME = /\bzone(?:_?id|_?identifier|_?tag)?\b/i;
/**
 * Where a path may start with a zone's id: the name right before a slash (`${zoneId}/`,
 * `#{zone_id}/`, `{zone_id}/`, `"$zoneId/`, `zoneId + "/`, `$zone_id . '/`), or a format that
 * starts with a hole and a slash (`"%s/filters" % zone_id`, `"{}/filters".format(zone)`).
 */
const ZONE_ID_LEAD = /\bzone(?:_?id|_?identifier|_?tag)?(?:\}\/|\s*[+.]\s*["'`]\/)|\$zone(?:_?id|_?identifier|_?tag)?\/|["'`](?:%[sv]|\{\d*\})\//i;
/** `getattr(cf.zones.settings, name)`: Python's member named at run time, on a chain of members. */
const GETATTR_CHAIN = /\bgetattr\(\s*([A-Za-z_][\w.]*)\s*,/g;
/**
 * A table whose keys become values (its keys are then path words): `Object.keys(…)`,
 * `Object.entries(…)`, `for (const name in …)`, Ruby's `.each do |name, value|` and `.each_pair`.
 */
const TABLE_ITERATED = /\bObject\.(?:keys|entries)\s*\(|\bfor\s*\(\s*(?:const|let|var)?\s*[\w$]+\s+in\s|\.each(?:_pair)?\s*(?:do|\{)\s*\|\s*\w+\s*,|\.each_pair\b/;
/**
 * `filter` as a key or a field set (`filter:`, `"filter" =>`, `Filter:`, `filter =`, `{ dataset, filter }`,
 * a key of JSON text in a string, `\"filter\":`), not `.filter(` or `filter === x`.
 */
const FILTER_KEY = /\bfilter\b(?:\\*["']\s*(?::|=>?)|\s*(?::|=(?![=>])))|[{,]\s*filter\s*[,}]|\boutput_options\b/i;
/** A job body names its `dataset`, or it is sent to the jobs endpoint (written here or in an imported module). */
const DATASET = /\bdataset\b/i;
/**
 * How far from a `filter` key a `dataset` may be written for the two to be one job body's (see
 * `datasetNearFilterKey`): an object's keys, or a key set just after the object is made
 * (`job.filter = …`), are written within a few dozen lines of each other. A 389 KB test of
 * wrangler's config validation has a `filter:` of a build trigger 400 lines from an
 * analytics-engine `dataset:`, and was parsed for the Logpush rule alone.
 */
const JOB_KEYS_WINDOW = 4_000;
const FILTER_KEYS = new RegExp(FILTER_KEY.source, "gi");
const DATASETS = new RegExp(DATASET.source, "gi");
/** Whether a `dataset` is written within `JOB_KEYS_WINDOW` characters of a `filter` (or `output_options`) key. */
function datasetNearFilterKey(text: string): boolean {
  const datasets: number[] = [];
  DATASETS.lastIndex = 0;
  for (let match = DATASETS.exec(text); match !== null; match = DATASETS.exec(text)) datasets.push(match.index);
  if (datasets.length === 0) return false;
  FILTER_KEYS.lastIndex = 0;
  let next = 0;
  for (let match = FILTER_KEYS.exec(text); match !== null; match = FILTER_KEYS.exec(text)) {
    // The first dataset not too far before this key (keys are met in order): near if it is not too far after.
    while (next < datasets.length && datasets[next]! < match.index - JOB_KEYS_WINDOW) next++;
    if (next < datasets.length && datasets[next]! <= match.index + JOB_KEYS_WINDOW) return true;
  }
  return false;
}
const JOBS_PATH = /logpush[/.]jobs/i;
/** Python's request libraries imported: `import requests`, `from httpx import AsyncClient`. */
const PYTHON_REQUEST_IMPORT = /\b(?:import|from)[ \t]+(?:requests|httpx|aiohttp)\b/;
/**
 * Whether a text requires files as Ruby writes it (`require "x"`, `require_relative 'y'`; not
 * JavaScript's `require(`): a test of substrings before the pattern, which cost the bench corpus's
 * scan a quarter more when run on every JavaScript text that requires a module.
 */
const requiresAsRuby = (text: string) => text.includes('require "') || text.includes("require '") || text.includes("require_relative");
/** Ruby's request libraries used: `Net::HTTP`, Faraday, RestClient, HTTParty, Excon, Typhoeus, http.rb. */
const RUBY_REQUEST_LIBRARY = /\b(?:Net::HTTP|Faraday|RestClient|HTTParty|Excon|Typhoeus|HTTP\.(?:get|post|put|patch|delete|headers|auth))\b/;
/** A Logpush filter's `where` key, in code or in JSON text (`where:`, `"where":`, `\"where\":`). */
const FILTER_WHERE = /\bwhere\\?["']?\s*:/;
/** A filter condition's `operator` key, beside its `where` (an ORM's `where:` has none). */
const FILTER_OPERATOR = /\boperator\\?["']?\s*(?::|=>)/;
/** The 1004 code compared (`=== 1004`, `1004 ==`, `case 1004`, Ruby's `when 1004`): the detector looks at nothing else. */
/** What every spelling of `DNS_HINT` holds. */
const MAY_BE_DNS = /dns/i;
const ERROR_CODE = /(?:[=!]=\s*|\bcase\s+|\bwhen\s+)1004\b|\b1004\s*[=!]=/;
const API_ERRORS = /errors|error_chain|DNS Validation Error|dns/i;

/** The Terraform provider made into packages: Pulumi's and CDK for Terraform's (see evaluator/providers.ts). */
const PROVIDER_PACKAGE = /@pulumi\/cloudflare|@cdktf\/provider-cloudflare|pulumi_cloudflare|cdktf_cdktf_provider_cloudflare/;
const pascalCase = (type: string) => type.replace(/^cloudflare_/, "").replace(/(?:^|_)([a-z0-9])/g, (_, letter: string) => letter.toUpperCase());
/** Their classes and functions for the provider's resources and data sources of the schedule (`ZoneSettingsOverride`, `getWafPackages`). */
const PROVIDER_NAMES = new RegExp(
  `\\b(?:${[...Object.keys(TERRAFORM_RESOURCES), TERRAFORM_SETTINGS_RESOURCE, TERRAFORM_SETTING_RESOURCE].map(pascalCase).concat(Object.keys(TERRAFORM_DATA_SOURCES).flatMap((type) => [`get${pascalCase(type)}`, type.replace(/^cloudflare/, "get")])).join("|")})\\b`,
);

const alternation = (words: Iterable<string>) =>
  [...new Set(words)].sort((a, b) => b.length - a.length).map((word) => word.replace(/[.*+?^${}()|[\]\\]/g, "\\$&")).join("|");

/**
 * The modules the evaluator knows that send nothing themselves: string helpers (`path`, `url`,
 * `util`), React's and SWR's (they call the functions they are given), and the Terraform
 * provider's packages, which `PROVIDER_PACKAGE` looks for (in the alternation below they made
 * every file's test 60 ms slower on the bench corpus).
 */
const SENDS_NOTHING: ReadonlySet<string> = new Set(["path", "url", "util", "react", "swr", "terraform-provider"]);
/** The modules the evaluator knows as request libraries (not PHP's classes either: named by `use`, never in quotes). */
const REQUEST_MODULES = Object.entries(LIBRARY_OF_MODULE).flatMap(([name, library]) => (SENDS_NOTHING.has(library) || name.startsWith(PHP_CLASS_SOURCE) ? [] : [name]));
const REQUEST_LIBRARY_HINT = new RegExp(`${REQUEST_LIBRARY_WORDS.source}|["'](?:${alternation(REQUEST_MODULES)})["']`);

/** One spelling of a path word for all: `rate_limits`, `rateLimits` and `RateLimits` are `ratelimits`. */
const canonical = (word: string) => word.replace(/[_-]/g, "").toLowerCase();
/** The spellings code uses for a word: as given, snake_case and camelCase (the pattern ignores case). */
const spellings = (word: string) => [word, word.replace(/[A-Z]/g, (letter) => `_${letter.toLowerCase()}`), word.replace(/_([a-z])/g, (_, letter: string) => letter.toUpperCase())];

/**
 * What a language's front end reads that the prefilter should count: the names given to the
 * prefilter (Go's and Terraform's), and member chains (`client.firewall.rules`), which are SDK
 * calls in code but mean nothing in JSON, YAML, shell or Terraform.
 */
export interface TextReading {
  names: boolean;
  members: boolean;
}
/** JavaScript and TypeScript, as imported modules are. */
export const CODE: TextReading = { names: false, members: true };

/** A snake_case field's name as Go code exports it (`zone_id` → `ZoneID`, `notification_email` → `NotificationEmail`). */
const goFieldName = (field: string) => field.split("_").map((part) => (part === "id" ? "ID" : part.charAt(0).toUpperCase() + part.slice(1))).join("");

export class Prefilter {
  private readonly distinctive: RegExp;
  private readonly words: RegExp;
  /** The words of the paths and SDK chains, canonical (see `canonical`). */
  private readonly pathWords: ReadonlySet<string>;
  private readonly keys: RegExp;
  private readonly weak: RegExp | null;
  private readonly names: RegExp | null;
  /** One pattern per field of the fields that matter only together, each with its own bit. */
  private readonly together: { pattern: RegExp; bit: number }[] = [];
  private readonly togetherMask: number;
  /**
   * Sets of path words of which one complete set makes a deprecated endpoint reachable, by their
   * first word (each set is sorted): a set can be complete only if its first word is present, so
   * a file's verdict looks at the sets of the words it has, not at all 234 of them.
   */
  private readonly targetsByFirstWord: ReadonlyMap<string, readonly (readonly string[])[]>;
  /** The rules each clause of `possibleRules` is for (the catalogue's entries that need those words). */
  private readonly rulesOfClause: Readonly<Record<"srv" | "logpush" | "errorCode" | "weak" | "together" | "endpoint", readonly RuleName[]>>;

  /**
   * `names`: words that pass a file on their own, matched whole and with their case: what the
   * front ends of other languages read as requests (Terraform resource types, SDK method names).
   * `methodSpellings`: other names of the SDK's methods in other languages (Go's `New` for `create`).
   */
  constructor(catalogue: CatalogueIndex, names: readonly string[] = [], methodSpellings: Readonly<Record<string, readonly string[]>> = {}) {
    // No look-behind in these patterns: V8 scans for a look-behind's match at every position,
    // but for a word boundary or a leading character it can skip ahead.
    this.names = names.length > 0 ? new RegExp(`\\b(?:${alternation(names)})(?![\\w-])`) : null;
    const distinctive = new Set(DISTINCTIVE);
    const weak = new Set<string>();
    const endpoints: string[] = [];
    let bit: number = Signal.FieldsTogether;
    for (const entry of catalogue.entries) {
      if (FIELDS_TOGETHER.has(entry.detect)) {
        for (const field of entry.fields) {
          this.together.push({ pattern: new RegExp(`\\b${alternation([field])}\\b`, "i"), bit });
          bit *= 2;
        }
        continue;
      }
      // SRV data fields matter only next to an `SRV`, which is distinctive on its own.
      if (entry.detect !== "srv-data-field") {
        for (const field of entry.fields) {
          if (WEAK_FIELDS.has(field)) weak.add(field);
          else {
            distinctive.add(field);
            // Go's SDK writes a field by its exported name (`NotificationEmail: cloudflare.F(…)`).
            if (/^[a-z]+(?:_[a-z]+)+$/.test(field)) distinctive.add(goFieldName(field));
          }
        }
      }
      if (entry.detect === "endpoint") for (const endpoint of entry.endpoints) endpoints.push(endpoint.path);
    }
    this.togetherMask = this.together.reduce((mask, field) => mask | field.bit, 0);
    const rulesOf = (test: (entry: CatalogueIndex["entries"][number]) => boolean, fallback: RuleName) => {
      const rules = [...new Set(catalogue.entries.filter(test).map((entry) => entry.rule))];
      return rules.length > 0 ? rules : [fallback];
    };
    this.rulesOfClause = {
      srv: rulesOf((entry) => entry.detect === "srv-data-field", "no-srv-data-fields"),
      logpush: ["valid-logpush-filter"],
      errorCode: rulesOf((entry) => entry.detect === "error-chain", "no-error-chain"),
      weak: rulesOf((entry) => entry.detect !== "srv-data-field" && !FIELDS_TOGETHER.has(entry.detect) && entry.fields.some((field) => WEAK_FIELDS.has(field)), "no-removed-dns-record-fields"),
      together: rulesOf((entry) => FIELDS_TOGETHER.has(entry.detect), "no-conflicting-framing-headers"),
      endpoint: rulesOf((entry) => entry.detect === "endpoint", "no-deprecated-endpoint"),
    };
    const targets = new Map<string, string[]>();
    const written = new Set<string>();
    const addTarget = (words: readonly string[], members: readonly string[] = []) => {
      for (const word of words) for (const spelling of spellings(word)) written.add(spelling);
      const set = [...new Set([...words.map(canonical), ...members])].sort();
      if (set.length > 0) targets.set(set.join(" "), set);
    };
    // A path written out: every literal segment, its root included (`zones`, `filters`).
    // Written as a chain of members instead (python-cloudflare: `cf.zones.firewall.rules.get(zone)`).
    for (const path of endpoints) {
      addTarget(literalWords(path));
      addTarget([], literalWords(path).map((word) => `.${canonical(word)}`));
    }
    // The SDK's resource chains (`client.firewall.waf.packages.list()`): the resource's names as
    // members (after a `.`), the last one followed by the route's method (or ending the chain: a
    // resource kept in a variable), and the words of the endpoint its route leaves to an argument
    // (`zoneSettings.read(zone, "minify")`). `client.zeroTrust.tunnels.cloudflared` is not
    // `zeroTrust.tunnels.list()`, and wrangler's `config.ratelimits` bindings are no SDK call.
    // Split once: every route is tried against every endpoint.
    const endpointSegments = endpoints.map((path) => ({ path, segments: segmentsOf(path) }));
    for (const [resource, methods] of Object.entries(SDK_ROUTES)) {
      const members = resource.split(".");
      for (const word of members) for (const spelling of spellings(word)) written.add(spelling);
      const leading = members.slice(0, -1).map((word) => `.${canonical(word)}`);
      const last = `.${canonical(members.at(-1)!)}`;
      for (const [method, route] of Object.entries(methods)) {
        const routeWords = new Set(literalWords(route.path).map(canonical));
        const ends = [method, ...(methodSpellings[method] ?? []), ...CHAIN_WRAPPERS].map((name) => `${last}.${canonical(name)}`).concat(`${last}${CHAIN_END}`);
        const routeSegments = segmentsOf(route.path);
        for (const { path, segments } of endpointSegments) {
          if (!routeReaches(routeSegments, segments)) continue;
          const extras = literalWords(path).filter((word) => !routeWords.has(canonical(word)));
          for (const end of ends) addTarget(extras, [...leading, end]);
        }
      }
    }
    const byFirstWord = new Map<string, string[][]>();
    for (const target of targets.values()) {
      const list = byFirstWord.get(target[0]!);
      if (list) list.push(target);
      else byFirstWord.set(target[0]!, [target]);
    }
    this.targetsByFirstWord = byFirstWord;
    this.distinctive = new RegExp(alternation(distinctive));
    // A path word counts where code writes one: after `/`, `.`, a quote, `:` or `}` (`"/firewall/rules"`,
    // `client.firewall.rules`, `["settings", "minify"]`, `:minify`, `${base}firewall`), or after a
    // printf verb (`"%szones/%s/analytics/colos" % (API, zone)`), not as a word of prose in a
    // comment ("lists the rules of…"), which fills generated SDK code.
    this.words = new RegExp(`(?:[/."'\`:}]|%[sv])(${alternation(written)})(?![\\w-])`, "gi");
    this.pathWords = new Set([...written].map(canonical));
    // Keys of an object literal (`{ brotli: "on" }`), which `Object.keys` and `Object.entries` make values.
    // And keys a table is given after it is made (`updates.minify = value`), iterated the same way.
    this.keys = new RegExp(`(?:[{,]|^)[ \\t]*(${alternation(written)})[ \\t]*:(?!:)|\\.(${alternation(written)})[ \\t]*=(?![=>])`, "gim");
    // Go reads them as exported fields (`ZoneID`, `ZoneName`, `Locked`); C# and Java models write
    // them in Pascal case (`record.ZoneId`, `getZoneId()`), some keeping the underscores with
    // capitals (`record.Zone_Id`).
    const titleParts = (field: string) => field.split("_").map((part) => part.charAt(0).toUpperCase() + part.slice(1));
    const fieldSpellings = (field: string) => [field, goFieldName(field), titleParts(field).join("_"), titleParts(field).join(""), `get${titleParts(field).join("")}`];
    this.weak = weak.size > 0 ? new RegExp(`\\b(?:${alternation([...new Set([...weak].flatMap(fieldSpellings))])})(?!\\w)`) : null;
  }

  /**
   * The hints a text holds (each regular expression runs at most once; the costly ones only after
   * a cheap test for a word they all need). `reading`: what the file's language makes of the
   * constructor's names and of member chains.
   */
  hints(text: string, reading: TextReading = CODE): Hints {
    const { names, members } = reading;
    let signals = 0;
    if (this.distinctive.test(text) || DRAFT_CIPHER.test(text) || (names && this.names?.test(text)) || ((text.includes("pulumi") || text.includes("cdktf")) && PROVIDER_PACKAGE.test(text) && PROVIDER_NAMES.test(text))) signals |= Signal.Distinctive;
    if (SRV.test(text) || mayHoldSrvData(text)) signals |= Signal.Srv;
    const words = new Set<string>();
    this.words.lastIndex = 0;
    for (let match = this.words.exec(text); match !== null; match = this.words.exec(text)) {
      if (inModuleSpecifier(text, match.index)) continue;
      const word = canonical(match[1]!);
      // After a `.`: a member, as an SDK resource chain writes it (a path segment is written after
      // a `/`, in quotes or after an interpolation), with what follows it in the chain.
      if (match[0]!.startsWith(".")) {
        if (!members) continue;
        words.add(`.${word}`);
        const next = chainContinuation(text, match.index + match[0]!.length);
        if (next !== null) words.add(`.${word}${next === CHAIN_END ? CHAIN_END : `.${canonical(next)}`}`);
      } else words.add(word);
    }
    // `getattr(cf.zones.settings, name)`: the chain's members are the path's segments, the last
    // one named at run time (python-cloudflare), so they count as words written.
    if (members && text.includes("getattr(")) {
      for (const match of text.matchAll(GETATTR_CHAIN)) {
        for (const segment of match[1]!.split(".")) if (this.pathWords.has(canonical(segment))) words.add(canonical(segment));
      }
    }
    if (words.size > 0 && !words.has("zones") && ZONE_ID_LEAD.test(text) && ZONE_ID_NAME.test(text)) words.add("zones");
    if (TABLE_ITERATED.test(text)) {
      this.keys.lastIndex = 0;
      for (let match = this.keys.exec(text); match !== null; match = this.keys.exec(text)) words.add(canonical((match[1] ?? match[2])!));
    }
    if (words.size > 0) signals |= Signal.PathWord;
    if (API_HINT.test(text)) signals |= Signal.ApiHint;
    if (this.weak?.test(text)) signals |= Signal.Weak;
    // `proxiable`: a field only this API's DNS records have (a parser of them reads it).
    if ((MAY_BE_DNS.test(text) && DNS_HINT.test(text)) || ((text.includes("Record") || text.includes("SRV")) && RECORD_TYPE.test(text)) || RECORD_MEMBER.test(text) || text.includes("proxiable")) signals |= Signal.DnsHint;
    if (REQUEST_LIBRARY_HINT.test(text)) signals |= Signal.RequestLibrary;
    if (hasRelativeImport(text)) signals |= Signal.RelativeImport;
    if (FILTER_KEY.test(text)) {
      signals |= Signal.FilterKey;
      // Read only next to a filter key of the same file (see `passes`), and near it.
      if (DATASET.test(text) && datasetNearFilterKey(text)) signals |= Signal.Dataset;
    }
    if (JOBS_PATH.test(text)) signals |= Signal.JobsPath;
    if (text.includes("where") && FILTER_WHERE.test(text) && FILTER_OPERATOR.test(text)) signals |= Signal.FilterWhere;
    if (signals & Signal.RelativeImport && reExportsSomething(text)) signals |= Signal.ReExports;
    if (text.includes("1004") && ERROR_CODE.test(text)) {
      signals |= Signal.ErrorCode;
      if (API_ERRORS.test(text)) signals |= Signal.ApiErrors;
    }
    for (const field of this.together) if (field.pattern.test(text)) signals |= field.bit;
    return words.size === 0 ? wordlessHints(signals) : { signals, words: [...words].sort().map((word) => KEPT_STRINGS.intern(word)) };
  }

  /**
   * Whether a file can hold a finding, by its own hints and those joined with its imports' (see
   * `hintsWithImports`). What a finding is reported on must be in the file itself: the field read,
   * the `filter` key of the job body, the 1004 compared, a distinctive name. What it is judged by
   * may come from an imported module: the path or its words, the request library or the API's
   * name, that the values are DNS records, the `SRV` type, the Logpush endpoint.
   */
  passes(own: Hints, withImports: Hints = own): boolean {
    return this.possibleRules(own, withImports) !== NONE;
  }

  /**
   * The rules that can find something in the file, by the same reasoning as `passes`, clause by
   * clause: `"all"` when the file holds a distinctive name (those are several rules' words), else
   * the rules whose words are there. The others need not run: a file that passes on both framing
   * headers alone spares the search for requests (the editor's costliest step on a large file).
   */
  possibleRules(own: Hints, withImports: Hints = own): readonly RuleName[] | "all" {
    return this.rulesOf(own.signals, withImports.signals | own.signals, () => wordSetsOf(own, withImports));
  }

  /**
   * `possibleRules` from the signals of the file (`mine`) and of the file with what it imports
   * (`joined`), and the words present, in sets (asked only if a clause needs them).
   */
  private rulesOf(mine: number, joined: number, wordSets: () => readonly ReadonlySet<string>[]): readonly RuleName[] | "all" {
    const has = (signals: number, mask: number) => (signals & mask) === mask;
    if (mine & Signal.Distinctive) return "all";
    const rules = new Set<RuleName>();
    const clauses = this.rulesOfClause;
    const add = (clause: readonly RuleName[]) => clause.forEach((rule) => rules.add(rule));
    if (joined & Signal.Srv) add(clauses.srv);
    if (mine & Signal.FilterKey && (mine & Signal.Dataset || joined & Signal.JobsPath)) add(clauses.logpush);
    // A filter written here and given to an imported function that sends jobs (`createJob(zone, JSON.stringify({ where }))`).
    if (mine & Signal.FilterWhere && joined & Signal.JobsPath) add(clauses.logpush);
    if (has(mine, Signal.ErrorCode | Signal.ApiErrors)) add(clauses.errorCode);
    if (mine & Signal.Weak && joined & Signal.DnsHint) add(clauses.weak);
    if (this.togetherMask !== 0 && has(joined, this.togetherMask)) add(clauses.together);
    if (joined & (Signal.ApiHint | Signal.RequestLibrary) && this.reachesTarget(wordSets())) add(clauses.endpoint);
    return rules.size === 0 ? NONE : [...rules];
  }

  /** Whether the words present (in any of the sets) make up one of the sets that reach a deprecated endpoint. */
  private reachesTarget(present: readonly ReadonlySet<string>[]): boolean {
    const isPresent = present.length === 1 ? (word: string) => present[0]!.has(word) : (word: string) => present.some((words) => words.has(word));
    for (const words of present) {
      for (const target of this.targetsStartingIn(words)) if (target.every(isPresent)) return true;
    }
    return false;
  }

  /**
   * The sets of path words whose first word is in `words`, remembered for sets judged again and
   * again (what a barrel re-exports, joined to each of its importers: thousands of words).
   */
  private targetsStartingIn(words: ReadonlySet<string>): readonly (readonly string[])[] {
    let targets = this.targetsOfWordSet.get(words);
    if (!targets) {
      targets = [...words].flatMap((word) => this.targetsByFirstWord.get(word) ?? NO_TARGETS);
      this.targetsOfWordSet.set(words, targets);
    }
    return targets;
  }
  private readonly targetsOfWordSet = new WeakMap<ReadonlySet<string>, readonly (readonly string[])[]>();

  /** `narrowing` from rules worked out by `rulesOf`, and whether a Logpush jobs path is in reach. */
  private narrowingFrom(rules: readonly RuleName[] | "all", joined: number): Narrowing {
    if (rules === "all") return NO_NARROWING;
    return { rules, logpushJobRequests: (joined & Signal.JobsPath) !== 0 };
  }

  /**
   * What the analysis of a file may leave out: the rules that can find nothing (`possibleRules`),
   * and the file's requests for `valid-logpush-filter` when no Logpush jobs path is written in it
   * or in a module it imports (the same reach as `possibleRules` gives that path: a job body
   * without `dataset` is a job only if it is sent there).
   */
  narrowing(own: Hints, withImports: Hints = own): Narrowing {
    return this.narrowingFrom(this.possibleRules(own, withImports), own.signals | withImports.signals);
  }

  /**
   * `narrowing` of a file, joined with the hints of the modules it imports (`hintsWithImports`)
   * unless a distinctive name of its own makes every rule run (its imports are asked only then),
   * and with those of the modules its imported barrels pass on the names it takes (`namesThroughBarrels`),
   * where they can change the verdict.
   */
  narrowingOf(file: string, graph: ImportGraph): Narrowing {
    const own = graph.hintsOf(file);
    if (own.signals & Signal.Distinctive) return this.narrowing(own);
    const imports = graph.importsOf(file);
    if (imports.length === 0) return this.narrowing(own);
    const joined = hintsWithImports(file, graph.hintsOf, (from) => (from === file ? imports : graph.importsOf(from)));
    const narrowing = this.narrowing(own, joined);
    if (narrowing === NO_NARROWING || !graph.textOf || !graph.resolve || !(joined.signals & Signal.ReExports)) return narrowing;
    // Every module the barrels it imports re-export, whatever their names: a superset, cheap (hints
    // only). Only if that could change the verdict are the names read from the texts.
    const barrels = imports.filter((target) => isBarrel(graph, target));
    if (barrels.length === 0) return narrowing;
    const closures = barrels.map((barrel) => everythingThrough(barrel, graph));
    const everySignal = closures.reduce((signals, closure) => signals | closure.signals, joined.signals | own.signals);
    const everyWord = () => [...wordSetsOf(own, joined), ...closures.map((closure) => closure.words)];
    const everything = this.narrowingFrom(this.rulesOf(own.signals, everySignal, everyWord), everySignal);
    if (sameNarrowing(everything, narrowing)) return narrowing;
    return this.narrowing(own, unionOfHints([joined, ...namesThroughBarrels(file, graph, graph.textOf, graph.resolve)]));
  }

  /**
   * Whether an imported module is worth parsing for cross-file analysis (`hints`: those of `text`):
   * it may hold a path word (a constant), wrap a request library (a wrapper must call one), write
   * the Logpush jobs path (a body sent there is a job), hint at DNS records (a helper that returns
   * them, through a client made elsewhere, to an importer that reads their fields), hold a Logpush
   * filter (a `where` key: a job body of the importer may take it) or one of the framing headers
   * (headers an importer spreads beside the other), or hold a finding itself. (A barrel matters
   * if a module it passes a wanted name on from does: see `ImportWorth`.)
   */
  mayMatterToImporters(hints: Hints, text: string): boolean {
    if (hints.signals & (Signal.RequestLibrary | Signal.JobsPath | Signal.DnsHint | this.togetherMask) || this.passes(hints)) return true;
    if (text.includes("where") && FILTER_WHERE.test(text)) return true;
    // A Python module that sends requests itself (a base class's `api_get`, a helper): the JS
    // request-library words do not name Python's.
    if (text.includes("import") && PYTHON_REQUEST_IMPORT.test(text)) return true;
    // A Ruby file that sends requests itself (a gem's HTTP class its resource classes require).
    if (requiresAsRuby(text) && RUBY_REQUEST_LIBRARY.test(text)) return true;
    // A resource root alone (`zones`, `.user`) is in every other module of a project using the API.
    return hints.words.some((word) => !RESOURCE_ROOTS.has(word.startsWith(".") ? word.slice(1) : word));
  }

  /** `mayMatterToImporters` of a text not read before (a module an analysis follows). */
  textMayMatterToImporters(text: string): boolean {
    return this.mayMatterToImporters(this.hints(text), text);
  }

  mayContainFindings(text: string): boolean {
    return this.passes(this.hints(text));
  }
}

const NONE: readonly RuleName[] = Object.freeze([]);
/** The rules of a file that can hold no finding: `narrowing(…).rules` is this very array then. */
export const NO_RULES = NONE;
const NO_TARGETS: readonly (readonly string[])[] = Object.freeze([]);

/** Python's SDK puts these between a resource and its method (`rules.with_raw_response.list()`). */
const CHAIN_WRAPPERS = ["with_raw_response", "with_streaming_response"];
/** A member chain that ends there: `const rules = client.firewall.rules;` */
const CHAIN_END = ";";

/**
 * What follows a member in a chain: the next member's name (`.list` in `.rules.list(`, across
 * spaces, line breaks and `?.`), `CHAIN_END` when the statement or line ends there, or null.
 */
function chainContinuation(text: string, at: number): string | null {
  let index = at;
  let newline = false;
  for (; index < text.length; index++) {
    const char = text.charCodeAt(index);
    if (char === 10) newline = true;
    else if (char !== 32 && char !== 9 && char !== 13) break;
  }
  if (text[index] === "?" && text[index + 1] === ".") index += 2;
  else if (text[index] === ".") index += 1;
  else return newline || index === text.length || text[index] === ";" ? CHAIN_END : null;
  IDENTIFIER.lastIndex = index;
  return IDENTIFIER.exec(text)?.[0] ?? null;
}
const IDENTIFIER = /[A-Za-z_$][\w$]*/y;

/** What comes right before a module specifier's quote (`export … from` included). */
const BEFORE_SPECIFIER = new RegExp(String.raw`(?:${SPECIFIER_LEAD}|\bimport)$`);
const QUOTES = new Set([34, 39, 96]);

/**
 * Whether the word at `at` (its leading character) is inside a module specifier (`from
 * "./resources/firewall/rules"`, `require("../zones/filters")`): a module's path names folders,
 * never a request. The generated SDK imports every resource by its path, so a client or an index
 * module wrote every word of every deprecated endpoint.
 */
function inModuleSpecifier(text: string, at: number): boolean {
  let quote = at;
  for (; quote >= 0; quote--) {
    const char = text.charCodeAt(quote);
    if (QUOTES.has(char)) break;
    if (char === 10 || at - quote > 300) return false;
  }
  if (quote < 0) return false;
  const before = text.slice(Math.max(0, quote - 16), quote);
  return BEFORE_SPECIFIER.test(before);
}

/** The literal segments of a path (not its parameters). */
function literalWords(path: string): string[] {
  return path.split("/").filter((segment) => segment && !segment.startsWith(":") && !/^\{\d+\}$/.test(segment));
}

const segmentsOf = (path: string): string[] => path.split("/").filter(Boolean);

/** Whether an SDK route's path (`/zones/:param/settings/{1}`, `{N}` an argument) can be this template (both as segments). */
function routeReaches(route: readonly string[], template: readonly string[]): boolean {
  if (route.length !== template.length) return false;
  return route.every((segment, index) => {
    const other = template[index]!;
    if (segment.startsWith(":")) return other.startsWith(":");
    if (segment.startsWith("{") && /^\{\d+\}$/.test(segment)) return true;
    return segment === other;
  });
}

const sameNarrowing = (a: Narrowing, b: Narrowing) =>
  a.logpushJobRequests === b.logpushJobRequests && (a.rules === b.rules || (a.rules !== "all" && b.rules !== "all" && a.rules.length === b.rules.length && a.rules.every((rule) => b.rules.includes(rule))));

/**
 * Everything the prefilter's verdicts depend on besides the catalogue: its word lists, patterns
 * and the code of its decisions. A cache of hints is valid only under the same fingerprint.
 */
export const PREFILTER_FINGERPRINT = [
  DISTINCTIVE.join("|"),
  [...WEAK_FIELDS, ...FIELDS_TOGETHER, ...RESOURCE_ROOTS].join("|"),
  ...[PROVIDER_PACKAGE, PROVIDER_NAMES, TABLE_ITERATED, GETATTR_CHAIN, ZONE_ID_NAME, ZONE_ID_LEAD, DRAFT_CIPHER, SRV, SRV_DATA_PROTO, API_HINT, DNS_HINT, RECORD_TYPE, MAY_BE_DNS, REQUEST_LIBRARY_HINT, FILTER_KEY, DATASET, JOBS_PATH, PYTHON_REQUEST_IMPORT, RUBY_REQUEST_LIBRARY, FILTER_WHERE, FILTER_OPERATOR, RECORD_MEMBER, ERROR_CODE, API_ERRORS].map((pattern) => pattern.source),
  Prefilter.toString(), // the class's own code: its constructor and decisions
  mayHoldSrvData.toString(),
  requiresAsRuby.toString(),
  datasetNearFilterKey.toString(),
  String(JOB_KEYS_WINDOW),
  literalWords.toString(),
  routeReaches.toString(),
  chainContinuation.toString(),
  inModuleSpecifier.toString(),
  BEFORE_SPECIFIER.source,
  CHAIN_WRAPPERS.join("|"),
  IMPORT_GRAPH_FINGERPRINT,
].join("\n");

