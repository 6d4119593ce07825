/**
 * Reads a string value with holes as a URL or path: scheme and host, the `/client/v4` prefix, a
 * leading unknown base, and the path segments with where each was written. Query strings,
 * fragments, empty segments and trailing slashes are dropped.
 */
import { isHole, type StringPart, type TextPart } from "./values.js";

export interface UrlSegment {
  /** The segment's text, or `null` when any of it is unknown. */
  value: string | null;
  /** The text pieces that make the segment, with their origins. */
  pieces: TextPart[];
  /** Written as a route parameter (`:zone_id`, `{zone_id}`): a pattern, not a value. */
  routeParameter: boolean;
  /** The name the code gives the segment when it is one unknown piece (`zoneId`, a placeholder's `zone_identifier`); else `null`. */
  holeHint: string | null;
}

export interface UrlShape {
  /** `undefined`: no scheme and host; `null`: a host the code leaves unknown; else the host (lowercase, no port). */
  host: string | null | undefined;
  /** `/client/v4` came before the path. */
  apiPrefix: boolean;
  /** An unknown piece (a base URL, most likely) came before the path. */
  leadingHole: boolean;
  /**
   * The path began with an unknown piece named as a zone's id (`${zoneId}/firewall/rules`, on a
   * client whose base ends in `/zones`): read as `zones/${zoneId}/…`, the `zones` guessed.
   */
  zonesGuessed: boolean;
  segments: UrlSegment[];
}

const SCHEME = /^[a-z][a-z0-9+.-]*:$/i;
/** How many segments may stand before `/client/v4` (a same-origin proxy's own prefix). */
const MAX_PROXY_PREFIX = 3;
const WHITESPACE = /\s/;
/** The names code gives a zone's id (`zone_id`, `zoneId`, `zoneIdentifier`, `zone`), as a hole's hint. */
const ZONE_ID_NAME = /^(?:zone|zone_?id|zone_?identifier|zone_?tag)$/i;

interface RawSegment {
  pieces: StringPart[];
}

/** Returns `null` when the value cannot be a URL or path (it holds whitespace, or nothing). */
export function parseUrl(parts: readonly StringPart[], anchors: ReadonlySet<string>): UrlShape | null {
  const raw: RawSegment[] = [{ pieces: [] }];
  let startsWithSlash: boolean | null = null;
  outer: for (const part of parts) {
    if (isHole(part)) {
      raw.at(-1)!.pieces.push(part);
      if (startsWithSlash === null) startsWithSlash = false;
      continue;
    }
    let current = "";
    const flush = () => {
      if (current) raw.at(-1)!.pieces.push({ text: current, origin: part.origin });
      current = "";
    };
    for (const char of part.text) {
      if (char === "?" || char === "#") {
        flush();
        break outer;
      }
      if (WHITESPACE.test(char)) return null;
      if (startsWithSlash === null) startsWithSlash = char === "/";
      if (char === "/") {
        flush();
        raw.push({ pieces: [] });
      } else current += char;
    }
    flush();
  }

  let segments = raw.filter((segment) => segment.pieces.length > 0);
  if (segments.length === 0) return null;

  let host: string | null | undefined;
  const first = segments[0]!;
  const firstText = segmentText(first);
  if (firstText !== null && SCHEME.test(firstText) && segments.length >= 2) {
    const hostSegment = segments[1]!;
    const hostText = segmentText(hostSegment);
    host = hostText === null ? null : hostText.toLowerCase().replace(/:\d+$/, "").replace(/^[^@]*@/, "");
    segments = segments.slice(2);
  }

  let leadingHole = false;
  let zonesGuessed = false;
  if (host === undefined && startsWithSlash === false && segments.length > 0) {
    const head = segments[0]!;
    if (head.pieces.length === 1 && isHole(head.pieces[0]!)) {
      segments = segments.slice(1);
      leadingHole = true;
      // `${base}/${zoneId}/…` or `${zoneId}/…`: a zone's id where the path starts, the base ending in `/zones`.
      const zone = isZoneIdHole(head) ? head : segments.length >= 2 && isZoneIdHole(segments[0]!) ? segments[0]! : null;
      if (zone && !anchors.has(segmentText(segments[zone === head ? 0 : 1]) ?? "")) {
        if (zone !== head) segments = segments.slice(1);
        segments = [{ pieces: [{ text: "zones", origin: null }] }, zone, ...segments];
        zonesGuessed = true;
      }
    } else if (isHole(head.pieces[0]!) && head.pieces.length === 2) {
      const rest = head.pieces[1]!;
      if (!isHole(rest) && anchors.has(rest.text)) {
        segments = [{ pieces: [rest] }, ...segments.slice(1)];
        leadingHole = true;
      }
    }
  }

  // `/client/v4` marks the API even behind a short proxy prefix (`/cf-api/client/v4/zones/…`).
  let apiPrefix = false;
  for (let index = 0; index <= Math.min(MAX_PROXY_PREFIX, segments.length - 2); index++) {
    if (segmentText(segments[index]) === "client" && segmentText(segments[index + 1]) === "v4") {
      segments = segments.slice(index + 2);
      apiPrefix = true;
      leadingHole = leadingHole || index > 0;
      break;
    }
  }

  return {
    host,
    apiPrefix,
    leadingHole,
    zonesGuessed,
    segments: segments.map((segment) => {
      const value = segmentText(segment);
      const routeParameter = value !== null && (/^:\w+$/.test(value) || /^\{\w+\}$/.test(value));
      const only = segment.pieces.length === 1 ? segment.pieces[0]! : null;
      return {
        value: routeParameter ? null : value,
        pieces: segment.pieces.filter((piece): piece is TextPart => !isHole(piece)),
        routeParameter,
        holeHint: only && isHole(only) ? only.hint : null,
      };
    }),
  };
}

function isZoneIdHole(segment: RawSegment): boolean {
  const only = segment.pieces.length === 1 ? segment.pieces[0]! : null;
  return only !== null && isHole(only) && only.hint !== null && ZONE_ID_NAME.test(only.hint);
}

function segmentText(segment: RawSegment | undefined): string | null {
  if (!segment) return null;
  let result = "";
  for (const piece of segment.pieces) {
    if (isHole(piece)) return null;
    result += piece.text;
  }
  return result;
}

/** Lowercase host without port, or the value unchanged when it is not a host name. */
export function normalizeHost(host: string): string {
  return host.trim().toLowerCase().replace(/^[a-z]+:\/\//, "").replace(/[/:].*$/, "");
}
