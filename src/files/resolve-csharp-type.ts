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
import { readdirSync } from "node:fs";
import { dirname, join, sep } from "node:path";
import { parseCSharpTypeSpecifier } from "../core/import-graph.js";
import { BoundedMemo } from "./bounded-memo.js";
import { isFileOnDisk } from "./disk.js";


/** An interface by .NET's convention (`ICloudflareService`), whose implementation drops the `I` (`CloudflareService`). */
const INTERFACE_NAME = /^I([A-Z]\w*)$/;

export class CSharpTypeResolver {
  constructor(
    /** Whether a file exists (a scan answers from its walk's directory listings). */
    private readonly isFile: (path: string) => boolean = isFileOnDisk,
    /** The folders in a folder. */
    private readonly foldersIn: (directory: string) => readonly string[] = foldersOnDisk,
  ) {}

  /** By (folder, specifier). */
  private readonly resolved = new BoundedMemo<string | null>();

  /**
   * The file declaring the type a `cs:` specifier names, for a reference written in `fromFile`, or
   * null. For an interface (`ICloudflareService`, a service handed in by dependency injection),
   * the file of its implementation by .NET's convention (`CloudflareService.cs`, found where the
   * interface could be, or in a folder beside the interface's: `Services/` beside `Interfaces/`),
   * which the C# front end exports under the interface's name too; else the interface's.
   */
  resolve(fromFile: string, specifier: string): string | null {
    const from = dirname(fromFile);
    return this.resolved.get(`${from}\0${specifier}`, () => {
      const declared = this.find(from, specifier);
      const implemented = INTERFACE_NAME.exec(parseCSharpTypeSpecifier(specifier).type)?.[1];
      if (implemented === undefined) return declared;
      const implementation = this.find(from, specifier.replace(/^I/, "")) ?? (declared ? this.besideFolder(declared, `${implemented}.cs`) : null);
      return implementation ?? declared;
    });
  }

  /** `file` in a folder beside the one `besides` is in (`Services/CloudflareService.cs` beside `Interfaces/ICloudflareService.cs`). */
  private besideFolder(besides: string, file: string): string | null {
    const folder = dirname(besides);
    const parent = dirname(folder);
    for (const sibling of this.foldersIn(parent)) {
      const path = join(parent, sibling, file);
      if (join(parent, sibling) !== folder && this.isFile(path)) return path;
    }
    return null;
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
    // A solution of several projects, each in a folder named for its namespace (`DnsTube.Service/`
    // beside `DnsTube.Core/`): a namespace in scope in the folder of the project that spells its
    // start, under the folder that holds the importing file's project.
    const projectFolder = folders[folders.length - 1 - matched];
    if (matched < segments.length && projectFolder === prefix.join(".") && folders.length - matched >= 2) {
      const solution = folders.slice(0, folders.length - 1 - matched).join(sep) || sep;
      for (const name of [namespace, ...usings]) {
        const parts = name.split(".");
        for (let split = parts.length; split >= 1; split--) {
          const path = join(solution, parts.slice(0, split).join("."), ...parts.slice(split), file);
          if (path !== beside && this.isFile(path)) return path;
        }
      }
    }
    return null;
  }
}

function foldersOnDisk(directory: string): readonly string[] {
  try {
    return readdirSync(directory, { withFileTypes: true }).flatMap((entry) => (entry.isDirectory() ? [entry.name] : []));
  } catch {
    return [];
  }
}
