#!/usr/bin/env node
/**
 * `npm run sdk-table -- DIR…`: writes src/core/sdk-routes.generated.ts, the table of the official
 * TypeScript SDK's resource methods that call endpoints of the schedule, from unpacked copies of
 * the SDK's published package (`npm pack cloudflare@X && tar -xzf …`), one directory per version.
 *
 * For each version it reads the compiled resource classes: the client's resource tree (`this.x =
 * new API.X(this)` and class fields), each class's methods (inherited ones too), and the
 * `this._client.VERB(path…)` request each method makes (method from the verb, or from `method:`
 * in `getAPIList`'s options). A method whose request matches a deprecated endpoint of the
 * bundled catalogue becomes a row; a path hole that is the method's N-th parameter is written
 * `{N}` (so `zones.settings.get("brotli")` is matched on its argument). Rows from every version
 * are joined, with the versions that have each.
 */
import { readdirSync, readFileSync, renameSync, statSync, writeFileSync } from "node:fs";
import { dirname, join, resolve } from "node:path";
import { fileURLToPath } from "node:url";
import { ts } from "ts-morph";
import { loadBundledCatalogue } from "./load.js";
import type { HttpMethod } from "./types.js";

const OUTPUT = fileURLToPath(new URL("../../src/core/sdk-routes.generated.ts", import.meta.url));
const VERBS: Readonly<Record<string, HttpMethod>> = { get: "GET", post: "POST", put: "PUT", patch: "PATCH", delete: "DELETE" };
/**
 * Resources left out on purpose: from 6.x `client.organizations` calls the newer organizations
 * API at the same path as the deprecated one, so its calls are not deprecated uses.
 */
const LEFT_OUT = new Set(["organizations"]);

interface ClassInfo {
  name: string;
  file: string;
  node: ts.ClassLikeDeclaration;
  superName: { file: string; name: string } | null;
  children: Map<string, { file: string; name: string }>;
  methods: Map<string, ts.FunctionLikeDeclaration>;
}

interface Row {
  method: HttpMethod;
  path: string;
  versions: string[];
}

function filesUnder(directory: string): string[] {
  const found: string[] = [];
  for (const entry of readdirSync(directory)) {
    const path = join(directory, entry);
    if (statSync(path).isDirectory()) found.push(...filesUnder(path));
    else if (entry.endsWith(".mjs")) found.push(path);
  }
  return found;
}

/** Classes of one package version, by file and name. */
function readClasses(root: string): { classes: Map<string, ClassInfo>; reexports: Map<string, { named: Map<string, { file: string; name: string }>; star: string[] }> } {
  const classes = new Map<string, ClassInfo>();
  const reexports = new Map<string, { named: Map<string, { file: string; name: string }>; star: string[] }>();
  for (const file of filesUnder(root)) {
    const source = ts.createSourceFile(file, readFileSync(file, "utf8"), ts.ScriptTarget.Latest, true, ts.ScriptKind.JS);
    const imports = new Map<string, { file: string; name: string | null }>();
    const resolveSpecifier = (specifier: string): string => {
      const base = specifier.startsWith("cloudflare/") ? join(root, specifier.slice("cloudflare/".length)) : resolve(dirname(file), specifier);
      for (const candidate of [base, `${base}.mjs`, join(base, "index.mjs")]) {
        try {
          if (statSync(candidate).isFile()) return candidate;
        } catch {
          // not this one
        }
      }
      return base;
    };
    const fileExports = { named: new Map<string, { file: string; name: string }>(), star: [] as string[] };
    reexports.set(file, fileExports);
    for (const statement of source.statements) {
      if (ts.isExportDeclaration(statement) && statement.moduleSpecifier && ts.isStringLiteral(statement.moduleSpecifier)) {
        const target = resolveSpecifier(statement.moduleSpecifier.text);
        const clause = statement.exportClause;
        if (!clause) fileExports.star.push(target);
        else if (ts.isNamedExports(clause)) {
          for (const element of clause.elements) fileExports.named.set(element.name.text, { file: target, name: (element.propertyName ?? element.name).text });
        }
        continue;
      }
      if (!ts.isImportDeclaration(statement) || !ts.isStringLiteral(statement.moduleSpecifier)) continue;
      const target = resolveSpecifier(statement.moduleSpecifier.text);
      const bindings = statement.importClause?.namedBindings;
      if (bindings && ts.isNamespaceImport(bindings)) imports.set(bindings.name.text, { file: target, name: null });
      if (bindings && ts.isNamedImports(bindings)) {
        for (const element of bindings.elements) imports.set(element.name.text, { file: target, name: (element.propertyName ?? element.name).text });
      }
    }
    const reference = (expression: ts.Expression): { file: string; name: string } | null => {
      if (ts.isIdentifier(expression)) {
        const imported = imports.get(expression.text);
        return imported?.name ? { file: imported.file, name: imported.name } : { file, name: expression.text };
      }
      if (ts.isPropertyAccessExpression(expression) && ts.isIdentifier(expression.expression)) {
        const namespace = imports.get(expression.expression.text);
        return namespace && namespace.name === null ? { file: namespace.file, name: expression.name.text } : null;
      }
      return null;
    };
    const visit = (node: ts.Node) => {
      if ((ts.isClassDeclaration(node) || ts.isClassExpression(node)) && node.name) {
        const heritage = node.heritageClauses?.find((clause) => clause.token === ts.SyntaxKind.ExtendsKeyword)?.types[0];
        const info: ClassInfo = {
          name: node.name.text,
          file,
          node,
          superName: heritage ? reference(heritage.expression) : null,
          children: new Map(),
          methods: new Map(),
        };
        for (const member of node.members) {
          if (ts.isMethodDeclaration(member) && member.name && ts.isIdentifier(member.name) && member.body) info.methods.set(member.name.text, member);
          if (ts.isPropertyDeclaration(member) && member.name && ts.isIdentifier(member.name) && member.initializer && ts.isNewExpression(member.initializer)) {
            const child = reference(member.initializer.expression);
            if (child) info.children.set(member.name.text, child);
          }
        }
        const findAssignments = (inner: ts.Node) => {
          if (
            ts.isBinaryExpression(inner) &&
            inner.operatorToken.kind === ts.SyntaxKind.EqualsToken &&
            ts.isPropertyAccessExpression(inner.left) &&
            inner.left.expression.kind === ts.SyntaxKind.ThisKeyword &&
            ts.isNewExpression(inner.right)
          ) {
            const child = reference(inner.right.expression);
            if (child) info.children.set(inner.left.name.text, child);
          }
          ts.forEachChild(inner, findAssignments);
        };
        ts.forEachChild(node, findAssignments);
        classes.set(`${file}#${info.name}`, info);
      }
      ts.forEachChild(node, visit);
    };
    visit(source);
  }
  return { classes, reexports };
}

/** The request a method makes: its HTTP method and path, holes that are parameters written `{N}`. */
function requestOf(fn: ts.FunctionLikeDeclaration): { method: HttpMethod; path: string } | null {
  const params = fn.parameters.map((parameter) => (ts.isIdentifier(parameter.name) ? parameter.name.text : null));
  let found: { method: HttpMethod; path: string } | null = null;
  const visit = (node: ts.Node) => {
    if (found) return;
    if (
      ts.isCallExpression(node) &&
      ts.isPropertyAccessExpression(node.expression) &&
      ts.isPropertyAccessExpression(node.expression.expression) &&
      node.expression.expression.name.text === "_client"
    ) {
      const verb = node.expression.name.text;
      let template = node.arguments[0];
      if (template && ts.isTaggedTemplateExpression(template)) template = template.template;
      if (template && (ts.isTemplateExpression(template) || ts.isNoSubstitutionTemplateLiteral(template) || ts.isStringLiteral(template))) {
        let path = ts.isTemplateExpression(template) ? template.head.text : template.text;
        if (ts.isTemplateExpression(template)) {
          for (const span of template.templateSpans) {
            const index = ts.isIdentifier(span.expression) ? params.indexOf(span.expression.text) : -1;
            path += (index === -1 ? ":param" : `{${index}}`) + span.literal.text;
          }
        }
        let method: HttpMethod | undefined = VERBS[verb];
        if (verb === "getAPIList" || verb === "requestAPIList") {
          method = "GET";
          const options = node.arguments.find((argument) => ts.isObjectLiteralExpression(argument)) as ts.ObjectLiteralExpression | undefined;
          for (const property of options?.properties ?? []) {
            if (ts.isPropertyAssignment(property) && property.name.getText() === "method" && ts.isStringLiteral(property.initializer)) {
              method = VERBS[property.initializer.text.toLowerCase()];
            }
          }
        }
        if (method) found = { method, path };
      }
    }
    ts.forEachChild(node, visit);
  };
  if (fn.body) visit(fn.body);
  return found;
}

function main(directories: string[]): number {
  if (directories.length === 0) {
    process.stderr.write("usage: sdk-table DIR… (unpacked `cloudflare` npm packages, one per version)\n");
    return 2;
  }
  const catalogue = loadBundledCatalogue();
  const endpoints = catalogue.entries.filter((entry) => entry.detect === "endpoint").flatMap((entry) => entry.endpoints);
  /**
   * The path as the table keeps it when it can be a deprecated endpoint of this method (`{N}`
   * matching any literal), else `null`. An argument that only fills a parameter of every
   * matching template is written `:param`: only an argument that decides a literal stays `{N}`.
   */
  const deprecated = (method: HttpMethod, path: string): string | null => {
    const segments = path.split("/").filter(Boolean);
    const templates = endpoints
      .filter((endpoint) => endpoint.method === method)
      .map((endpoint) => endpoint.path.split("/").filter(Boolean))
      .filter(
        (template) =>
          template.length === segments.length &&
          template.every((expected, index) => {
            const actual = segments[index]!;
            if (/^\{\d+\}$/.test(actual)) return true;
            if (actual.startsWith(":")) return expected.startsWith(":");
            return expected.startsWith(":") ? true : expected === actual;
          }),
      );
    if (templates.length === 0) return null;
    const kept = segments.map((segment, index) =>
      /^\{\d+\}$/.test(segment) && templates.every((template) => template[index]!.startsWith(":")) ? ":param" : segment,
    );
    return `/${kept.join("/")}`;
  };
  const rows = new Map<string, Map<string, Row>>();
  const classNames = new Map<string, Set<string>>();
  for (const directory of directories) {
    const root = existsDirectory(join(directory, "package")) ? join(directory, "package") : directory;
    const version = (JSON.parse(readFileSync(join(root, "package.json"), "utf8")) as { version: string }).version;
    const { classes, reexports } = readClasses(root);
    const clientFile = [join(root, "client.mjs"), join(root, "index.mjs")].find((file) => [...classes.values()].some((c) => c.file === file && c.name === "Cloudflare"));
    const client = clientFile ? classes.get(`${clientFile}#Cloudflare`) : undefined;
    if (!client) {
      process.stderr.write(`${root}: no Cloudflare client class found\n`);
      return 1;
    }
    const lookup = (reference: { file: string; name: string }, depth = 0): ClassInfo | undefined => {
      const direct = classes.get(`${reference.file}#${reference.name}`);
      if (direct || depth > 10) return direct;
      const exported = reexports.get(reference.file);
      const named = exported?.named.get(reference.name);
      if (named) return lookup(named, depth + 1);
      for (const star of exported?.star ?? []) {
        const found = lookup({ file: star, name: reference.name }, depth + 1);
        if (found) return found;
      }
      return undefined;
    };
    const methodsOf = (info: ClassInfo, seen = new Set<ClassInfo>()): Map<string, ts.FunctionLikeDeclaration> => {
      if (seen.has(info)) return new Map();
      seen.add(info);
      const parent = info.superName ? lookup(info.superName) : undefined;
      const methods = parent ? methodsOf(parent, seen) : new Map<string, ts.FunctionLikeDeclaration>();
      for (const [name, fn] of info.methods) methods.set(name, fn);
      return methods;
    };
    const childrenOf = (info: ClassInfo, seen = new Set<ClassInfo>()): Map<string, { file: string; name: string }> => {
      if (seen.has(info)) return new Map();
      seen.add(info);
      const parent = info.superName ? lookup(info.superName) : undefined;
      const children = parent ? childrenOf(parent, seen) : new Map<string, { file: string; name: string }>();
      for (const [name, child] of info.children) children.set(name, child);
      return children;
    };
    const walk = (info: ClassInfo, resource: string[], depth: number) => {
      if (depth > 8) return;
      if (resource.length > 0) {
        for (const [name, fn] of methodsOf(info)) {
          const written = requestOf(fn);
          const path = written ? deprecated(written.method, written.path) : null;
          if (!written || !path) continue;
          const request = { method: written.method, path };
          const key = resource.join(".");
          if (LEFT_OUT.has(resource[0]!)) continue;
          const byMethod = rows.get(key) ?? new Map<string, Row>();
          rows.set(key, byMethod);
          const row = byMethod.get(name);
          if (row && (row.method !== request.method || row.path !== request.path)) {
            process.stderr.write(`${key}.${name}: ${version} calls ${request.method} ${request.path}, earlier versions ${row.method} ${row.path}; keeping the earlier\n`);
          }
          if (row) row.versions.push(version);
          else byMethod.set(name, { ...request, versions: [version] });
          for (const className of [info.name, ...(info.superName ? [info.superName.name] : [])]) {
            const names = classNames.get(className) ?? new Set<string>();
            names.add(key);
            classNames.set(className, names);
          }
        }
      }
      for (const [property, reference] of childrenOf(info)) {
        const child = lookup(reference);
        if (child) walk(child, [...resource, property], depth + 1);
      }
    };
    walk(client, [], 0);
  }
  writeOutput(rows, classNames, directories.length);
  return 0;
}

function existsDirectory(path: string): boolean {
  try {
    return statSync(path).isDirectory();
  } catch {
    return false;
  }
}

function versionSpan(versions: string[], all: string[]): string {
  return versions.length === all.length ? "all" : `${versions[0]}–${versions.at(-1)}`;
}

function writeOutput(rows: Map<string, Map<string, Row>>, classNames: Map<string, Set<string>>, versionCount: number): void {
  const allVersions = [...new Set([...rows.values()].flatMap((byMethod) => [...byMethod.values()].flatMap((row) => row.versions)))];
  const lines = [
    "// GENERATED — DO NOT EDIT. Written by `npm run sdk-table` (src/catalogue/sdk-table.ts) from the",
    `// published \`cloudflare\` npm package, ${versionCount} versions (${allVersions[0]} to ${allVersions.at(-1)}).`,
    "/**",
    " * The official TypeScript SDK's resource methods that call endpoints of the schedule: resource",
    " * path → method name → the HTTP method and path it requests. A `{N}` segment is the method's",
    " * N-th argument; other parameters are `:param`. The comment on each row names the versions.",
    " */",
    'import type { HttpMethod } from "../catalogue/types.js";',
    "",
    "export const GENERATED_SDK_ROUTES: Readonly<Record<string, Readonly<Record<string, { method: HttpMethod; path: string }>>>> = {",
  ];
  for (const resource of [...rows.keys()].sort()) {
    lines.push(`  ${JSON.stringify(resource)}: {`);
    const byMethod = rows.get(resource)!;
    for (const name of [...byMethod.keys()].sort()) {
      const row = byMethod.get(name)!;
      lines.push(`    ${JSON.stringify(name)}: { method: "${row.method}", path: ${JSON.stringify(row.path)} }, // ${versionSpan(row.versions, allVersions)}`);
    }
    lines.push("  },");
  }
  lines.push("};", "");
  lines.push("/** SDK class names (for declared types such as `BaseRateLimits`) → the resource path they serve. */");
  lines.push("export const GENERATED_SDK_CLASSES: Readonly<Record<string, string>> = {");
  for (const name of [...classNames.keys()].sort()) {
    const resources = [...classNames.get(name)!];
    if (resources.length === 1) lines.push(`  ${JSON.stringify(name)}: ${JSON.stringify(resources[0])},`);
  }
  lines.push("};", "");
  const temporary = `${OUTPUT}.${process.pid}.tmp`;
  writeFileSync(temporary, lines.join("\n"));
  renameSync(temporary, OUTPUT);
  process.stdout.write(`wrote ${OUTPUT} (${[...rows.values()].reduce((sum, byMethod) => sum + byMethod.size, 0)} methods)\n`);
}

process.exitCode = main(process.argv.slice(2));
