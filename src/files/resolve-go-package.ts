/**
 * Finds the file of a Go package that declares a name another file of the package uses
 * (`NewClient(token)` in `main.go`, declared in `client.go`): Go compiles every `.go` file of a
 * folder that has the same package clause as one package, whose top-level names they share. The
 * folder's files are read once, and their top-level declarations (functions, types, variables,
 * constants, and the types methods are declared on) kept by name. A test file (`_test.go`) sees the
 * package's other files; the package's files do not see the tests. A name declared in no file of
 * the folder (a built-in, a local variable) is unknown, as before.
 */
import { readdirSync } from "node:fs";
import { dirname, join } from "node:path";
import { goDeclarationsOf, type GoDeclarations } from "../core/import-graph.js";
import { BoundedMemo } from "./bounded-memo.js";
import { DEFAULT_MAX_FILE_BYTES, readSource } from "./read-source.js";

/** The top-level names of a folder's files of one package, and the file each is declared in. */
type PackageIndex = ReadonlyMap<string, string>;

export class GoPackageResolver {
  constructor(
    /** The names of a folder's files (null: it cannot be read). */
    private readonly filesIn: (directory: string) => readonly string[] | null = filesOnDisk,
    /** What a file declares (null: it cannot be read, or is too large). */
    private readonly declarationsOf: (path: string) => GoDeclarations | null = declarationsOnDisk,
  ) {}

  /** By folder, package and whether test files are seen. */
  private readonly indexes = new BoundedMemo<PackageIndex>(1_000);

  /** The file of `fromFile`'s package that declares `Name` of a `Name@package` specifier, or null. */
  resolve(fromFile: string, specifier: string): string | null {
    const at = specifier.lastIndexOf("@");
    if (at <= 0) return null;
    const [name, packageName] = [specifier.slice(0, at), specifier.slice(at + 1)];
    const directory = dirname(fromFile);
    const withTests = fromFile.endsWith("_test.go");
    const found = this.indexes.get(`${directory}\0${packageName}\0${withTests}`, () => this.index(directory, packageName, withTests)).get(name) ?? null;
    return found === fromFile ? null : found;
  }

  private index(directory: string, packageName: string, withTests: boolean): PackageIndex {
    const declared = new Map<string, string>();
    const methodsOn = new Map<string, string>();
    for (const name of this.filesIn(directory) ?? []) {
      if (!name.endsWith(".go") || (!withTests && name.endsWith("_test.go"))) continue;
      const path = join(directory, name);
      const declarations = this.declarationsOf(path);
      if (declarations === null || declarations.packageName !== packageName) continue;
      for (const declaredName of declarations.names) if (!declared.has(declaredName)) declared.set(declaredName, path);
      // (A type's methods spread over several files: the first file's answer for it.)
      for (const type of declarations.receivers) if (!methodsOn.has(type)) methodsOn.set(type, path);
    }
    // A type is lowered as a class where its methods are (see the Go front end): that file answers for it.
    for (const [type, path] of methodsOn) declared.set(type, path);
    return declared;
  }
}

function filesOnDisk(directory: string): readonly string[] | null {
  try {
    return readdirSync(directory, { withFileTypes: true }).flatMap((entry) => (entry.isFile() ? [entry.name] : []));
  } catch {
    return null;
  }
}

function declarationsOnDisk(path: string): GoDeclarations | null {
  const read = readSource(path, DEFAULT_MAX_FILE_BYTES);
  return read.ok ? goDeclarationsOf(read.text) : null;
}
