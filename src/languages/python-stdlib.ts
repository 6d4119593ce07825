/**
 * The standard library calls Python scripts make requests and gather results with: urllib's
 * `Request`/`urlopen` (Python 2's `urllib2` too) and `asyncio.gather`, known by the names the
 * file's imports give them.
 */
import type * as IR from "../core/ir.js";
import { REQUEST_FUNCTION, type TreeLowering } from "./lowering.js";
import { attributeChain } from "./python-chains.js";
import type { SyntaxNode } from "./tree-sitter.js";

/** The names a file's imports give urllib and asyncio, and what each stands for. */
export class PythonStdlibNames {
  /** `import urllib.request` binds `urllib` (named whole where used); `from urllib import request`, an alias, or a function imported by name stand for what they name. */
  private readonly urllib = new Map<string, string>();
  /** `asyncio`, and its `gather` imported by name. */
  private readonly asyncio = new Map<string, string>();

  note(local: string, module: string): void {
    if (/^urllib2?(?:\.|$)/.test(module)) this.urllib.set(local, local === module.split(".")[0] ? local : module);
    if (module === "asyncio" || module === "asyncio.gather") this.asyncio.set(local, module);
  }

  /** `urllib.request.urlopen`, `request.Request`, `urlopen` imported by name: which of the two; `null` otherwise. */
  urllibFunction(callee: SyntaxNode): "urlopen" | "Request" | null {
    const full = this.urllib.size === 0 ? null : fullName(callee, this.urllib);
    if (full === "urllib.request.urlopen" || full === "urllib2.urlopen") return "urlopen";
    if (full === "urllib.request.Request" || full === "urllib2.Request") return "Request";
    return null;
  }

  isAsyncioGather(callee: SyntaxNode): boolean {
    return this.asyncio.size > 0 && fullName(callee, this.asyncio) === "asyncio.gather";
  }
}

/** The dotted name a call's callee stands for, through the names imported (`ur.urlopen` with `import urllib.request as ur`). */
function fullName(callee: SyntaxNode, names: ReadonlyMap<string, string>): string | null {
  const chain = attributeChain(callee);
  const stands = chain ? names.get(chain[0]!) : undefined;
  return chain && stands !== undefined ? [stands, ...chain.slice(1)].join(".") : null;
}

/** A call's arguments as the front end read them. */
export interface PythonArguments {
  nodes: readonly SyntaxNode[];
  positional: IR.Expression[];
  named: ReadonlyMap<string, IR.Expression>;
  keywords: readonly IR.Property[];
  url: IR.Expression | null;
}

/**
 * A call of the standard library lowered: `asyncio.gather(*[fetch(z) for z in zones])` (or
 * `gather(a, b)`) as the list of what each gives (awaiting is transparent here); urllib's
 * `Request(url, data=…, method=…)` as what it asks (a request object, as fetch reads one) and
 * `urlopen(request_or_url, data=…)` as the request (POST with data). `null` for any other call.
 */
export function stdlibCall(lowering: TreeLowering, names: PythonStdlibNames, callee: SyntaxNode, args: PythonArguments, range: IR.Range): IR.Expression | null {
  if (names.isAsyncioGather(callee)) {
    return lowering.array(
      args.nodes.flatMap((argument): IR.Expression[] => {
        if (argument.type === "keyword_argument") return [];
        const spread = argument.type === "list_splat" ? argument.namedChildren[0] : null;
        return [spread ? { kind: "spread", range: lowering.range(argument), argument: lowering.expression(spread) } : lowering.expression(argument)];
      }),
      range,
    );
  }
  const urllib = names.urllibFunction(callee);
  if (!urllib) return null;
  const data = args.named.get("data") ?? args.positional[1] ?? null;
  if (urllib === "Request") {
    const method = args.named.get("method") ?? (data ? lowering.string("POST", range) : null);
    const fields = [lowering.property("url", range, args.url ?? lowering.opaque(range), range)];
    if (method) fields.push(lowering.property("method", method.range, method, method.range));
    if (data) fields.push(lowering.property("body", data.range, data, data.range));
    return lowering.object([...fields, ...args.keywords.filter((keyword) => keyword.key === "headers")], range);
  }
  const init = data ? [lowering.object([lowering.property("method", range, lowering.string("POST", range), range), lowering.property("body", data.range, data, data.range)], range)] : [];
  return lowering.call(lowering.identifier(REQUEST_FUNCTION, range), [args.url ?? lowering.opaque(range), ...init, ...args.positional.slice(2)], range);
}
