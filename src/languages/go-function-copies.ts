/**
 * What the Go front end reads of a file before lowering it, to give a function's results where
 * Go code takes them: the functions that decode JSON into a parameter their caller passes
 * (`c.do("GET", path, nil, &out)`), and the later results (after the first) that calls assign
 * (`zoneID, byName, err := records(zone)`). The front end lowers a copy of each such function
 * that returns what the caller takes (`do%out`, `records%r1`), and calls it in its place.
 */
import type { SyntaxNode } from "./tree-sitter.js";

/** What names the copy of a function that gives one of its later results (`records%r1`). */
export const RESULT_SUFFIX = "%r";

export const resultKey = (name: string, method: boolean) => (method ? `.${name}` : name);

/** A function or method declared at the top level (`func (c *Client) records(`): its receiver, if any, and its name. */
const GO_FUNCTION = /^func[ \t]*(\([^)\n]*\))?[ \t]*([A-Za-z_]\w*)/gm;
/** A call whose results are assigned to several names (`zoneID, byName, err := records(zone)`, `if a, b := c.get(x); …`). */
const GO_RESULTS_ASSIGNED = /^[ \t]*(?:if[ \t]+)?((?:[A-Za-z_]\w*[ \t]*,[ \t]*)+[A-Za-z_]\w*)[ \t]*:?=[ \t]*([A-Za-z_][\w.]*)[ \t]*\(/gm;
/** Names a later result is given that are no value of the API (an error, the `ok` of a lookup). */
const NOT_VALUES = new Set(["_", "err", "ok", "error"]);

/**
 * The later results (after the first) of functions and methods that calls of a file assign to a
 * name (`zoneID, byName, err := records(zone)`: `records`' result 1), by function name (a
 * method's with a leading `.`). Read from the text: a file's assignments are many, and walking
 * the syntax tree for them cost a generated SDK's files a fifth of their lowering.
 */
export function resultsUsedOf(text: string): Map<string, Set<number>> {
  const used = new Map<string, Set<number>>();
  // Only the file's own functions and methods have copies (not the SDK's `api.DNSRecords`).
  const declared = new Set([...text.matchAll(GO_FUNCTION)].map((match) => resultKey(match[2]!, match[1] !== undefined)));
  for (const match of text.matchAll(GO_RESULTS_ASSIGNED)) {
    const callee = match[2]!;
    const dot = callee.lastIndexOf(".");
    const key = resultKey(callee.slice(dot + 1), dot >= 0);
    if (!declared.has(key)) continue;
    match[1]!.split(",").forEach((target, index) => {
      if (index === 0 || NOT_VALUES.has(target.trim())) return;
      let indices = used.get(key);
      if (!indices) used.set(key, (indices = new Set()));
      indices.add(index);
    });
  }
  return used;
}

/** encoding/json's decoding (`json.Unmarshal(`, `json.NewDecoder(`), not another package's (`apijson.Unmarshal(`). */
const GO_JSON_DECODING = /\bjson\.(?:Unmarshal|NewDecoder)\(/;

/** The name given the copy of a function that decodes JSON into a parameter, which returns that parameter. */
export const OUT_PARAMETER_SUFFIX = "%out";

/** A parameter a function decodes JSON into (`out` of `func (c *Client) do(method, path string, out any) error`). */
export interface OutParameter {
  name: string;
  index: number;
  /** Declared on a receiver type (called as `c.do(…)`). */
  method: boolean;
}

/**
 * What a call writes its result into: `&out` (or `&s.out`), or, inside the copy of an
 * out-parameter function, that function's own parameter passed on (`return c.get(path, out)`).
 */
export function outTarget(node: SyntaxNode | undefined, outParameter: string | null): SyntaxNode | null {
  if (node?.type === "unary_expression" && node.childForFieldName("operator")?.text === "&") return node.childForFieldName("operand");
  return node?.type === "identifier" && node.text === outParameter ? node : null;
}

/** The names of a function's parameters, in order. */
function parameterNames(node: SyntaxNode): string[] {
  return (node.childForFieldName("parameters")?.namedChildren ?? []).flatMap((declaration) => declaration?.childrenForFieldName("name").flatMap((name) => (name ? [name.text] : [])) ?? []);
}

/**
 * The functions and methods of a file that decode JSON into one of their parameters
 * (`json.NewDecoder(resp.Body).Decode(out)`, `json.Unmarshal(raw, into)`), or pass that parameter
 * on to one that does, by name. A name declared twice (a function and a method, or methods of two
 * types) with different parameters is left out.
 */
export function outParametersOf(root: SyntaxNode, text: string): Map<string, OutParameter> {
  // Most files decode nothing with encoding/json: their functions are not searched.
  if (!GO_JSON_DECODING.test(text)) return new Map();
  const functions = root.namedChildren.filter((child): child is SyntaxNode => child?.type === "function_declaration" || child?.type === "method_declaration");
  const found = new Map<string, OutParameter | null>();
  const calls = new Map(functions.map((fn) => [fn, fn.childForFieldName("body")?.descendantsOfType("call_expression").filter((call): call is SyntaxNode => call !== null) ?? []]));
  for (let changed = true; changed; ) {
    changed = false;
    for (const fn of functions) {
      const name = fn.childForFieldName("name")?.text;
      if (name === undefined || found.get(name) === null) continue;
      const names = parameterNames(fn);
      for (const call of calls.get(fn)!) {
        const callee = call.childForFieldName("function");
        const args = call.childForFieldName("arguments")?.namedChildren.filter((n): n is SyntaxNode => n !== null && n.type !== "comment") ?? [];
        const calleeName = callee?.type === "selector_expression" ? callee.childForFieldName("field")?.text : callee?.text;
        let written: SyntaxNode | undefined;
        if (callee?.text === "json.Unmarshal") written = args[1];
        else if (calleeName === "Decode" && callee?.childForFieldName("operand")?.childForFieldName("function")?.text === "json.NewDecoder") written = args[0];
        else {
          const passedTo = calleeName === undefined ? undefined : found.get(calleeName);
          if (passedTo && passedTo.method === (callee?.type === "selector_expression")) written = args[passedTo.index];
        }
        const index = written?.type === "identifier" ? names.indexOf(written.text) : -1;
        if (index < 0) continue;
        const out: OutParameter = { name: names[index]!, index, method: fn.type === "method_declaration" };
        const known = found.get(name);
        if (known === undefined) {
          found.set(name, out);
          changed = true;
        } else if (known !== null && (known.index !== out.index || known.method !== out.method)) {
          found.set(name, null);
          changed = true;
        }
        break;
      }
    }
  }
  return new Map([...found].filter((entry): entry is [string, OutParameter] => entry[1] !== null));
}
