/**
 * The neutral program model that both front ends lower their syntax trees into.
 *
 * It keeps only what detection needs: strings and how they are built, names and what they are
 * bound to, calls, member reads, object and array literals, functions, control flow that scopes
 * values (if, switch, for...of), imports and exports, and declared type text. Everything else is
 * lowered to `unknown` nodes that keep their children, so nothing inside them is missed.
 *
 * Every node carries `range`: [start, end) offsets into the file text, which is how findings are
 * located and how fixes are written. This module must stay free of any syntax-tree library.
 */

export type Range = readonly [number, number];

/**
 * How deeply the front ends nest expressions and statements in the model; deeper code is an
 * `unknown` node (expressions) or an empty `other` statement, so no walk can overflow the stack.
 */
export const MAX_LOWERING_DEPTH = 200;

/**
 * The depth budget one lowering shares across its recursion: `deeper(node, lower, tooDeep)` is
 * `lower(node)` one level down, or the opaque stand-in `tooDeep(node)` past `MAX_LOWERING_DEPTH`
 * (the TypeScript parser itself accepts about 750 nested parentheses). Both front ends count the
 * same levels. The node is passed, not captured: the lowerings call this for every node, and two
 * closures per node were a tenth of the editor's lowering time.
 */
export function loweringDepthBudget(): <N, T>(node: N, lower: (node: N) => T, tooDeep: (node: N) => T) => T {
  let depth = 0;
  return (node, lower, tooDeep) => {
    if (depth >= MAX_LOWERING_DEPTH) return tooDeep(node);
    depth++;
    try {
      return lower(node);
    } finally {
      depth--;
    }
  };
}

interface NodeBase {
  range: Range;
}

// ---- expressions -----------------------------------------------------------------------------

export interface StringLiteral extends NodeBase {
  kind: "string";
  value: string;
}
export interface NumberLiteral extends NodeBase {
  kind: "number";
  value: number;
  /** The source text (`0xCC13`, `1004`). */
  raw: string;
}
export interface BooleanLiteral extends NodeBase {
  kind: "boolean";
  value: boolean;
}
export interface NullLiteral extends NodeBase {
  kind: "null";
}
/** `/\/+$/g`: its source and flags (for `replace`, which can then be run on a known string). */
export interface RegexLiteral extends NodeBase {
  kind: "regex";
  pattern: string;
  flags: string;
}
export interface TemplateQuasi extends NodeBase {
  /** Cooked text; `null` when the escape is invalid (tagged templates). */
  value: string;
}
export interface TemplateLiteral extends NodeBase {
  kind: "template";
  quasis: TemplateQuasi[];
  expressions: Expression[];
  /** `String.raw` and other tags. */
  tag: Expression | null;
}
export interface Identifier extends NodeBase {
  kind: "identifier";
  name: string;
}
export interface ThisExpression extends NodeBase {
  kind: "this";
}
export interface MemberExpression extends NodeBase {
  kind: "member";
  object: Expression;
  /** The property name when it is static (`a.b`, `a['b']`, `a[0]` gives "0"); else `null`. */
  property: string | null;
  /** The computed key expression (`a[key]`), also set for literal keys. */
  computed: Expression | null;
  propertyRange: Range;
  optional: boolean;
}
export interface CallExpression extends NodeBase {
  kind: "call";
  callee: Expression;
  args: Expression[];
  optional: boolean;
  /** A JSX element of a component, its props the one argument (see `jsxElement`). Absent otherwise. */
  jsx?: true;
}
export interface NewExpression extends NodeBase {
  kind: "new";
  callee: Expression;
  args: Expression[];
  /** A struct literal of a type declared in another file (Go's `&Client{…}`): where the type is no class, the record given. Absent otherwise. */
  literal?: true;
}
export interface Property extends NodeBase {
  kind: "property";
  /** Static key (identifier, string or number key); `null` when computed from an expression. */
  key: string | null;
  keyRange: Range;
  computedKey: Expression | null;
  value: Expression;
  shorthand: boolean;
}
export interface SpreadElement extends NodeBase {
  kind: "spread";
  argument: Expression;
}
export interface ObjectLiteral extends NodeBase {
  kind: "object";
  properties: (Property | SpreadElement)[];
}
export interface ArrayLiteral extends NodeBase {
  kind: "array";
  elements: (Expression | null)[];
}
export interface FunctionNode extends NodeBase {
  kind: "function";
  name: string | null;
  params: Pattern[];
  /** A block body, or the expression of an arrow function with an expression body. */
  body: Statement[] | Expression;
  async: boolean;
  /** An arrow function: it sees the `this` of the function around it. */
  arrow: boolean;
  /** Declared return type text, if any. */
  returnType: string | null;
  /** The last parameter gathers the arguments from its place on (`(...parts) => …`). Absent otherwise. */
  restParam?: true;
}
export interface ClassMember extends NodeBase {
  key: string | null;
  value: Expression | null;
  isStatic: boolean;
  typeText: string | null;
  /** An accessor (`get rulesPath() { … }`): reading the member calls it. Absent for other members. */
  accessor?: "get" | "set";
}
export interface ClassNode extends NodeBase {
  kind: "class";
  name: string | null;
  superClass: Expression | null;
  members: ClassMember[];
  /** A Go struct type with methods: `new T(fields)` (a composite literal `&T{Token: t}`) is an instance holding those fields. Absent otherwise. */
  struct?: true;
}
export interface BinaryExpression extends NodeBase {
  kind: "binary";
  operator: string;
  left: Expression;
  right: Expression;
}
/** The key a member reads: `x.id`, or a text index, `x["id"]` (PHP's `$x['id']`); null when computed otherwise. */
export function memberKey(member: MemberExpression): string | null {
  return member.property ?? (member.computed?.kind === "string" ? member.computed.value : null);
}
export interface LogicalExpression extends NodeBase {
  kind: "logical";
  operator: "&&" | "||" | "??";
  left: Expression;
  right: Expression;
}
export interface ConditionalExpression extends NodeBase {
  kind: "conditional";
  test: Expression;
  consequent: Expression;
  alternate: Expression;
}
export interface UnaryExpression extends NodeBase {
  kind: "unary";
  operator: string;
  argument: Expression;
}
export interface AwaitExpression extends NodeBase {
  kind: "await";
  argument: Expression;
}
export interface AssignmentExpression extends NodeBase {
  kind: "assign";
  operator: string;
  target: Pattern;
  value: Expression;
}
export interface SequenceExpression extends NodeBase {
  kind: "sequence";
  expressions: Expression[];
}
/** `x as T`, `<T>x`, `x satisfies T`, `x!`: the value of `expression`, with the type written. */
export interface TypedExpression extends NodeBase {
  kind: "typed";
  expression: Expression;
  typeText: string | null;
}
export interface JsxElement extends NodeBase {
  kind: "jsx";
  tagName: string;
  attributes: { name: string | null; value: Expression | null; range: Range }[];
  children: Expression[];
}
/** Anything else: its sub-expressions and statements are kept so that nothing inside is missed. */
export interface UnknownExpression extends NodeBase {
  kind: "unknown";
  children: (Expression | Statement)[];
}

export type Expression =
  | StringLiteral
  | NumberLiteral
  | BooleanLiteral
  | NullLiteral
  | RegexLiteral
  | TemplateLiteral
  | Identifier
  | ThisExpression
  | MemberExpression
  | CallExpression
  | NewExpression
  | ObjectLiteral
  | ArrayLiteral
  | SpreadElement
  | FunctionNode
  | ClassNode
  | BinaryExpression
  | LogicalExpression
  | ConditionalExpression
  | UnaryExpression
  | AwaitExpression
  | AssignmentExpression
  | SequenceExpression
  | TypedExpression
  | JsxElement
  | UnknownExpression;

// ---- patterns --------------------------------------------------------------------------------

export interface IdentifierPattern extends NodeBase {
  kind: "identifier-pattern";
  name: string;
  typeText: string | null;
}
export interface ObjectPatternProperty extends NodeBase {
  key: string | null;
  keyRange: Range;
  computedKey: Expression | null;
  value: Pattern;
}
export interface ObjectPattern extends NodeBase {
  kind: "object-pattern";
  properties: ObjectPatternProperty[];
  rest: Pattern | null;
  typeText: string | null;
}
export interface ArrayPattern extends NodeBase {
  kind: "array-pattern";
  elements: (Pattern | null)[];
  rest: Pattern | null;
  typeText: string | null;
}
export interface DefaultPattern extends NodeBase {
  kind: "default-pattern";
  target: Pattern;
  value: Expression;
}
/** An assignment target that is not a declaration (`a.b = x`, `[a.b] = y`). */
export interface ExpressionPattern extends NodeBase {
  kind: "expression-pattern";
  expression: Expression;
}

export type Pattern = IdentifierPattern | ObjectPattern | ArrayPattern | DefaultPattern | ExpressionPattern;

// ---- statements ------------------------------------------------------------------------------

export interface VariableDeclarator extends NodeBase {
  target: Pattern;
  init: Expression | null;
}
export interface VariableDeclaration extends NodeBase {
  kind: "var";
  declarationKind: "const" | "let" | "var" | "using";
  declarations: VariableDeclarator[];
}
export interface FunctionDeclaration extends NodeBase {
  kind: "function-declaration";
  fn: FunctionNode;
}
export interface ClassDeclaration extends NodeBase {
  kind: "class-declaration";
  cls: ClassNode;
}
export interface ExpressionStatement extends NodeBase {
  kind: "expression";
  expression: Expression;
}
export interface ReturnStatement extends NodeBase {
  kind: "return";
  argument: Expression | null;
}
export interface IfStatement extends NodeBase {
  kind: "if";
  test: Expression;
  consequent: Statement;
  alternate: Statement | null;
}
export interface BlockStatement extends NodeBase {
  kind: "block";
  body: Statement[];
}
/**
 * What each turn of a loop takes from the value it iterates, by the language's iteration:
 * - `"elements"`: JavaScript's `for…of`: an array's elements, a Map's entries (the default);
 * - `"keys"`: JavaScript's `for…in`, Go's `for k := range m`: an object's keys (a list's indices are not known);
 * - `"elements-or-keys"`: Python's `for x in d`: a dict's keys, a list's elements;
 * - `"values"`: PHP's `foreach ($a as $v)`: an associative array's values, a list's elements;
 * - `"pairs"`: PHP's `foreach ($a as $k => $v)`, Go's `for k, v := range m`: `[key, value]`
 *   (`[index, element]` for a list, the index not known);
 * - `"each"`: Terraform's `for_each`: `[key, value]` of a map, `[element, element]` of a set.
 */
export type Iteration = "elements" | "keys" | "elements-or-keys" | "values" | "pairs" | "each";

export interface ForOfStatement extends NodeBase {
  kind: "for-of";
  /** A declaration (`const x`) or an assignment target. */
  declarationKind: "const" | "let" | "var" | null;
  target: Pattern;
  right: Expression;
  body: Statement;
  /** `"elements"` when absent. */
  iterates?: Iteration;
}
/** for, while, do...while: what matters is what they contain. */
export interface LoopStatement extends NodeBase {
  kind: "loop";
  children: (Expression | Statement)[];
  body: Statement;
}
export interface SwitchStatement extends NodeBase {
  kind: "switch";
  discriminant: Expression;
  cases: { test: Expression | null; body: Statement[]; range: Range }[];
}
export interface TryStatement extends NodeBase {
  kind: "try";
  block: Statement;
  param: Pattern | null;
  handler: Statement | null;
  finalizer: Statement | null;
}
export interface ImportSpecifier {
  local: string;
  /** `default`, `*` for a namespace import, or the imported name. */
  imported: string;
  range: Range;
}
export interface ImportDeclaration extends NodeBase {
  kind: "import";
  source: string;
  specifiers: ImportSpecifier[];
  /** Python's `from consts import *`: every name the module binds, in this module's scope (and passed on). */
  all?: true;
}
export interface ExportNamed extends NodeBase {
  kind: "export-named";
  declaration: Statement | null;
  specifiers: { local: string; exported: string }[];
  source: string | null;
}
export interface ExportDefault extends NodeBase {
  kind: "export-default";
  /** The exported expression (a function or class declaration is lowered as its expression). */
  expression: Expression;
}
export interface ExportAll extends NodeBase {
  kind: "export-all";
  source: string;
  exported: string | null;
}
/** `interface X { … }` or `type X = { … }`: only the names of its properties, for telling records by shape. */
export interface TypeDeclaration extends NodeBase {
  kind: "type-declaration";
  name: string;
  members: string[];
  /**
   * A structure JSON is decoded into by a library that fails when a member is missing (Rust's
   * serde `Deserialize`): the members it requires (not optional, no default), by their JSON names,
   * with where each is declared.
   */
  decodedRequires?: { name: string; range: Range }[];
}
/** `break` or `continue` (labelled or not): leaves a `switch` case, or the loop's turn. */
export interface BreakStatement extends NodeBase {
  kind: "break";
}
export interface OtherStatement extends NodeBase {
  kind: "other";
  children: (Expression | Statement)[];
}

export type Statement =
  | VariableDeclaration
  | FunctionDeclaration
  | ClassDeclaration
  | ExpressionStatement
  | ReturnStatement
  | IfStatement
  | BlockStatement
  | ForOfStatement
  | LoopStatement
  | SwitchStatement
  | BreakStatement
  | TryStatement
  | ImportDeclaration
  | ExportNamed
  | ExportDefault
  | ExportAll
  | TypeDeclaration
  | OtherStatement;

/** A lowered source file. */
export interface Module {
  /** Path as given by the front end (used in findings and for resolving relative imports). */
  file: string;
  text: string;
  body: Statement[];
  /** Comments, for suppressions and for telling prose from code. */
  comments: { text: string; range: Range; block: boolean }[];
  /** A data module's value (a JSON document): what importing or requiring it gives. */
  value?: Expression;
  /**
   * A data document (JSON, YAML): its strings are values as written, not text code puts together,
   * so JSON text in them (a recorded response's `body: |`) is not read as objects (see json-text.ts).
   */
  data?: true;
}

export type Node = Expression | Pattern | Statement;
