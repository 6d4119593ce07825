/**
 * Python's calls that call another function: a thread pool's (`asyncio.to_thread(f, *args)`), a
 * partial application's, a thread's target. python-cloudflare is a blocking client, and async
 * code hands its methods to a pool (`asyncio.to_thread(cf.zones.firewall.rules.post, zone_id,
 * data=rule)`): the Python front end lowers such a call as the call it makes.
 */
import type { SyntaxNode } from "./tree-sitter.js";

/**
 * Calls that call the function they are given, with the arguments after it: `asyncio.to_thread(f,
 * *args, **kwargs)`, anyio's and trio's `to_thread.run_sync(f, *args)`, Starlette's
 * `run_in_threadpool(f, …)`, `functools.partial(f, …)` (called later), an executor's `submit(f, …)`;
 * by the index of the function among the positional arguments.
 */
const FORWARDERS: ReadonlyMap<string, number> = new Map([["to_thread", 0], ["run_sync", 0], ["run_in_threadpool", 0], ["partial", 0], ["submit", 0], ["run_in_executor", 1]]);
/** Wrappers that return the function they are given, to be called (`sync_to_async(f)(…)`, `partial(f, a)(b)`). */
const WRAPPERS = new Set(["sync_to_async", "database_sync_to_async", "partial"]);

/**
 * The call a forwarder makes (`asyncio.to_thread(cf.zones.firewall.rules.post, zone_id, data=rule)`
 * calls `cf.zones.firewall.rules.post(zone_id, data=rule)`, as `loop.run_in_executor(None, f, a)`,
 * `threading.Thread(target=f, args=(a,))`, `sync_to_async(f)(a)` and `partial(f, a)(b)` do), or null.
 * Only a function named (a name or an attribute chain): a lambda's body is read where it is written.
 */
export function forwardedCall(callee: SyntaxNode, args: readonly SyntaxNode[]): { callee: SyntaxNode; args: SyntaxNode[] } | null {
  const isFunction = (node: SyntaxNode | undefined): node is SyntaxNode => node !== undefined && (node.type === "identifier" || node.type === "attribute");
  const name = callee.type === "attribute" ? callee.childForFieldName("attribute")?.text : callee.type === "identifier" ? callee.text : undefined;
  // sync_to_async(f)(a), partial(f, a)(b)
  if (callee.type === "call") {
    const wrapper = callee.childForFieldName("function");
    const wrapperName = wrapper?.type === "attribute" ? wrapper.childForFieldName("attribute")?.text : wrapper?.text;
    const wrapped = (callee.childForFieldName("arguments")?.namedChildren ?? []).filter((argument): argument is SyntaxNode => argument !== null && argument.type !== "comment");
    if (wrapperName && WRAPPERS.has(wrapperName) && isFunction(wrapped[0]) && (wrapperName === "partial" || wrapped.length === 1)) return { callee: wrapped[0], args: [...wrapped.slice(1), ...args] };
    return null;
  }
  if (name === undefined) return null;
  // threading.Thread(target=f, args=(a, b)), multiprocessing.Process(…)
  if (name === "Thread" || name === "Process") {
    const keyword = (key: string) => args.find((argument) => argument.type === "keyword_argument" && argument.childForFieldName("name")?.text === key)?.childForFieldName("value") ?? undefined;
    const target = keyword("target");
    const passed = keyword("args");
    if (!isFunction(target)) return null;
    return { callee: target, args: passed?.type === "tuple" || passed?.type === "list" ? passed.namedChildren.filter((child): child is SyntaxNode => child !== null && child.type !== "comment") : [] };
  }
  const at = FORWARDERS.get(name);
  if (at === undefined || (name === "run_sync" && callee.childForFieldName("object")?.childForFieldName("attribute")?.text !== "to_thread" && callee.childForFieldName("object")?.text !== "to_thread")) return null;
  const positional = args.filter((argument) => argument.type !== "keyword_argument" && argument.type !== "dictionary_splat" && argument.type !== "list_splat");
  const target = positional[at];
  if (!isFunction(target)) return null;
  return { callee: target, args: args.slice(args.indexOf(target) + 1) };
}
