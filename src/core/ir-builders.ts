/**
 * Model nodes for TypeScript-only module syntax, which both lowerings express in CommonJS terms
 * so that the core has one way to read them.
 */
import type { Expression, Range, Statement } from "./ir.js";

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
