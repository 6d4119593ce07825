/**
 * Finds the file that declares a C# type another file names (`ZoneEndpoints.FirewallRules`,
 * `new ZonesApi(http)`), as a C# project lays its files out: one type per file, named after it
 * (`ZoneEndpoints.cs`), in the folder of its namespace under the project's folder. The project's
 * folder is found from the importing file itself: its own namespace's last segments are the
 * folders it sits in (`CloudFlare.Client.Client.Zones` in `src/CloudFlare.Client/Client/Zones/`
 * puts namespace `CloudFlare.Client` at `src/CloudFlare.Client/`). Looked for, in order: beside
 * the importing file, then in the folder of each namespace the file is in or imports (`using`)
 * under that project folder. A few lookups per type, no search of the tree; a type not found is
 * unknown, as before.
 */
import { dirname, join, sep } from "node:path";
import { parseCSharpTypeSpecifier } from "../core/import-graph.js";
import { BoundedMemo } from "./bounded-memo.js";
import { isFileOnDisk } from "./disk.js";


export class CSharpTypeResolver {
  /** `isFile`: whether a file exists (a scan answers from its walk's directory listings). */
  constructor(private readonly isFile: (path: string) => boolean = isFileOnDisk) {}

  /** By (folder, specifier). */
  private readonly resolved = new BoundedMemo<string | null>();

  /** The file declaring the type a `cs:` specifier names, for a reference written in `fromFile`, or null. */
  resolve(fromFile: string, specifier: string): string | null {
    const from = dirname(fromFile);
    return this.resolved.get(`${from}\0${specifier}`, () => this.find(from, specifier));
  }

  private find(from: string, specifier: string): string | null {
    const { type, namespace, usings } = parseCSharpTypeSpecifier(specifier);
    const file = `${type}.cs`;
    const beside = join(from, file);
    if (this.isFile(beside)) return beside;
    if (!namespace) return null;
    // The project's folder: the importing file's folders that spell the end of its namespace, taken off.
    const folders = from.split(sep);
    const segments = namespace.split(".");
    let matched = 0;
    while (matched < segments.length && matched < folders.length - 1 && folders[folders.length - 1 - matched] === segments[segments.length - 1 - matched]) matched++;
    const root = folders.slice(0, folders.length - matched).join(sep) || sep;
    const prefix = segments.slice(0, segments.length - matched);
    const under = (name: string): string[] | null => {
      const parts = name.split(".");
      return prefix.every((segment, index) => parts[index] === segment) ? parts.slice(prefix.length) : null;
    };
    // The namespaces in scope: the file's own and those above it, then those it imports.
    const candidates: string[][] = [];
    for (let end = segments.length - 1; end >= prefix.length; end--) candidates.push(segments.slice(prefix.length, end));
    for (const using of usings) {
      const rest = under(using);
      if (rest) candidates.push(rest);
    }
    for (const rest of candidates) {
      const path = join(root, ...rest, file);
      if (path !== beside && this.isFile(path)) return path;
    }
    return null;
  }
}
