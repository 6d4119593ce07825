/**
 * Model nodes for syntax both lowerings express in plain JavaScript terms (TypeScript's module
 * syntax in CommonJS terms, an enum as an object, a JSX component's element as a call) so that the
 * core has one way to read them.
 */
import type { Expression, FunctionNode, JsxElement, Property, Range, SpreadElement, Statement } from "./ir.js";

/** A member of an enum, as a lowering reads it: its name, and its initializer if it has one. */
export interface EnumMember {
  key: string | null;
  keyRange: Range;
  range: Range;
  value: Expression | null;
}

/**
 * `enum Setting { Minify = "minify", Next }` is `const Setting = { Minify: "minify", … }`: what
 * code reads of it (`Setting.Minify`), here or in a module that imports it. A member without an
 * initializer is the one before it plus one (the first is 0) while those are number literals;
 * after any other initializer it is left out (its value unknown), as are computed names.
 */
export function enumAsObject(range: Range, name: { text: string; range: Range }, members: readonly EnumMember[]): Statement {
  const properties: Property[] = [];
  let next: number | null = 0;
  for (const member of members) {
    let value = member.value;
    if (value === null && next !== null) value = { kind: "number", range: member.range, value: next, raw: String(next) };
    next = value?.kind === "number" ? value.value + 1 : null;
    if (value === null || member.key === null) continue;
    properties.push({ kind: "property", range: member.range, key: member.key, keyRange: member.keyRange, computedKey: null, value, shorthand: false });
  }
  return {
    kind: "var",
    range,
    declarationKind: "const",
    declarations: [{ range, target: { kind: "identifier-pattern", range: name.range, name: name.text, typeText: null }, init: { kind: "object", range, properties } }],
  };
}

/** `export = value` is `module.exports = value`. */
export function exportEquals(range: Range, value: Expression): Statement {
  const target: Expression = {
    kind: "member",
    range,
    object: { kind: "identifier", name: "module", range },
    property: "exports",
    computed: null,
    propertyRange: range,
    optional: false,
  };
  return { kind: "expression", range, expression: { kind: "assign", range, operator: "=", target: { kind: "expression-pattern", range, expression: target }, value } };
}

/** `import name = require("specifier")` is `const name = require("specifier")`. */
export function importEqualsRequire(range: Range, name: { text: string; range: Range }, referenceRange: Range, specifier: Expression): Statement {
  return {
    kind: "var",
    range,
    declarationKind: "const",
    declarations: [
      {
        range,
        target: { kind: "identifier-pattern", range: name.range, name: name.text, typeText: null },
        init: { kind: "call", range: referenceRange, callee: { kind: "identifier", name: "require", range: referenceRange }, args: [specifier], optional: false },
      },
    ],
  };
}

/**
 * `namespace Legacy { export const RULES = "firewall/rules"; }` is `const Legacy = (() => { const
 * RULES = …; return { RULES }; })()`: what it exports, as a value (`Legacy.RULES`), its other
 * statements kept in its own scope.
 */
export function namespaceAsObject(range: Range, name: { text: string; range: Range }, body: readonly Statement[]): Statement {
  const statements: Statement[] = [];
  const exported: string[] = [];
  for (const statement of body) {
    if (statement.kind === "export-named" && statement.declaration && statement.source === null) {
      statements.push(statement.declaration);
      exported.push(...declaredNames(statement.declaration));
    } else statements.push(statement);
  }
  const properties: Property[] = exported.map((key) => ({ kind: "property", range, key, keyRange: range, computedKey: null, value: { kind: "identifier", name: key, range }, shorthand: true }));
  const fn: FunctionNode = { kind: "function", range, name: null, params: [], body: [...statements, { kind: "return", range, argument: { kind: "object", range, properties } }], async: false, arrow: true, returnType: null };
  return {
    kind: "var",
    range,
    declarationKind: "const",
    declarations: [{ range, target: { kind: "identifier-pattern", range: name.range, name: name.text, typeText: null }, init: { kind: "call", range, callee: fn, args: [], optional: false } }],
  };
}

/** The names a declaration exported from a namespace gives (a name per simple binding). */
function declaredNames(statement: Statement): string[] {
  switch (statement.kind) {
    case "var":
      return statement.declarations.flatMap((declarator) => (declarator.target.kind === "identifier-pattern" ? [declarator.target.name] : []));
    case "function-declaration":
      return statement.fn.name ? [statement.fn.name] : [];
    case "class-declaration":
      return statement.cls.name ? [statement.cls.name] : [];
    default:
      return [];
  }
}

/**
 * A JSX element. A component's (`<SettingCard settingKey="minify" />`, `<ui.Card>`: a capitalized
 * name or a member) is a call of the component with its props, as React makes it
 * (`SettingCard({ settingKey: "minify", children })`): what the component does with them (a request
 * in an effect or an event handler) is then followed from the element, as from any call. A host
 * element (`<div>`, `<svg:rect>`) or a fragment stays an element.
 */
export function jsxElement(range: Range, tag: { text: string; range: Range } | null, attributes: JsxElement["attributes"], children: Expression[]): Expression {
  const component = tag !== null && /^(?:[A-Z_$][\w$]*|[A-Za-z_$][\w$]*(?:\.[A-Za-z_$][\w$]*)+)$/.test(tag.text);
  if (!component) return { kind: "jsx", range, tagName: tag?.text ?? "", attributes, children };
  const properties: (Property | SpreadElement)[] = attributes.map((attribute) =>
    attribute.name === null
      ? { kind: "spread", range: attribute.range, argument: attribute.value ?? { kind: "unknown", range: attribute.range, children: [] } }
      : {
          kind: "property",
          range: attribute.range,
          key: attribute.name,
          keyRange: attribute.range,
          computedKey: null,
          // `<Toggle disabled />`: a name alone is `true`.
          value: attribute.value ?? { kind: "boolean", range: attribute.range, value: true },
          shorthand: false,
        },
  );
  if (children.length > 0) {
    const value: Expression = children.length === 1 ? children[0]! : { kind: "array", range, elements: children };
    properties.push({ kind: "property", range, key: "children", keyRange: range, computedKey: null, value, shorthand: false });
  }
  return { kind: "call", range, callee: tagCallee(tag), args: [{ kind: "object", range, properties }], optional: false, jsx: true };
}

/** `Card` or `ui.forms.Card`, as an identifier or a chain of members. */
function tagCallee(tag: { text: string; range: Range }): Expression {
  const [first, ...rest] = tag.text.split(".");
  let start = tag.range[0];
  let callee: Expression = { kind: "identifier", name: first!, range: [start, start + first!.length] };
  start += first!.length + 1;
  for (const name of rest) {
    const propertyRange: Range = [start, start + name.length];
    callee = { kind: "member", range: [tag.range[0], propertyRange[1]], object: callee, property: name, computed: null, propertyRange, optional: false };
    start += name.length + 1;
  }
  return callee;
}
