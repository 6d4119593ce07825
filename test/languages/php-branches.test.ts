import { beforeAll, describe, expect, it } from "vitest";
import { branchTests, type BranchTest } from "../../src/languages/php-branches.js";
import { loadGrammars, parseWith, type SyntaxNode } from "../../src/languages/tree-sitter.js";

beforeAll(async () => {
  await loadGrammars(["php"]);
});

/** The tests for the call `mark(n)` in `code` to run, as text (`!` for a test that must fail). */
function testsOf(code: string, n: number): string[] {
  const tree = parseWith("php", `<?php\n${code}`);
  const call = tree.rootNode.descendantsOfType("function_call_expression").find((node) => node?.text === `mark(${n})`);
  if (!call) throw new Error(`no mark(${n})`);
  const isFunction = (node: SyntaxNode) => node.type === "function_definition";
  return branchTests(call, isFunction).map((test: BranchTest) =>
    "condition" in test ? `${test.truth ? "" : "!"}${test.condition.text}` : `${test.truth ? "" : "!"}${test.subject.text} in [${test.values.map((value) => value.text).join(", ")}]`,
  );
}

const CHAIN = `function f($m, $x) {
  if ($m === 'a') { mark(1); } elseif ($m === 'b') { mark(2); } else if ($x) { mark(3); } else { mark(4); }
  mark(5);
}`;

describe("the branches a PHP statement sits in", () => {
  it("reads an if/elseif/else chain: earlier tests fail, its own holds", () => {
    expect(testsOf(CHAIN, 1)).toEqual(["($m === 'a')"]);
    expect(testsOf(CHAIN, 2)).toEqual(["!($m === 'a')", "($m === 'b')"]);
    // `else if` is an `if` inside the `else`: innermost first.
    expect(testsOf(CHAIN, 3)).toEqual(["($x)", "!($m === 'a')", "!($m === 'b')"]);
    expect(testsOf(CHAIN, 4)).toEqual(["!($x)", "!($m === 'a')", "!($m === 'b')"]);
    expect(testsOf(CHAIN, 5)).toEqual([]);
  });

  it("reads switch cases with the labels that fall through into them, and a default as none of the labels", () => {
    const code = `function f($v) {
  switch ($v) {
    case 'POST': mark(1); break;
    case 'PUT':
    case 'PATCH': mark(2); break;
    default: mark(3);
  }
}`;
    expect(testsOf(code, 1)).toEqual(["$v in ['POST']"]);
    expect(testsOf(code, 2)).toEqual(["$v in ['PATCH', 'PUT']"]);
    expect(testsOf(code, 3)).toEqual(["!$v in ['POST', 'PUT', 'PATCH']"]);
  });

  it("gives no test for a default that a case falls into (it runs for that label too)", () => {
    const code = `function f($v) { switch ($v) { case 'GET': $q = 1; default: mark(1); } }`;
    expect(testsOf(code, 1)).toEqual([]);
  });

  it("stops at the function: the branches around its declaration do not count", () => {
    const code = `if ($debug) { function f($m) { if ($m) { mark(1); } } }`;
    expect(testsOf(code, 1)).toEqual(["($m)"]);
  });
});
