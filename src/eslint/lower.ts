/**
 * Lowers an ESTree program (typescript-eslint's or espree's) into the neutral program model of
 * src/core/ir.ts. Mechanical by design: every decision about meaning is made in src/core.
 */
import type { TSESTree } from "@typescript-eslint/utils";
import { enumAsObject, exportEquals, importEqualsRequire, jsxElement, namespaceAsObject } from "../core/ir-builders.js";
import type * as IR from "../core/ir.js";
import { loweringDepthBudget } from "../core/ir.js";

type N = TSESTree.Node;

export interface LowerInput {
  file: string;
  text: string;
  program: TSESTree.Program;
  comments?: readonly TSESTree.Comment[];
}

export function lowerEstree(input: LowerInput): IR.Module {
  // Nesting beyond MAX_LOWERING_DEPTH becomes an opaque node, so every walk over the model stays bounded.
  const deeper = loweringDepthBudget();
  const { text } = input;
  // ESTree's own range: the model never changes a range (`IR.Range` is read-only).
  const range = (node: { range: TSESTree.Range }): IR.Range => node.range;
  const typeText = (annotation: TSESTree.TSTypeAnnotation | undefined | null): string | null =>
    annotation ? text.slice(annotation.typeAnnotation.range[0], annotation.typeAnnotation.range[1]) : null;
  const unknown = (node: N, children: (IR.Expression | IR.Statement)[] = []): IR.UnknownExpression => ({ kind: "unknown", range: range(node), children });

  const opaqueStatement = (node: N): IR.Statement[] => [{ kind: "other", range: range(node), children: [] }];
  const opaqueExpression = (node: N): IR.Expression => ({ kind: "unknown", range: range(node), children: [] });

  function statements(body: readonly N[]): IR.Statement[] {
    return body.flatMap((node) => statement(node));
  }

  function statement(node: N): IR.Statement[] {
    return deeper(node, lowerStatement, opaqueStatement);
  }

  function lowerStatement(node: N): IR.Statement[] {
    const r = range(node);
    switch (node.type) {
      case "VariableDeclaration":
        return [variables(node)];
      case "FunctionDeclaration":
        return [{ kind: "function-declaration", range: r, fn: fn(node) }];
      // `declare function f(…)` and overload signatures: no body, nothing to lower (what is called is unknown).
      case "TSDeclareFunction":
        return [];
      case "ClassDeclaration":
        return [{ kind: "class-declaration", range: r, cls: cls(node) }];
      case "ExpressionStatement":
        return [{ kind: "expression", range: r, expression: expression(node.expression) }];
      case "ReturnStatement":
        return [{ kind: "return", range: r, argument: node.argument ? expression(node.argument) : null }];
      case "IfStatement":
        return [{ kind: "if", range: r, test: expression(node.test), consequent: single(node.consequent), alternate: node.alternate ? single(node.alternate) : null }];
      case "BlockStatement":
      case "StaticBlock":
        return [{ kind: "block", range: r, body: statements(node.body) }];
      // `for (const name in SETTINGS)`: a loop over the object's keys.
      case "ForOfStatement":
      case "ForInStatement": {
        const left = node.left;
        const iterates: IR.Iteration | undefined = node.type === "ForInStatement" ? "keys" : undefined;
        if (left.type === "VariableDeclaration") {
          const declarator = left.declarations[0]!;
          const declarationKind = left.kind === "const" || left.kind === "using" || left.kind === "await using" ? "const" : left.kind === "var" ? "var" : "let";
          return [{ kind: "for-of", range: r, declarationKind, target: pattern(declarator.id), right: expression(node.right), body: single(node.body), ...(iterates ? { iterates } : {}) }];
        }
        return [{ kind: "for-of", range: r, declarationKind: null, target: pattern(left as N, false), right: expression(node.right), body: single(node.body), ...(iterates ? { iterates } : {}) }];
      }
      case "ForStatement": {
        const children: (IR.Expression | IR.Statement)[] = [];
        if (node.init) children.push(node.init.type === "VariableDeclaration" ? variables(node.init) : expression(node.init));
        if (node.test) children.push(expression(node.test));
        if (node.update) children.push(expression(node.update));
        const body = single(node.body);
        children.push(body);
        return [{ kind: "loop", range: r, children, body }];
      }
      case "WhileStatement":
      case "DoWhileStatement": {
        const body = single(node.body);
        return [{ kind: "loop", range: r, children: [expression(node.test), body], body }];
      }
      case "SwitchStatement":
        return [{
          kind: "switch",
          range: r,
          discriminant: expression(node.discriminant),
          cases: node.cases.map((c) => ({ range: range(c), test: c.test ? expression(c.test) : null, body: statements(c.consequent) })),
        }];
      case "TryStatement":
        return [{
          kind: "try",
          range: r,
          block: single(node.block),
          param: node.handler?.param ? pattern(node.handler.param) : null,
          handler: node.handler ? single(node.handler.body) : null,
          finalizer: node.finalizer ? single(node.finalizer) : null,
        }];
      case "ThrowStatement":
        return [{ kind: "other", range: r, children: [expression(node.argument)] }];
      case "LabeledStatement":
        return statement(node.body);
      case "ImportDeclaration":
        // Type-only imports are kept: a declared type names where a value comes from (`client: Cloudflare`).
        return [{
          kind: "import",
          range: r,
          source: String(node.source.value),
          specifiers: node.specifiers.flatMap((s): IR.ImportSpecifier[] => {
            const imported =
              s.type === "ImportDefaultSpecifier" ? "default" : s.type === "ImportNamespaceSpecifier" ? "*" : s.imported.type === "Identifier" ? s.imported.name : String(s.imported.value);
            return [{ local: s.local.name, imported, range: range(s) }];
          }),
        }];
      case "ExportNamedDeclaration": {
        const declaration = node.declaration ? (statement(node.declaration)[0] ?? null) : null;
        if (node.declaration && !declaration) return [];
        if (!node.declaration && node.exportKind === "type") return [];
        return [{
          kind: "export-named",
          range: r,
          declaration,
          specifiers: node.specifiers
            .filter((s) => s.exportKind !== "type")
            .map((s) => ({ local: moduleExportName(s.local), exported: moduleExportName(s.exported) })),
          source: node.source ? String(node.source.value) : null,
        }];
      }
      case "ExportDefaultDeclaration": {
        const declaration = node.declaration;
        if ((declaration.type === "FunctionDeclaration" || declaration.type === "ClassDeclaration") && declaration.id) {
          const declared = statement(declaration);
          const name = declaration.id;
          return [...declared, { kind: "export-default", range: r, expression: { kind: "identifier", name: name.name, range: range(name) } }];
        }
        if (declaration.type === "FunctionDeclaration") return [{ kind: "export-default", range: r, expression: fn(declaration) }];
        if (declaration.type === "ClassDeclaration") return [{ kind: "export-default", range: r, expression: cls(declaration) }];
        if (declaration.type === "TSInterfaceDeclaration" || declaration.type === "TSDeclareFunction" || declaration.type === "TSEnumDeclaration" || declaration.type === "TSModuleDeclaration" || declaration.type === "TSTypeAliasDeclaration" || declaration.type === "VariableDeclaration") return [];
        return [{ kind: "export-default", range: r, expression: expression(declaration as TSESTree.Expression) }];
      }
      case "ExportAllDeclaration":
        return [{ kind: "export-all", range: r, source: String(node.source.value), exported: node.exported ? moduleExportName(node.exported) : null }];
      case "TSExportAssignment":
        return [exportEquals(r, expression(node.expression))];
      case "TSImportEqualsDeclaration": {
        const reference = node.moduleReference;
        if (reference.type !== "TSExternalModuleReference" || node.importKind === "type") return [];
        return [importEqualsRequire(r, { text: node.id.name, range: range(node.id) }, range(reference), expression(reference.expression))];
      }
      case "TSModuleDeclaration":
        if (!node.body || node.body.type !== "TSModuleBlock") return [];
        // A namespace of values (not `declare`, not `declare module "x"` or `declare global`): an object of its exports.
        if (node.id.type === "Identifier" && !node.declare && !("kind" in node && node.kind === "global") && !("global" in node && node.global === true)) {
          return [namespaceAsObject(r, { text: node.id.name, range: range(node.id) }, statements(node.body.body))];
        }
        return [{ kind: "block", range: r, body: statements(node.body.body) }];
      case "TSEnumDeclaration": {
        if (node.declare) return [];
        const members = "body" in node && node.body ? node.body.members : (node as unknown as { members: TSESTree.TSEnumMember[] }).members;
        const lowered = members.map((m) => ({
          // An enum member's key is a name or a string (`["a-b"] = 1` is a string); its `computed`
          // flag is deprecated (typescript-eslint warns on every read) and adds nothing.
          key: propertyKey(m.id, false),
          keyRange: range(m.id),
          range: range(m),
          value: m.initializer ? expression(m.initializer) : null,
        }));
        return [enumAsObject(r, { text: node.id.name, range: range(node.id) }, lowered)];
      }
      case "TSInterfaceDeclaration":
        return [{ kind: "type-declaration", range: r, name: node.id.name, members: typeMemberNames(node.body.body) }];
      case "TSTypeAliasDeclaration":
        return node.typeAnnotation.type === "TSTypeLiteral" ? [{ kind: "type-declaration", range: r, name: node.id.name, members: typeMemberNames(node.typeAnnotation.members) }] : [];
      case "BreakStatement":
      case "ContinueStatement":
        return [{ kind: "break", range: r }];
      case "EmptyStatement":
      case "DebuggerStatement":
        return [];
      case "WithStatement":
        return [{ kind: "other", range: r, children: [expression(node.object), single(node.body)] }];
      default:
        return [];
    }
  }

  function single(node: N): IR.Statement {
    const lowered = statement(node);
    if (lowered.length === 1) return lowered[0]!;
    return { kind: "block", range: range(node), body: lowered };
  }

  function variables(node: TSESTree.VariableDeclaration): IR.VariableDeclaration {
    return {
      kind: "var",
      range: range(node),
      declarationKind: node.kind === "const" ? "const" : node.kind === "var" ? "var" : node.kind === "let" ? "let" : "using",
      declarations: node.declarations.map((d) => ({ range: range(d), target: pattern(d.id), init: d.init ? expression(d.init) : null })),
    };
  }

  function fn(node: TSESTree.FunctionLike | TSESTree.ArrowFunctionExpression): IR.FunctionNode {
    const body = node.body;
    return {
      kind: "function",
      range: range(node),
      name: node.id ? node.id.name : null,
      // A TypeScript `this` parameter declares the type of `this`; it takes no argument.
      ...(node.params.some((param) => param.type === "RestElement") ? { restParam: true as const } : {}),
      params: node.params.filter((param) => !(param.type === "Identifier" && param.name === "this")).map((param) => pattern(param)),
      body: !body ? [] : body.type === "BlockStatement" ? statements(body.body) : expression(body as TSESTree.Expression),
      async: node.async,
      arrow: node.type === "ArrowFunctionExpression",
      returnType: typeText(node.returnType),
    };
  }

  function typeMemberNames(members: readonly TSESTree.TypeElement[]): string[] {
    return members.flatMap((member) => (member.type === "TSPropertySignature" && !member.computed ? [propertyKey(member.key, false)].filter((key): key is string => key !== null) : []));
  }

  function cls(node: TSESTree.ClassDeclaration | TSESTree.ClassExpression): IR.ClassNode {
    const members: IR.ClassMember[] = [];
    for (const member of node.body.body) {
      const key = "key" in member && member.key ? propertyKey(member.key, "computed" in member && member.computed) : null;
      switch (member.type) {
        case "MethodDefinition":
          members.push({
            range: range(member),
            key: member.kind === "constructor" ? "constructor" : key,
            value: fn(member.value),
            isStatic: member.static,
            typeText: null,
            ...(member.kind === "get" || member.kind === "set" ? { accessor: member.kind } : {}),
          });
          break;
        case "PropertyDefinition":
        case "AccessorProperty":
          members.push({ range: range(member), key, value: member.value ? expression(member.value) : null, isStatic: member.static, typeText: typeText(member.typeAnnotation) });
          break;
        case "StaticBlock":
          members.push({ range: range(member), key: null, value: unknown(member, statements(member.body)), isStatic: true, typeText: null });
          break;
      }
    }
    return { kind: "class", range: range(node), name: node.id ? node.id.name : null, superClass: node.superClass ? expression(node.superClass) : null, members };
  }

  function moduleExportName(name: TSESTree.Identifier | TSESTree.StringLiteral): string {
    return name.type === "Identifier" ? name.name : String(name.value);
  }

  function propertyKey(key: N, computed: boolean): string | null {
    if (!computed && key.type === "Identifier") return key.name;
    if (key.type === "PrivateIdentifier") return `#${key.name}`;
    if (key.type === "Literal" && (typeof key.value === "string" || typeof key.value === "number")) return String(key.value);
    if (key.type === "TemplateLiteral" && key.expressions.length === 0) return key.quasis[0]!.value.cooked ?? null;
    return null;
  }

  /** A binding pattern; `declaring` is false for assignment targets, whose names are references. */
  function pattern(node: N, declaring = true): IR.Pattern {
    const r = range(node);
    switch (node.type) {
      case "Identifier":
        if (!declaring) return { kind: "expression-pattern", range: r, expression: expression(node) };
        return { kind: "identifier-pattern", range: r, name: node.name, typeText: typeText(node.typeAnnotation) };
      case "ObjectPattern":
        return {
          kind: "object-pattern",
          range: r,
          typeText: typeText(node.typeAnnotation),
          ...objectPatternParts(node, declaring),
        };
      case "ArrayPattern": {
        const elements: (IR.Pattern | null)[] = [];
        let rest: IR.Pattern | null = null;
        for (const element of node.elements) {
          if (!element) elements.push(null);
          else if (element.type === "RestElement") rest = pattern(element.argument, declaring);
          else elements.push(pattern(element, declaring));
        }
        return { kind: "array-pattern", range: r, elements, rest, typeText: typeText(node.typeAnnotation) };
      }
      case "AssignmentPattern":
        return { kind: "default-pattern", range: r, target: pattern(node.left, declaring), value: expression(node.right) };
      case "RestElement":
        // `...parts: string[]`: ESTree puts the type on the rest element; the compiler's lowering
        // has it on the name, its range running to the type's end.
        if (declaring && node.argument.type === "Identifier" && node.typeAnnotation) {
          return { kind: "identifier-pattern", range: [node.argument.range[0], node.range[1]], name: node.argument.name, typeText: typeText(node.typeAnnotation) };
        }
        return pattern(node.argument, declaring);
      case "TSParameterProperty":
        return pattern(node.parameter);
      default:
        return { kind: "expression-pattern", range: r, expression: expression(node as TSESTree.Expression) };
    }
  }

  function objectPatternParts(node: TSESTree.ObjectPattern, declaring: boolean): { properties: IR.ObjectPatternProperty[]; rest: IR.Pattern | null } {
    const properties: IR.ObjectPatternProperty[] = [];
    let rest: IR.Pattern | null = null;
    for (const property of node.properties) {
      if (property.type === "RestElement") {
        rest = pattern(property.argument, declaring);
        continue;
      }
      properties.push({
        range: range(property),
        key: propertyKey(property.key, property.computed),
        keyRange: range(property.key),
        computedKey: property.computed ? expression(property.key as TSESTree.Expression) : null,
        value: pattern(property.value, declaring),
      });
    }
    return { properties, rest };
  }

  function template(node: TSESTree.TemplateLiteral, tag: IR.Expression | null): IR.TemplateLiteral {
    return {
      kind: "template",
      range: range(node),
      tag,
      quasis: node.quasis.map((quasi) => {
        const start = quasi.range[0] + 1;
        return { range: [start, start + quasi.value.raw.length] as IR.Range, value: quasi.value.cooked ?? quasi.value.raw };
      }),
      expressions: node.expressions.map((e) => expression(e)),
    };
  }

  function expression(node: N): IR.Expression {
    return deeper(node, lowerExpression, opaqueExpression);
  }

  function lowerExpression(node: N): IR.Expression {
    const r = range(node);
    switch (node.type) {
      case "Literal": {
        const value = node.value;
        if (typeof value === "string") return { kind: "string", range: r, value };
        if (typeof value === "number") return { kind: "number", range: r, value, raw: node.raw };
        if (typeof value === "boolean") return { kind: "boolean", range: r, value };
        if (value === null && !("regex" in node && node.regex) && !("bigint" in node && node.bigint)) return { kind: "null", range: r };
        if ("regex" in node && node.regex) return { kind: "regex", range: r, pattern: node.regex.pattern, flags: node.regex.flags };
        return unknown(node);
      }
      case "TemplateLiteral":
        return template(node, null);
      case "TaggedTemplateExpression":
        return template(node.quasi, expression(node.tag));
      case "Identifier":
        return { kind: "identifier", range: r, name: node.name };
      case "ThisExpression":
        return { kind: "this", range: r };
      case "MemberExpression": {
        const property = node.computed ? propertyKey(node.property, true) : node.property.type === "PrivateIdentifier" ? `#${node.property.name}` : (node.property as TSESTree.Identifier).name;
        return {
          kind: "member",
          range: r,
          object: expression(node.object),
          property,
          computed: node.computed ? expression(node.property) : null,
          propertyRange: range(node.property),
          optional: node.optional,
        };
      }
      // TypeScript has no node for an optional chain: not a level of nesting (see `deeper`).
      case "ChainExpression":
        return lowerExpression(node.expression);
      case "CallExpression":
        // `super(…)`: a call of `super`, a name no code can declare (see `classMember`).
        if (node.callee.type === "Super") return { kind: "call", range: r, callee: { kind: "identifier", name: "super", range: range(node.callee) }, args: node.arguments.map((a) => expression(a)), optional: false };
        return { kind: "call", range: r, callee: expression(node.callee), args: node.arguments.map((a) => expression(a)), optional: node.optional };
      case "NewExpression":
        return { kind: "new", range: r, callee: expression(node.callee), args: node.arguments.map((a) => expression(a)) };
      case "ObjectExpression":
        return {
          kind: "object",
          range: r,
          properties: node.properties.map((property): IR.Property | IR.SpreadElement => {
            if (property.type === "SpreadElement") return { kind: "spread", range: range(property), argument: expression(property.argument) };
            return {
              kind: "property",
              range: range(property),
              key: propertyKey(property.key, property.computed),
              keyRange: range(property.key),
              computedKey: property.computed ? expression(property.key) : null,
              value: property.value.type === "AssignmentPattern" ? expression(property.value.right) : expression(property.value),
              shorthand: property.shorthand,
            };
          }),
        };
      case "ArrayExpression":
        return { kind: "array", range: r, elements: node.elements.map((e) => (e ? expression(e) : null)) };
      case "SpreadElement":
        return { kind: "spread", range: r, argument: expression(node.argument) };
      case "ArrowFunctionExpression":
      case "FunctionExpression":
        return fn(node);
      case "ClassExpression":
        return cls(node);
      case "BinaryExpression":
        if (node.left.type === "PrivateIdentifier") return unknown(node, [expression(node.right)]);
        return { kind: "binary", range: r, operator: node.operator, left: expression(node.left), right: expression(node.right) };
      case "LogicalExpression":
        return { kind: "logical", range: r, operator: node.operator, left: expression(node.left), right: expression(node.right) };
      case "ConditionalExpression":
        return { kind: "conditional", range: r, test: expression(node.test), consequent: expression(node.consequent), alternate: expression(node.alternate) };
      case "UnaryExpression":
        return { kind: "unary", range: r, operator: node.operator, argument: expression(node.argument) };
      case "UpdateExpression": {
        // `i++`: unknown as a value, and a write of `i` (see the scanner's lowering).
        const target = expression(node.argument);
        const write: IR.Expression = { kind: "assign", range: r, operator: node.operator, target: { kind: "expression-pattern", range: target.range, expression: target }, value: { kind: "number", range: r, value: 1, raw: "1" } };
        return unknown(node, [write]);
      }
      case "AwaitExpression":
        return { kind: "await", range: r, argument: expression(node.argument) };
      case "YieldExpression":
        return unknown(node, node.argument ? [expression(node.argument)] : []);
      case "AssignmentExpression":
        return { kind: "assign", range: r, operator: node.operator, target: pattern(node.left, false), value: expression(node.right) };
      case "SequenceExpression":
        return { kind: "sequence", range: r, expressions: node.expressions.map((e) => expression(e)) };
      case "TSAsExpression":
      case "TSSatisfiesExpression":
      case "TSTypeAssertion":
        return { kind: "typed", range: r, expression: expression(node.expression), typeText: text.slice(node.typeAnnotation.range[0], node.typeAnnotation.range[1]) };
      case "TSNonNullExpression":
      case "TSInstantiationExpression":
        return { kind: "typed", range: r, expression: expression(node.expression), typeText: null };
      case "JSXElement":
      case "JSXFragment":
        return jsx(node);
      case "JSXExpressionContainer":
        return node.expression.type === "JSXEmptyExpression" ? unknown(node) : expression(node.expression);
      case "ImportExpression":
        // A call of `import` (see `globalFunctionCall`); only the specifier, as the compiler's lowering.
        return { kind: "call", range: r, callee: { kind: "identifier", name: "import", range: [r[0], r[0] + "import".length] }, args: [expression(node.source)], optional: false };
      default:
        return unknown(node);
    }
  }

  function jsx(node: TSESTree.JSXElement | TSESTree.JSXFragment): IR.Expression {
    const opening = node.type === "JSXElement" ? node.openingElement : null;
    const attributes: IR.JsxElement["attributes"] = [];
    for (const attribute of opening?.attributes ?? []) {
      if (attribute.type === "JSXSpreadAttribute") {
        attributes.push({ name: null, value: expression(attribute.argument), range: range(attribute) });
        continue;
      }
      const name = attribute.name.type === "JSXIdentifier" ? attribute.name.name : `${attribute.name.namespace.name}:${attribute.name.name.name}`;
      const value = attribute.value;
      attributes.push({
        name,
        range: range(attribute),
        value: !value ? null : value.type === "Literal" ? expression(value) : value.type === "JSXExpressionContainer" ? expression(value) : jsx(value as TSESTree.JSXElement),
      });
    }
    const children = node.children.flatMap((child): IR.Expression[] => {
      if (child.type === "JSXText") return [];
      if (child.type === "JSXExpressionContainer") return child.expression.type === "JSXEmptyExpression" ? [] : [expression(child.expression)];
      if (child.type === "JSXSpreadChild") return [expression(child.expression)];
      return [jsx(child)];
    });
    return jsxElement(range(node), opening ? { text: text.slice(opening.name.range[0], opening.name.range[1]), range: range(opening.name) } : null, attributes, children);
  }

  return {
    file: input.file,
    text,
    body: statements(input.program.body),
    comments: (input.comments ?? input.program.comments ?? []).map((comment) => ({ text: comment.value, range: range(comment), block: comment.type === "Block" })),
  };
}
