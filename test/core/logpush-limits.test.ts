import { describe, expect, it } from "vitest";
import { validateFilterText } from "../../src/core/logpush-filter.js";
import { analyzeCode } from "../support/analyze.js";

const limits = { maxOperators: 30, maxBytes: 1000, operators: [] };

describe("Logpush filters beyond what the validator reads", () => {
  it("a literal filter longer than the longest string value the evaluator keeps (4,096 characters) is still checked", () => {
    const conditions = Array.from({ length: 120 }, (_, index) => `{"key":"ClientRequestPath","operator":"contains","value":"/assets/v${index}/"}`).join(",");
    const filter = `{"where":{"or":[${conditions}]}}`;
    expect(filter.length).toBeGreaterThan(4096);
    const code = `const job = { dataset: "http_requests", destination_conf: "s3://b", filter: ${JSON.stringify(filter)} };`;
    const messages = analyzeCode(code).map((f) => f.messageId);
    expect(messages).toEqual(expect.arrayContaining(["filterTooManyOperators", "filterTooLarge"]));
  });

  it("and/or nested 2,000 deep is reported as over the operator limit, without overflowing the stack", () => {
    let element = `{"key":"ClientIP","operator":"eq","value":"1.1.1.1"}`;
    for (let depth = 0; depth < 2000; depth++) element = `{"and":[${element}]}`;
    const problems = validateFilterText(`{"where":${element}}`, [0, 1], limits);
    const tooMany = problems.find((problem) => problem.messageId === "filterTooManyOperators");
    expect(tooMany?.data.count).toMatch(/^more than \d+$/);
  });

  it("a filter nested within the budget is counted exactly", () => {
    let element = `{"key":"ClientIP","operator":"eq","value":"1.1.1.1"}`;
    for (let depth = 0; depth < 40; depth++) element = `{"and":[${element}]}`;
    const problems = validateFilterText(`{"where":${element}}`, [0, 1], { ...limits, maxBytes: 100_000 });
    expect(problems.map((problem) => [problem.messageId, problem.data.count])).toEqual([["filterTooManyOperators", "41"]]);
  });
});

describe("valid-logpush-filter with a file's requests left out (no jobs path within reach, see Prefilter.narrowing)", () => {
  const code = `
const job = { dataset: "http_requests", filter: '{"where":{}}' };
await fetch(\`https://api.cloudflare.com/client/v4/zones/\${zone}/logpush/jobs\`, { method: "POST", body: JSON.stringify({ filter: "not json" }) });`;
  const lines = (findings: ReturnType<typeof analyzeCode>) => findings.map((finding) => code.slice(0, finding.range[0]).split("\n").length);

  it("still checks a job that names its dataset, and only that one", () => {
    expect(lines(analyzeCode(code, { rules: ["valid-logpush-filter"] }))).toEqual([2, 3]);
    expect(lines(analyzeCode(code, { rules: ["valid-logpush-filter"], logpushJobRequests: false }))).toEqual([2]);
  });
});
