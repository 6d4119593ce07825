/**
 * Values that cross module boundaries: ES imports and exports, `export *`, CommonJS
 * `module.exports`/`export =`, and `require()`. Other files come through the `ModuleHost`.
 */
import { isProjectSource, libraryOfModule, PYTHON_MODULE_SOURCE } from "../libraries.js";
import { programOf, type Program } from "../program.js";
import { UNKNOWN, type ObjectValue, type Value } from "../values.js";
import type { Evaluator } from "./evaluator.js";

/** What `import { imported } from specifier` (or `* as`, or default) gives. */
export function importedValue(evaluator: Evaluator, program: Program, specifier: string, imported: string): Value {
  const library = libraryOfModule(specifier);
  if (library) return { kind: "library", library, path: imported === "default" || imported === "*" ? [] : [imported] };
  const target = loadModule(evaluator, program, specifier, imported === "*" ? undefined : imported);
  const value = !target ? UNKNOWN : imported === "*" ? ({ kind: "namespace", program: target } as const) : exportedValue(evaluator, target, imported, new Set());
  // Python's `from . import consts`, `from app import paths`: a module of the package, if its `__init__` binds no such name.
  if (value.kind === "unknown" && imported !== "*" && specifier.startsWith(PYTHON_MODULE_SOURCE)) {
    const submodule = loadModule(evaluator, program, pythonSubmodule(specifier, imported));
    if (submodule) return { kind: "namespace", program: submodule };
  }
  return value;
}

/** `python:.` and `consts` → `python:.consts`; `python:app` and `paths` → `python:app.paths`. */
export const pythonSubmodule = (specifier: string, name: string) => (specifier.endsWith(".") ? `${specifier}${name}` : `${specifier}.${name}`);

/** What `require(specifier)` gives. */
export function requiredValue(evaluator: Evaluator, program: Program, specifier: string): Value {
  const library = libraryOfModule(specifier);
  if (library) return { kind: "library", library, path: [] };
  const target = loadModule(evaluator, program, specifier);
  if (!target) return UNKNOWN;
  return target.commonJsExport ? evaluator.value(target, target.commonJsExport) : { kind: "namespace", program: target };
}

/** The module `specifier` names (`name`: the one export wanted of it, if only one is). */
export function loadModule(evaluator: Evaluator, program: Program, specifier: string, name?: string): Program | null {
  const host = evaluator.context.host;
  // A bare specifier may be one of the project's aliases (`@/api/zones`): the host knows.
  if (!host || (!isProjectSource(specifier) && libraryOfModule(specifier) !== undefined)) return null;
  const module = host.load(program.module.file, specifier, name);
  return module ? programOf(module) : null;
}

/** The value a module exports under `name`, following re-exports and `export *`. */
export function exportedValue(evaluator: Evaluator, program: Program, name: string, seen: Set<Program>): Value {
  if (seen.has(program)) return UNKNOWN;
  seen.add(program);
  const target = program.exports.get(name);
  if (target) {
    switch (target.kind) {
      case "local": {
        const binding = program.moduleScope.lookup(target.name);
        return binding ? evaluator.binding(program, binding, null) : UNKNOWN;
      }
      case "expression":
        return evaluator.value(program, target.expression);
      case "reexport":
        return importedValue(evaluator, program, target.source, target.imported);
    }
  }
  // A Python module's names are those it binds at its top level (imports included); a Ruby file's
  // classes, modules' contents and constants, which `require` makes everyone's.
  if (program.module.file.endsWith(".py") || program.module.file.endsWith(".rb")) {
    const binding = program.moduleScope.lookup(name);
    if (binding) return evaluator.binding(program, binding, null);
  }
  if (program.commonJsExport) {
    const exported = evaluator.value(program, program.commonJsExport);
    if (name === "default") return exported;
    return evaluator.property(exported, name) ?? UNKNOWN;
  }
  for (const source of program.starExports) {
    const next = loadModule(evaluator, program, source, name);
    if (!next) continue;
    const value = exportedValue(evaluator, next, name, seen);
    if (value.kind !== "unknown") return value;
  }
  return UNKNOWN;
}

/** Whether a module's exports are all named where it is written (no `export *`, no `module.exports = …`). */
function exportsAreKnown(program: Program): boolean {
  return program.starExports.length === 0 && program.commonJsExport === null;
}

/**
 * A module's namespace as an object of its exports, for what takes objects (`{ ...require("./paths") }`,
 * `Object.assign(module.exports, require("./paths"))`); any other value as it is.
 */
export function asObject(evaluator: Evaluator, value: Value): Value {
  if (value.kind !== "namespace") return value;
  const { program } = value;
  const known = exportsAreKnown(program);
  const namespace: ObjectValue = {
    kind: "object",
    node: null,
    program: null,
    open: !known,
    get: (key) => (program.exports.has(key) || !known ? exportedValue(evaluator, program, key, new Set()) : undefined),
    keys: () => [...program.exports.keys()],
  };
  return namespace;
}
