/**
 * `--tsconfig`: a ts-morph project gives the core the checker's view of types (inferred DNS
 * record types, types through re-exports). Files of the project are lowered from the project's
 * own source files; others are parsed as in a plain scan.
 */
import { Project, ts } from "ts-morph";
import type { TypeOracle } from "../core/evaluator/index.js";
import { ScanUsageError } from "./errors.js";
import type { Module } from "../core/ir.js";
import { lowerSourceFile, parseAndLower, syntaxErrorsOf } from "./lower.js";
import { contentHash } from "../files/content-hash.js";
import { ScannerModuleHost, type LoadedModule } from "./module-host.js";

class ProjectModuleHost extends ScannerModuleHost {
  private readonly lowered = new Map<string, LoadedModule>();
  constructor(private readonly project: Project) {
    super(parseAndLower);
  }

  override file(path: string, text?: string): LoadedModule {
    const cached = this.lowered.get(path);
    if (cached) return cached;
    const sourceFile = this.project.getSourceFile(path);
    if (!sourceFile) return super.file(path, text);
    const compilerNode = sourceFile.compilerNode;
    const loaded = { module: lowerSourceFile(compilerNode, path), hash: contentHash(compilerNode.text), syntaxErrors: syntaxErrorsOf(compilerNode), problem: null };
    this.lowered.set(path, loaded);
    return loaded;
  }

  sourceFile(path: string): ts.SourceFile | null {
    return this.project.getSourceFile(path)?.compilerNode ?? null;
  }
}

export class TypeAwareProject {
  readonly host: ProjectModuleHost;
  readonly types: TypeOracle;

  constructor(tsconfig: string) {
    let project: Project;
    try {
      project = new Project({ tsConfigFilePath: tsconfig });
    } catch (error) {
      throw new ScanUsageError(`${tsconfig}: cannot load the TypeScript project (${(error as Error).message.split("\n")[0]})`);
    }
    this.host = new ProjectModuleHost(project);
    const checker = project.getTypeChecker().compilerObject;
    const host = this.host;
    this.types = {
      typeTextOf(program, node) {
        const sourceFile = host.sourceFile(program.module.file);
        if (!sourceFile) return null;
        const found = nodeAt(sourceFile, node.range[0], node.range[1]);
        return found ? checker.typeToString(checker.getTypeAtLocation(found)) : null;
      },
    };
  }

  moduleOf(path: string): Module | null {
    return this.host.file(path).module;
  }
}

/** The outermost node spanning exactly [start, end). */
function nodeAt(sourceFile: ts.SourceFile, start: number, end: number): ts.Node | null {
  let found: ts.Node | null = null;
  const visit = (node: ts.Node): void => {
    if (found || node.end < end || node.pos > start) return;
    if (node.getStart(sourceFile) === start && node.end === end) {
      found = node;
      return;
    }
    ts.forEachChild(node, visit);
  };
  visit(sourceFile);
  return found;
}
