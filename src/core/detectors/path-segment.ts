/**
 * no-script-monitor-path (item 20): a path segment the schedule renames (`script_monitor` →
 * `page_shield`). Only path-shaped strings count: a log message that mentions the word holds
 * whitespace and is not a path; a lone word is not a route. The fix rewrites the segment where
 * it is written in a literal.
 */
import type { Confidence, TextEdit } from "../finding.js";
import type { Expression, Range } from "../ir.js";
import { parseUrl } from "../url.js";
import type { DetectorContext } from "./context.js";

export function detectRenamedPathSegments(ctx: DetectorContext): void {
  const entries = ctx.entriesOf("no-script-monitor-path").filter((entry) => entry.fields[0] && entry.replacementSegment);
  if (entries.length === 0) return;
  const anchors = ctx.catalogue.deprecatedEndpoints.anchors;
  const inRequest = new Map<Expression, Confidence>();
  const routeDefinitions = new Set<Expression>();
  for (const request of ctx.requests()) {
    for (const site of ctx.sitesInRequest(request)) {
      // A route definition or mock serves the path (your own server's route): never a finding.
      if (request.routeDefinition) routeDefinitions.add(site);
      else inRequest.set(site, request.sdk ? "high" : "medium");
    }
  }
  const reported = new Set<string>();

  for (const site of ctx.siteRoots()) {
    if (routeDefinitions.has(site) && !inRequest.has(site)) continue;
    const value = ctx.evaluator.value(ctx.program, site);
    if (value.kind !== "string") continue;
    const shape = parseUrl(value.parts, anchors);
    if (!shape) continue;
    for (const entry of entries) {
      const segment = entry.fields[0]!;
      const replacement = entry.replacementSegment!;
      const position = shape.segments.findIndex((candidate) => candidate.value === segment);
      if (position === -1) continue;
      let confidence: Confidence;
      if ((shape.host && ctx.apiHosts.has(shape.host)) || shape.apiPrefix) confidence = "high";
      else if (shape.host !== undefined && shape.host !== null) continue;
      else if (anchors.has(shape.segments[0]?.value ?? "") || shape.segments.length > 1) confidence = inRequest.get(site) ?? "medium";
      else confidence = inRequest.has(site) ? "medium" : "low";

      const pieces = shape.segments[position]!.pieces;
      const origin = pieces.length === 1 ? pieces[0]!.origin : null;
      const local = origin && origin.program === ctx.program ? origin.node : null;
      const edits = local ? segmentEdits(ctx, local, segment, replacement) : [];
      const ranges: Range[] = edits.length > 0 ? edits.map((edit) => edit.range) : [site.range];
      for (const range of ranges) {
        const key = `${range[0]}:${entry.id}`;
        if (reported.has(key)) continue;
        reported.add(key);
        ctx.report(entry, {
          range,
          subject: `The \`${segment}\` path segment`,
          whenNone: `use \`${replacement}\``,
          confidence,
          fix: edits.length > 0 ? edits.filter((edit) => edit.range === range) : null,
        });
      }
    }
  }
}

/** Where the segment stands in a literal's source text, bounded by `/`, quotes, `?`, `#` or `${`. */
function segmentEdits(ctx: DetectorContext, node: Expression, segment: string, replacement: string): TextEdit[] {
  const source = ctx.program.text(node.range);
  const pattern = new RegExp(`(?<=[/'"\`}])${segment.replace(/[.*+?^${}()|[\]\\]/g, "\\$&")}(?=[/'"\`?#]|\\$\\{)`, "g");
  // In a template, only the literal text between the `${…}` holes can be rewritten.
  const writable: Range[] = node.kind === "template" ? node.quasis.map((quasi) => quasi.range) : [node.range];
  const edits: TextEdit[] = [];
  for (const match of source.matchAll(pattern)) {
    const start = node.range[0] + match.index!;
    const end = start + segment.length;
    if (!writable.some(([from, to]) => start >= from && end <= to)) continue;
    edits.push({ range: [start, end], text: replacement });
  }
  return edits;
}
