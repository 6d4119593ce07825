/**
 * Lowers a TypeScript compiler source file (the compiler's own AST, walked with its own node
 * kinds; no wrapped ts-morph nodes) into the neutral program model of src/core/ir.ts. It must
 * give the same model as src/eslint/lower.ts for the same code: same ranges (without leading
 * trivia, parentheses dropped), same kinds. The parity test holds the two together.
 *
 * Written against a compiler handed in, not imported: the scanner's is the one ts-morph ships
 * (`src/scanner/lower.ts`), the ESLint plugin's the project's own, which typescript-eslint has
 * loaded already (4.8 and later: kinds and flags are read by name, and those a version lacks
 * never match).
 */
import type { ts as TS } from "ts-morph";
import { enumAsObject, exportEquals, importEqualsRequire, jsxElement, namespaceAsObject } from "../core/ir-builders.js";
import type * as IR from "../core/ir.js";
import { loweringDepthBudget } from "../core/ir.js";

/** A TypeScript compiler's API (its types are those of the version ts-morph ships). */
export type Compiler = typeof TS;

export interface CompilerLowering {
  scriptKindOf(path: string): TS.ScriptKind;
  /**
   * Parses with the compiler (no binding, no type checking) and lowers. `scriptPath` names the
   * dialect when the file's own name does not (a Vue component's `lang="ts"` script).
   */
  parseAndLower(file: string, text: string, scriptPath?: string): { module: IR.Module; syntaxErrors: string[] };
  syntaxErrorsOf(sourceFile: TS.SourceFile): string[];
  lowerSourceFile(sourceFile: TS.SourceFile, file?: string): IR.Module;
  /**
   * The file's comments, found with the compiler's own comment ranges so that strings are never
   * mistaken for comments. Only collected when the text holds a `-disable` directive.
   */
  commentsOf(sourceFile: TS.SourceFile): IR.Module["comments"];
}

/** Where the text writes `-disable` or `-enable` (the directives' words: see scanner/suppressions.ts), in order. */
function directiveOffsets(text: string): number[] {
  const offsets: number[] = [];
  for (const word of ["-disable", "-enable"]) for (let at = text.indexOf(word); at !== -1; at = text.indexOf(word, at + 1)) offsets.push(at);
  return offsets.sort((a, b) => a - b);
}

export function compilerLowering(ts: Compiler): CompilerLowering {
  const K = ts.SyntaxKind;
  function scriptKindOf(path: string): TS.ScriptKind {
    if (/\.tsx$/.test(path)) return ts.ScriptKind.TSX;
    if (/\.jsx$/.test(path)) return ts.ScriptKind.JSX;
    if (/\.[cm]?ts$/.test(path)) return ts.ScriptKind.TS;
    return ts.ScriptKind.JS;
  }

  function parseAndLower(file: string, text: string, scriptPath: string = file): { module: IR.Module; syntaxErrors: string[] } {
    // JSDoc is not parsed: the lowering reads none of it (comments come from the text, see
    // `commentsOf`), and SDK sources are mostly JSDoc. Measured on the 292 modules a scan of the
    // bench corpus parses, in a fresh process: 1.05 -> 0.76 s. (TypeScript before 5.3 parses it regardless.)
    const sourceFile = ts.createSourceFile(file, text, { languageVersion: ts.ScriptTarget.Latest, jsDocParsingMode: ts.JSDocParsingMode?.ParseNone }, false, scriptKindOf(scriptPath));
    return { module: lowerSourceFile(sourceFile, file), syntaxErrors: syntaxErrorsOf(sourceFile) };
  }

  function syntaxErrorsOf(sourceFile: TS.SourceFile): string[] {
    const diagnostics = (sourceFile as unknown as { parseDiagnostics?: TS.Diagnostic[] }).parseDiagnostics ?? [];
    return diagnostics.slice(0, 3).map((diagnostic) => {
      const { line, character } = sourceFile.getLineAndCharacterOfPosition(diagnostic.start ?? 0);
      return `line ${line + 1}, column ${character + 1}: ${ts.flattenDiagnosticMessageText(diagnostic.messageText, " ")}`;
    });
  }

  const hasModifier = (node: TS.Node, kind: TS.SyntaxKind) =>
    (ts.canHaveModifiers(node) ? ts.getModifiers(node) : undefined)?.some((modifier) => modifier.kind === kind) ?? false;

  function lowerSourceFile(sourceFile: TS.SourceFile, file: string = sourceFile.fileName): IR.Module {
    // Nesting beyond MAX_LOWERING_DEPTH becomes an opaque node, so every walk over the model stays bounded.
    const deeper = loweringDepthBudget();
    const text = sourceFile.text;
    const range = (node: TS.Node): IR.Range => [node.getStart(sourceFile), node.end];
    const opaqueStatement = (node: TS.Node): IR.Statement[] => [{ kind: "other", range: range(node), children: [] }];
    const opaqueExpression = (node: TS.Node): IR.Expression => ({ kind: "unknown", range: range(node), children: [] });
    /** ESTree puts `export`/`default` on the export statement, not on the declaration. */
    const declarationRange = (node: TS.Node): IR.Range => {
      const modifiers = ts.canHaveModifiers(node) ? (ts.getModifiers(node) ?? []) : [];
      const exportModifiers = modifiers.filter((m) => m.kind === K.ExportKeyword || m.kind === K.DefaultKeyword);
      if (exportModifiers.length === 0) return range(node);
      return [skipTrivia(text, exportModifiers.at(-1)!.end), node.end];
    };
    /** ESTree's method values start at their type parameters or parameter list, not at the key. */
    const functionRange = (node: TS.FunctionLikeDeclaration): IR.Range => {
      if (ts.isFunctionDeclaration(node)) return declarationRange(node);
      if (ts.isMethodDeclaration(node) || ts.isGetAccessorDeclaration(node) || ts.isSetAccessorDeclaration(node) || ts.isConstructorDeclaration(node)) {
        return [(node.typeParameters ?? node.parameters).pos - 1, node.end];
      }
      return range(node);
    };
    const textOf = (node: TS.Node | undefined) => (node ? text.slice(node.getStart(sourceFile), node.end) : null);
    const unknown = (node: TS.Node, children: (IR.Expression | IR.Statement)[] = []): IR.UnknownExpression => ({ kind: "unknown", range: range(node), children });
    /**
     * `i++`, `--i`: unknown as a value, and a write of `i` (operator `++`/`--`), so that a counter
     * is not read as the value it starts with (`urls[i]` in `for (let i = 0; …; i++)` is any element).
     */
    const counted = (node: TS.Node, operand: TS.Expression, operator: TS.SyntaxKind): IR.UnknownExpression => {
      const target = expression(operand);
      const write: IR.Expression = { kind: "assign", range: range(node), operator: operator === K.PlusPlusToken ? "++" : "--", target: { kind: "expression-pattern", range: target.range, expression: target }, value: { kind: "number", range: range(node), value: 1, raw: "1" } };
      return unknown(node, [write]);
    };

    function statements(nodes: readonly TS.Statement[]): IR.Statement[] {
      return nodes.flatMap((node) => statement(node));
    }

    function single(node: TS.Statement): IR.Statement {
      const lowered = statement(node);
      return lowered.length === 1 ? lowered[0]! : { kind: "block", range: range(node), body: lowered };
    }

    function exported(node: TS.Statement, lowered: IR.Statement, name: TS.Identifier | undefined): IR.Statement[] {
      if (!hasModifier(node, K.ExportKeyword)) return [lowered];
      // From the `export` keyword, after any decorators written before it (`@Injectable() export class …`), as ESTree has it.
      const keyword = (ts.canHaveModifiers(node) ? ts.getModifiers(node) : undefined)?.find((modifier) => modifier.kind === K.ExportKeyword);
      const r: IR.Range = keyword ? [keyword.getStart(sourceFile), node.end] : range(node);
      if (hasModifier(node, K.DefaultKeyword)) {
        if (!name) {
          const expression = lowered.kind === "function-declaration" ? lowered.fn : lowered.kind === "class-declaration" ? lowered.cls : null;
          return expression ? [{ kind: "export-default", range: r, expression }] : [lowered];
        }
        return [lowered, { kind: "export-default", range: r, expression: { kind: "identifier", name: name.text, range: range(name) } }];
      }
      return [{ kind: "export-named", range: r, declaration: lowered, specifiers: [], source: null }];
    }

    function statement(node: TS.Statement): IR.Statement[] {
      return deeper(node, lowerStatement, opaqueStatement);
    }

    function lowerStatement(node: TS.Statement): IR.Statement[] {
      const r = range(node);
      if (ts.isVariableStatement(node)) return exported(node, variables(node.declarationList, declarationRange(node)), undefined);
      // `declare function f(…)` and overload signatures have no body: like ESTree's TSDeclareFunction, nothing to lower.
      if (ts.isFunctionDeclaration(node)) return node.body ? exported(node, { kind: "function-declaration", range: declarationRange(node), fn: fn(node) }, node.name) : [];
      if (ts.isClassDeclaration(node)) return exported(node, { kind: "class-declaration", range: declarationRange(node), cls: cls(node) }, node.name);
      if (ts.isExpressionStatement(node)) return [{ kind: "expression", range: r, expression: expression(node.expression) }];
      if (ts.isReturnStatement(node)) return [{ kind: "return", range: r, argument: node.expression ? expression(node.expression) : null }];
      if (ts.isIfStatement(node)) {
        return [{ kind: "if", range: r, test: expression(node.expression), consequent: single(node.thenStatement), alternate: node.elseStatement ? single(node.elseStatement) : null }];
      }
      if (ts.isBlock(node)) return [{ kind: "block", range: r, body: statements(node.statements) }];
      // `for (const name in SETTINGS)`: a loop over the object's keys.
      if (ts.isForOfStatement(node) || ts.isForInStatement(node)) {
        const initializer = node.initializer;
        const iterates: IR.Iteration | undefined = ts.isForInStatement(node) ? "keys" : undefined;
        if (ts.isVariableDeclarationList(initializer)) {
          const declaration = initializer.declarations[0]!;
          const flags = initializer.flags;
          const declarationKind = flags & ts.NodeFlags.Const ? "const" : flags & ts.NodeFlags.Let ? "let" : flags & ts.NodeFlags.Using ? "const" : "var";
          return [{ kind: "for-of", range: r, declarationKind, target: binding(declaration.name, textOf(declaration.type), declaration.type), right: expression(node.expression), body: single(node.statement), ...(iterates ? { iterates } : {}) }];
        }
        return [{ kind: "for-of", range: r, declarationKind: null, target: assignmentTarget(initializer), right: expression(node.expression), body: single(node.statement), ...(iterates ? { iterates } : {}) }];
      }
      if (ts.isForStatement(node)) {
        const children: (IR.Expression | IR.Statement)[] = [];
        if (node.initializer) children.push(ts.isVariableDeclarationList(node.initializer) ? variables(node.initializer, range(node.initializer)) : expression(node.initializer));
        if (node.condition) children.push(expression(node.condition));
        if (node.incrementor) children.push(expression(node.incrementor));
        const body = single(node.statement);
        children.push(body);
        return [{ kind: "loop", range: r, children, body }];
      }
      if (ts.isWhileStatement(node) || ts.isDoStatement(node)) {
        const body = single(node.statement);
        return [{ kind: "loop", range: r, children: [expression(node.expression), body], body }];
      }
      if (ts.isSwitchStatement(node)) {
        return [{
          kind: "switch",
          range: r,
          discriminant: expression(node.expression),
          cases: node.caseBlock.clauses.map((clause) => ({
            range: range(clause),
            test: ts.isCaseClause(clause) ? expression(clause.expression) : null,
            body: statements(clause.statements),
          })),
        }];
      }
      if (ts.isTryStatement(node)) {
        const declaration = node.catchClause?.variableDeclaration;
        return [{
          kind: "try",
          range: r,
          block: single(node.tryBlock),
          param: declaration ? binding(declaration.name, textOf(declaration.type), declaration.type) : null,
          handler: node.catchClause ? single(node.catchClause.block) : null,
          finalizer: node.finallyBlock ? single(node.finallyBlock) : null,
        }];
      }
      if (ts.isThrowStatement(node)) return [{ kind: "other", range: r, children: [expression(node.expression)] }];
      if (ts.isBreakStatement(node) || ts.isContinueStatement(node)) return [{ kind: "break", range: r }];
      if (ts.isLabeledStatement(node)) return statement(node.statement);
      if (ts.isImportDeclaration(node)) {
        const clause = node.importClause;
        // Type-only imports are kept: a declared type names where a value comes from (`client: Cloudflare`).
        if (!ts.isStringLiteral(node.moduleSpecifier)) return [];
        const specifiers: IR.ImportSpecifier[] = [];
        if (clause?.name) specifiers.push({ local: clause.name.text, imported: "default", range: range(clause.name) });
        const bindings = clause?.namedBindings;
        if (bindings && ts.isNamespaceImport(bindings)) specifiers.push({ local: bindings.name.text, imported: "*", range: range(bindings) });
        if (bindings && ts.isNamedImports(bindings)) {
          for (const element of bindings.elements) {
            specifiers.push({ local: element.name.text, imported: (element.propertyName ?? element.name).text, range: range(element) });
          }
        }
        return [{ kind: "import", range: r, source: node.moduleSpecifier.text, specifiers }];
      }
      if (ts.isExportDeclaration(node)) {
        if (node.isTypeOnly) return [];
        const source = node.moduleSpecifier && ts.isStringLiteral(node.moduleSpecifier) ? node.moduleSpecifier.text : null;
        const clause = node.exportClause;
        if (!clause) return source ? [{ kind: "export-all", range: r, source, exported: null }] : [];
        if (ts.isNamespaceExport(clause)) return source ? [{ kind: "export-all", range: r, source, exported: clause.name.text }] : [];
        return [{
          kind: "export-named",
          range: r,
          declaration: null,
          specifiers: clause.elements.filter((e) => !e.isTypeOnly).map((e) => ({ local: (e.propertyName ?? e.name).text, exported: e.name.text })),
          source,
        }];
      }
      if (ts.isExportAssignment(node)) {
        return [node.isExportEquals ? exportEquals(r, expression(node.expression)) : { kind: "export-default", range: r, expression: expression(node.expression) }];
      }
      if (ts.isImportEqualsDeclaration(node)) {
        const reference = node.moduleReference;
        if (node.isTypeOnly || !ts.isExternalModuleReference(reference)) return [];
        return [importEqualsRequire(r, { text: node.name.text, range: range(node.name) }, range(reference), expression(reference.expression))];
      }
      if (ts.isInterfaceDeclaration(node)) {
        return exported(node, { kind: "type-declaration", range: declarationRange(node), name: node.name.text, members: typeMemberNames(node.members) }, undefined);
      }
      if (ts.isTypeAliasDeclaration(node)) {
        if (!ts.isTypeLiteralNode(node.type)) return [];
        return exported(node, { kind: "type-declaration", range: declarationRange(node), name: node.name.text, members: typeMemberNames(node.type.members) }, undefined);
      }
      if (ts.isModuleDeclaration(node)) {
        if (!node.body || !ts.isModuleBlock(node.body)) return [];
        // A namespace of values (not `declare`, not `declare module "x"` or `declare global`): an object of its exports.
        if (ts.isIdentifier(node.name) && !hasModifier(node, K.DeclareKeyword) && !(node.flags & ts.NodeFlags.GlobalAugmentation)) {
          return exported(node, namespaceAsObject(declarationRange(node), { text: node.name.text, range: range(node.name) }, statements(node.body.statements)), undefined);
        }
        return [{ kind: "block", range: r, body: statements(node.body.statements) }];
      }
      if (ts.isEnumDeclaration(node)) {
        if (hasModifier(node, K.DeclareKeyword)) return [];
        const members = node.members.map((m) => ({ key: propertyKey(m.name), keyRange: keyRange(m.name), range: range(m), value: m.initializer ? expression(m.initializer) : null }));
        return exported(node, enumAsObject(declarationRange(node), { text: node.name.text, range: range(node.name) }, members), undefined);
      }
      if (ts.isWithStatement(node)) return [{ kind: "other", range: r, children: [expression(node.expression), single(node.statement)] }];
      return [];
    }

    function variables(list: TS.VariableDeclarationList, r: IR.Range): IR.VariableDeclaration {
      const flags = list.flags;
      const declarationKind = flags & ts.NodeFlags.Const ? "const" : flags & ts.NodeFlags.Let ? "let" : flags & ts.NodeFlags.Using ? "using" : "var";
      return {
        kind: "var",
        range: r,
        declarationKind,
        declarations: list.declarations.map((d) => ({ range: range(d), target: binding(d.name, textOf(d.type), d.type), init: d.initializer ? expression(d.initializer) : null })),
      };
    }

    function fn(node: TS.FunctionLikeDeclaration): IR.FunctionNode {
      const body = node.body;
      const named = ts.isFunctionDeclaration(node) || ts.isFunctionExpression(node);
      return {
        kind: "function",
        range: functionRange(node),
        name: named && node.name && ts.isIdentifier(node.name) ? node.name.text : null,
        // A TypeScript `this` parameter declares the type of `this`; it takes no argument.
        ...(node.parameters.some((parameter) => parameter.dotDotDotToken) ? { restParam: true as const } : {}),
        params: node.parameters.filter((parameter) => !(ts.isIdentifier(parameter.name) && parameter.name.text === "this")).map((parameter) => {
          const target = binding(parameter.name, textOf(parameter.type), parameter.type);
          // From the name, as ESTree has it: a parameter property's modifiers (`private readonly`) are not part of the pattern.
          return parameter.initializer ? { kind: "default-pattern", range: [range(parameter.name)[0], parameter.end], target, value: expression(parameter.initializer) } : target;
        }),
        body: !body ? [] : ts.isBlock(body) ? statements(body.statements) : expression(body),
        async: hasModifier(node, K.AsyncKeyword),
        arrow: ts.isArrowFunction(node),
        returnType: textOf(node.type),
      };
    }

    function typeMemberNames(members: readonly TS.TypeElement[]): string[] {
      return members.flatMap((member) => (ts.isPropertySignature(member) && !ts.isComputedPropertyName(member.name) ? [propertyKey(member.name)].filter((key): key is string => key !== null) : []));
    }

    function cls(node: TS.ClassLikeDeclaration): IR.ClassNode {
      const members: IR.ClassMember[] = [];
      for (const member of node.members) {
        const key = member.name ? propertyKey(member.name) : null;
        const isStatic = hasModifier(member, K.StaticKeyword);
        if (ts.isConstructorDeclaration(member)) members.push({ range: range(member), key: "constructor", value: fn(member), isStatic: false, typeText: null });
        else if (ts.isMethodDeclaration(member) || ts.isGetAccessorDeclaration(member) || ts.isSetAccessorDeclaration(member)) {
          const accessor = ts.isGetAccessorDeclaration(member) ? "get" : ts.isSetAccessorDeclaration(member) ? "set" : null;
          if (member.body) members.push({ range: range(member), key, value: fn(member), isStatic, typeText: null, ...(accessor ? { accessor } : {}) });
        } else if (ts.isPropertyDeclaration(member)) {
          members.push({ range: range(member), key, value: member.initializer ? expression(member.initializer) : null, isStatic, typeText: textOf(member.type) });
        } else if (ts.isClassStaticBlockDeclaration(member)) {
          members.push({ range: range(member), key: null, value: unknown(member, statements(member.body.statements)), isStatic: true, typeText: null });
        }
      }
      const heritage = node.heritageClauses?.find((clause) => clause.token === K.ExtendsKeyword)?.types[0];
      return { kind: "class", range: declarationRange(node), name: node.name ? node.name.text : null, superClass: heritage ? expression(heritage.expression) : null, members };
    }

    function propertyKey(name: TS.PropertyName | TS.BindingName): string | null {
      if (ts.isIdentifier(name)) return name.text;
      if (ts.isPrivateIdentifier(name)) return name.text;
      if (ts.isStringLiteral(name) || ts.isNoSubstitutionTemplateLiteral(name)) return name.text;
      if (ts.isNumericLiteral(name)) return String(numberValue(name.text));
      if (ts.isComputedPropertyName(name)) {
        const inner = skipParentheses(name.expression);
        if (ts.isStringLiteral(inner) || ts.isNoSubstitutionTemplateLiteral(inner)) return inner.text;
        if (ts.isNumericLiteral(inner)) return String(numberValue(inner.text));
      }
      return null;
    }

    function keyRange(name: TS.PropertyName): IR.Range {
      return ts.isComputedPropertyName(name) ? range(skipParentheses(name.expression)) : range(name);
    }

    function computedKey(name: TS.PropertyName): IR.Expression | null {
      return ts.isComputedPropertyName(name) ? expression(name.expression) : null;
    }

    /** ESTree's pattern ranges include their type annotation; so do these. */
    function binding(name: TS.BindingName, typeText: string | null, typeNode?: TS.TypeNode): IR.Pattern {
      const r: IR.Range = typeNode ? [name.getStart(sourceFile), typeNode.end] : range(name);
      if (ts.isIdentifier(name)) return { kind: "identifier-pattern", range: r, name: name.text, typeText };
      if (ts.isObjectBindingPattern(name)) {
        const properties: IR.ObjectPatternProperty[] = [];
        let rest: IR.Pattern | null = null;
        for (const element of name.elements) {
          if (element.dotDotDotToken) {
            rest = binding(element.name, null);
            continue;
          }
          const keyNode = element.propertyName ?? (element.name as TS.Identifier);
          const target = binding(element.name, null);
          properties.push({
            range: range(element),
            key: propertyKey(keyNode),
            keyRange: keyRange(keyNode),
            computedKey: computedKey(keyNode),
            value: element.initializer ? { kind: "default-pattern", range: element.propertyName ? [range(element.name)[0], element.end] : range(element), target, value: expression(element.initializer) } : target,
          });
        }
        return { kind: "object-pattern", range: r, properties, rest, typeText };
      }
      const elements: (IR.Pattern | null)[] = [];
      let rest: IR.Pattern | null = null;
      for (const element of name.elements) {
        if (ts.isOmittedExpression(element)) elements.push(null);
        else if (element.dotDotDotToken) rest = binding(element.name, null);
        else {
          const target = binding(element.name, null);
          elements.push(element.initializer ? { kind: "default-pattern", range: range(element), target, value: expression(element.initializer) } : target);
        }
      }
      return { kind: "array-pattern", range: r, elements, rest, typeText };
    }

    /** The left side of an assignment (or `for (x of …)`): names there are references. */
    function assignmentTarget(node: TS.Expression): IR.Pattern {
      const inner = skipParentheses(node);
      const r = range(inner);
      if (ts.isObjectLiteralExpression(inner)) {
        const properties: IR.ObjectPatternProperty[] = [];
        let rest: IR.Pattern | null = null;
        for (const property of inner.properties) {
          if (ts.isSpreadAssignment(property)) rest = assignmentTarget(property.expression);
          else if (ts.isShorthandPropertyAssignment(property)) {
            const target: IR.Pattern = { kind: "expression-pattern", range: range(property.name), expression: { kind: "identifier", name: property.name.text, range: range(property.name) } };
            properties.push({
              range: range(property),
              key: property.name.text,
              keyRange: range(property.name),
              computedKey: null,
              value: property.objectAssignmentInitializer ? { kind: "default-pattern", range: range(property), target, value: expression(property.objectAssignmentInitializer) } : target,
            });
          } else if (ts.isPropertyAssignment(property)) {
            properties.push({ range: range(property), key: propertyKey(property.name), keyRange: keyRange(property.name), computedKey: computedKey(property.name), value: assignmentTarget(property.initializer) });
          }
        }
        return { kind: "object-pattern", range: r, properties, rest, typeText: null };
      }
      if (ts.isArrayLiteralExpression(inner)) {
        const elements: (IR.Pattern | null)[] = [];
        let rest: IR.Pattern | null = null;
        for (const element of inner.elements) {
          if (ts.isOmittedExpression(element)) elements.push(null);
          else if (ts.isSpreadElement(element)) rest = assignmentTarget(element.expression);
          else elements.push(assignmentTarget(element));
        }
        return { kind: "array-pattern", range: r, elements, rest, typeText: null };
      }
      if (ts.isBinaryExpression(inner) && inner.operatorToken.kind === K.EqualsToken) {
        return { kind: "default-pattern", range: r, target: assignmentTarget(inner.left), value: expression(inner.right) };
      }
      return { kind: "expression-pattern", range: r, expression: expression(inner) };
    }

    function template(node: TS.TemplateLiteral, tag: IR.Expression | null): IR.TemplateLiteral {
      const quasi = (part: TS.TemplateLiteralLikeNode & TS.Node): IR.TemplateQuasi => {
        const start = part.getStart(sourceFile) + 1;
        const raw = part.rawText ?? "";
        return { range: [start, start + raw.length], value: part.text ?? raw };
      };
      if (ts.isNoSubstitutionTemplateLiteral(node)) return { kind: "template", range: range(node), tag, quasis: [quasi(node)], expressions: [] };
      return {
        kind: "template",
        range: range(node),
        tag,
        quasis: [quasi(node.head), ...node.templateSpans.map((span) => quasi(span.literal))],
        expressions: node.templateSpans.map((span) => expression(span.expression)),
      };
    }

    function expression(node: TS.Expression): IR.Expression {
      return deeper(node, lowerExpression, opaqueExpression);
    }

    function lowerExpression(node: TS.Expression): IR.Expression {
      const r = range(node);
      switch (node.kind) {
        // ESTree has no node for parentheses: not a level of nesting, so both lowerings cut at the same depth.
        case K.ParenthesizedExpression:
          return lowerExpression((node as TS.ParenthesizedExpression).expression);
        case K.StringLiteral:
          return { kind: "string", range: r, value: (node as TS.StringLiteral).text };
        case K.NumericLiteral:
          return { kind: "number", range: r, value: numberValue((node as TS.NumericLiteral).text), raw: text.slice(r[0], r[1]) };
        case K.TrueKeyword:
          return { kind: "boolean", range: r, value: true };
        case K.FalseKeyword:
          return { kind: "boolean", range: r, value: false };
        case K.NullKeyword:
          return { kind: "null", range: r };
        case K.RegularExpressionLiteral: {
          const written = (node as TS.RegularExpressionLiteral).text;
          const end = written.lastIndexOf("/");
          return { kind: "regex", range: r, pattern: written.slice(1, end), flags: written.slice(end + 1) };
        }
        case K.NoSubstitutionTemplateLiteral:
        case K.TemplateExpression:
          return template(node as TS.TemplateLiteral, null);
        case K.TaggedTemplateExpression: {
          const tagged = node as TS.TaggedTemplateExpression;
          return template(tagged.template, expression(tagged.tag));
        }
        case K.Identifier:
          return { kind: "identifier", range: r, name: (node as TS.Identifier).text };
        case K.ThisKeyword:
          return { kind: "this", range: r };
        case K.PropertyAccessExpression: {
          const access = node as TS.PropertyAccessExpression;
          return { kind: "member", range: r, object: expression(access.expression), property: access.name.text, computed: null, propertyRange: range(access.name), optional: !!access.questionDotToken };
        }
        case K.ElementAccessExpression: {
          const access = node as TS.ElementAccessExpression;
          const argument = skipParentheses(access.argumentExpression);
          const property = ts.isStringLiteral(argument) || ts.isNoSubstitutionTemplateLiteral(argument) ? argument.text : ts.isNumericLiteral(argument) ? String(numberValue(argument.text)) : null;
          return { kind: "member", range: r, object: expression(access.expression), property, computed: expression(access.argumentExpression), propertyRange: range(argument), optional: !!access.questionDotToken };
        }
        case K.CallExpression: {
          const call = node as TS.CallExpression;
          if (call.expression.kind === K.ImportKeyword && call.arguments[0]) {
            // A call of `import` (see `globalFunctionCall`); only the specifier, as the ESTree lowering.
            return { kind: "call", range: r, callee: { kind: "identifier", name: "import", range: range(call.expression) }, args: [expression(call.arguments[0])], optional: false };
          }
          // `super(…)`: a call of `super`, a name no code can declare (see `classMember`).
          if (call.expression.kind === K.SuperKeyword) return { kind: "call", range: r, callee: { kind: "identifier", name: "super", range: range(call.expression) }, args: call.arguments.map((a) => expression(a)), optional: false };
          if (call.expression.kind === K.ImportKeyword) return unknown(node, call.arguments.map((a) => expression(a)));
          return { kind: "call", range: r, callee: expression(call.expression), args: call.arguments.map((a) => expression(a)), optional: !!call.questionDotToken };
        }
        case K.NewExpression: {
          const created = node as TS.NewExpression;
          return { kind: "new", range: r, callee: expression(created.expression), args: (created.arguments ?? []).map((a) => expression(a)) };
        }
        case K.ObjectLiteralExpression:
          return {
            kind: "object",
            range: r,
            properties: (node as TS.ObjectLiteralExpression).properties.flatMap((property): (IR.Property | IR.SpreadElement)[] => {
              if (ts.isSpreadAssignment(property)) return [{ kind: "spread", range: range(property), argument: expression(property.expression) }];
              if (ts.isShorthandPropertyAssignment(property)) {
                const value: IR.Identifier = { kind: "identifier", name: property.name.text, range: range(property.name) };
                return [{ kind: "property", range: range(property), key: property.name.text, keyRange: range(property.name), computedKey: null, value, shorthand: true }];
              }
              if (ts.isPropertyAssignment(property)) {
                return [{ kind: "property", range: range(property), key: propertyKey(property.name), keyRange: keyRange(property.name), computedKey: computedKey(property.name), value: expression(property.initializer), shorthand: false }];
              }
              if (ts.isMethodDeclaration(property) || ts.isGetAccessorDeclaration(property) || ts.isSetAccessorDeclaration(property)) {
                return [{ kind: "property", range: range(property), key: propertyKey(property.name), keyRange: keyRange(property.name), computedKey: computedKey(property.name), value: fn(property), shorthand: false }];
              }
              return [];
            }),
          };
        case K.ArrayLiteralExpression:
          return { kind: "array", range: r, elements: (node as TS.ArrayLiteralExpression).elements.map((e) => (ts.isOmittedExpression(e) ? null : expression(e))) };
        case K.SpreadElement:
          return { kind: "spread", range: r, argument: expression((node as TS.SpreadElement).expression) };
        case K.ArrowFunction:
        case K.FunctionExpression:
          return fn(node as TS.FunctionLikeDeclaration);
        case K.ClassExpression:
          return cls(node as TS.ClassExpression);
        case K.BinaryExpression: {
          const binary = node as TS.BinaryExpression;
          const operator = binary.operatorToken.kind;
          if (operator === K.CommaToken) return { kind: "sequence", range: r, expressions: flattenComma(binary).map((e) => expression(e)) };
          if (operator === K.AmpersandAmpersandToken || operator === K.BarBarToken || operator === K.QuestionQuestionToken) {
            return { kind: "logical", range: r, operator: ts.tokenToString(operator) as "&&" | "||" | "??", left: expression(binary.left), right: expression(binary.right) };
          }
          if (operator >= K.FirstAssignment && operator <= K.LastAssignment) {
            return { kind: "assign", range: r, operator: ts.tokenToString(operator)!, target: assignmentTarget(binary.left), value: expression(binary.right) };
          }
          if (ts.isPrivateIdentifier(binary.left)) return unknown(node, [expression(binary.right)]);
          return { kind: "binary", range: r, operator: ts.tokenToString(operator)!, left: expression(binary.left), right: expression(binary.right) };
        }
        case K.ConditionalExpression: {
          const conditional = node as TS.ConditionalExpression;
          return { kind: "conditional", range: r, test: expression(conditional.condition), consequent: expression(conditional.whenTrue), alternate: expression(conditional.whenFalse) };
        }
        case K.PrefixUnaryExpression: {
          const unary = node as TS.PrefixUnaryExpression;
          if (unary.operator === K.PlusPlusToken || unary.operator === K.MinusMinusToken) return counted(node, unary.operand, unary.operator);
          return { kind: "unary", range: r, operator: ts.tokenToString(unary.operator)!, argument: expression(unary.operand) };
        }
        case K.PostfixUnaryExpression: {
          const unary = node as TS.PostfixUnaryExpression;
          return counted(node, unary.operand, unary.operator);
        }
        case K.TypeOfExpression:
          return { kind: "unary", range: r, operator: "typeof", argument: expression((node as TS.TypeOfExpression).expression) };
        case K.VoidExpression:
          return { kind: "unary", range: r, operator: "void", argument: expression((node as TS.VoidExpression).expression) };
        case K.DeleteExpression:
          return { kind: "unary", range: r, operator: "delete", argument: expression((node as TS.DeleteExpression).expression) };
        case K.AwaitExpression:
          return { kind: "await", range: r, argument: expression((node as TS.AwaitExpression).expression) };
        case K.YieldExpression: {
          const yielded = (node as TS.YieldExpression).expression;
          return unknown(node, yielded ? [expression(yielded)] : []);
        }
        case K.AsExpression:
        case K.SatisfiesExpression:
        case K.TypeAssertionExpression: {
          const typed = node as TS.AsExpression | TS.SatisfiesExpression | TS.TypeAssertion;
          return { kind: "typed", range: r, expression: expression(typed.expression), typeText: textOf(typed.type) };
        }
        case K.NonNullExpression:
        case K.ExpressionWithTypeArguments:
          return { kind: "typed", range: r, expression: expression((node as TS.NonNullExpression).expression), typeText: null };
        case K.JsxElement:
        case K.JsxSelfClosingElement:
        case K.JsxFragment:
          return jsx(node as TS.JsxElement | TS.JsxSelfClosingElement | TS.JsxFragment);
        case K.JsxExpression: {
          const inner = (node as TS.JsxExpression).expression;
          return inner ? expression(inner) : unknown(node);
        }
        default:
          return unknown(node);
      }
    }

    function jsx(node: TS.JsxElement | TS.JsxSelfClosingElement | TS.JsxFragment): IR.Expression {
      const opening = ts.isJsxElement(node) ? node.openingElement : ts.isJsxSelfClosingElement(node) ? node : null;
      const attributes: IR.JsxElement["attributes"] = [];
      for (const attribute of opening?.attributes.properties ?? []) {
        if (ts.isJsxSpreadAttribute(attribute)) {
          attributes.push({ name: null, value: expression(attribute.expression), range: range(attribute) });
          continue;
        }
        const initializer = attribute.initializer;
        attributes.push({
          name: textOf(attribute.name) ?? "",
          range: range(attribute),
          value: !initializer ? null : ts.isJsxExpression(initializer) ? (initializer.expression ? expression(initializer.expression) : null) : expression(initializer as TS.Expression),
        });
      }
      const childNodes = ts.isJsxSelfClosingElement(node) ? [] : node.children;
      const children = childNodes.flatMap((child): IR.Expression[] => {
        if (ts.isJsxText(child)) return [];
        if (ts.isJsxExpression(child)) return child.expression ? [expression(child.expression)] : [];
        return [jsx(child as TS.JsxElement)];
      });
      const tagText = opening ? textOf(opening.tagName) : null;
      return jsxElement(range(node), opening && tagText !== null ? { text: tagText, range: range(opening.tagName) } : null, attributes, children);
    }

    return { file, text, body: statements(sourceFile.statements), comments: commentsOf(sourceFile) };
  }

  function skipTrivia(text: string, position: number): number {
    const trivia = /(?:\s+|\/\/[^\n]*|\/\*[\s\S]*?\*\/)*/y;
    trivia.lastIndex = position;
    trivia.exec(text);
    return trivia.lastIndex;
  }

  function flattenComma(node: TS.Expression): TS.Expression[] {
    const inner = skipParentheses(node);
    if (ts.isBinaryExpression(inner) && inner.operatorToken.kind === K.CommaToken) return [...flattenComma(inner.left), inner.right];
    return [node];
  }

  function skipParentheses(node: TS.Expression): TS.Expression {
    while (ts.isParenthesizedExpression(node)) node = node.expression;
    return node;
  }

  function numberValue(text: string): number {
    const clean = text.replaceAll("_", "");
    if (/^0[0-7]+$/.test(clean)) return Number.parseInt(clean, 8);
    return Number(clean);
  }

  function commentsOf(sourceFile: TS.SourceFile): IR.Module["comments"] {
    const text = sourceFile.text;
    // Comments matter to suppressions only: those that hold a directive. Most files have none worth the walk.
    if (!text.includes("-disable")) return [];
    const directives = directiveOffsets(text);
    const comments: IR.Module["comments"] = [];
    const seen = new Set<number>();
    const collect = (position: number) => {
      for (const comment of [...(ts.getLeadingCommentRanges(text, position) ?? []), ...(ts.getTrailingCommentRanges(text, position) ?? [])]) {
        if (seen.has(comment.pos)) continue;
        seen.add(comment.pos);
        const block = comment.kind === K.MultiLineCommentTrivia;
        comments.push({ text: text.slice(comment.pos + 2, block ? comment.end - 2 : comment.end), range: [comment.pos, comment.end], block });
      }
    };
    // A comment is found from the end of the token before it: a node's start (its leading
    // comments) or end (its trailing ones). Only nodes whose text spans a directive can lead to
    // one; of the others only their own start and end are asked.
    const spansDirective = (node: TS.Node) => {
      // The first directive at or after the node's start, by bisection.
      let low = 0;
      let high = directives.length;
      while (low < high) {
        const middle = (low + high) >>> 1;
        if (directives[middle]! < node.pos) low = middle + 1;
        else high = middle;
      }
      return low < directives.length && directives[low]! < node.end;
    };
    const visit = (node: TS.Node) => {
      collect(node.pos);
      collect(node.end);
      ts.forEachChild(node, (child) => {
        if (spansDirective(child)) visit(child);
        else {
          collect(child.pos);
          collect(child.end);
        }
      });
    };
    visit(sourceFile);
    return comments.sort((a, b) => a.range[0] - b.range[0]);
  }

  return { scriptKindOf, parseAndLower, syntaxErrorsOf, lowerSourceFile, commentsOf };
}
