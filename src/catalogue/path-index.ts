/**
 * A segment-wise trie of the catalogue's endpoint templates. Matching walks one segment at a
 * time, so a lookup costs the length of the path, not the size of the schedule.
 */
import type { CatalogueEntry, HttpMethod } from "./types.js";

/** One segment of a path being matched: its text, or `null` when the code leaves it unknown (`${id}`). */
export type PathSegmentValue = string | null;

export interface PathMatch {
  entry: CatalogueEntry;
  /** The canonical template that matched. */
  path: string;
  /** The template as the schedule spells it. */
  spelling: string;
  /** The methods the schedule lists for this template in this entry. */
  methods: HttpMethod[];
}

interface TrieNode {
  literals: Map<string, TrieNode>;
  parameter: TrieNode | null;
  terminals: PathMatch[];
}

const newNode = (): TrieNode => ({ literals: new Map(), parameter: null, terminals: [] });

export class PathIndex {
  private readonly root = newNode();
  /** Literal first segments of every template (`zones`, `accounts`, `user`, `organizations`). */
  readonly anchors: ReadonlySet<string>;

  constructor(entries: readonly CatalogueEntry[], families: readonly string[] = ["endpoint"]) {
    const anchors = new Set<string>();
    for (const entry of entries) {
      if (!families.includes(entry.detect)) continue;
      for (const endpoint of entry.endpoints) {
        const segments = endpoint.path.split("/").filter(Boolean);
        if (segments[0] && !segments[0].startsWith(":")) anchors.add(segments[0]);
        let node = this.root;
        for (const segment of segments) {
          if (segment.startsWith(":")) node = node.parameter ??= newNode();
          else {
            let next = node.literals.get(segment);
            if (!next) node.literals.set(segment, (next = newNode()));
            node = next;
          }
        }
        const existing = node.terminals.find((match) => match.entry === entry && match.path === endpoint.path);
        if (existing) {
          if (!existing.methods.includes(endpoint.method)) existing.methods.push(endpoint.method);
        } else {
          node.terminals.push({ entry, path: endpoint.path, spelling: endpoint.spelling, methods: [endpoint.method] });
        }
      }
    }
    this.anchors = anchors;
  }

  /** Every template the whole path matches. An unknown segment matches only a parameter. */
  match(segments: readonly PathSegmentValue[]): PathMatch[] {
    const found: PathMatch[] = [];
    const walk = (node: TrieNode, index: number) => {
      if (index === segments.length) {
        found.push(...node.terminals);
        return;
      }
      const segment = segments[index];
      if (segment === undefined || segment === "") return;
      if (segment !== null) {
        const literal = node.literals.get(segment);
        if (literal) walk(literal, index + 1);
      }
      if (node.parameter) walk(node.parameter, index + 1);
    };
    walk(this.root, 0);
    return found;
  }
}
