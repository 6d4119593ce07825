import rule from "../../../src/eslint/rules/valid-logpush-filter.js";
import { rangeOf } from "../../support/locate.js";
import { ruleTester } from "../../support/rule-tester.js";

const job = (filter: string, extra = "") => `
const job = {
  name: "http-requests",
  dataset: "http_requests",
  destination_conf: "s3://logs/http?region=us-east-1",${extra}
  filter: ${filter},
};`;

const escaped = job(String.raw`"{\"where\":{\"and\":[{\"key\":\"ClientRequestPath\",\"operator\":\"contains\",\"value\":\"/static\"},{\"key\":\"ClientRequestHost\",\"operator\":\"eq\",\"value\":\"example.com\"}]}}"`);
const stringified = `
const filter = JSON.stringify({
  where: { or: [{ key: "ClientCountry", operator: "eq", value: "ca" }, { and: [{ key: "EdgeResponseStatus", operator: "eq", value: 500 }] }] },
});
await fetch(\`https://api.cloudflare.com/client/v4/zones/\${zone}/logpush/jobs\`, { method: "POST", body: JSON.stringify({ name: "x", dataset: "http_requests", filter }) });
`;

const notJson = job(`'{where: {key: "a"}}'`);
const noWhere = job(String.raw`'{"and":[{"key":"a","operator":"eq","value":1}]}'`);
const objectFilter = job(`{ where: { key: "ClientCountry", operator: "eq", value: "ca" } }`);
const emptyAnd = `const filter = JSON.stringify({ where: { and: [] } });
const job = { dataset: "http_requests", destination_conf: "r2://b", filter };`;
const badCondition = `const job = { dataset: "http_requests", filter: JSON.stringify({ where: { key: "ClientIP", operator: "startsWith", value: "10." } }) };`;
const missingValue = `const job = { dataset: "dns_logs", filter: JSON.stringify({ where: { and: [{ key: "QueryName", operator: "eq" }] } }) };`;
const extraKey = `const job = { dataset: "dns_logs", filter: JSON.stringify({ where: { key: "QueryName", operator: "eq", value: "x" }, limit: 10 }) };`;
const tooMany = `const job = { dataset: "http_requests", filter: JSON.stringify({ where: { or: [${Array.from({ length: 31 }, (_, i) => `{ key: "ClientRequestHost", operator: "eq", value: "h${i}.example.com" }`).join(", ")}] } }) };`;
const tooLarge = `const job = { dataset: "http_requests", filter: JSON.stringify({ where: { key: "ClientRequestPath", operator: "contains", value: "${"x".repeat(1000)}" } }) };`;
const sentToJobs = `
await fetch(\`https://api.cloudflare.com/client/v4/zones/\${zone}/logpush/jobs/\${jobId}\`, { method: "PUT", body: JSON.stringify({ filter: '{"where":{}}' }) });
`;
const outputOptions = `
const job = {
  dataset: "http_requests",
  destination_conf: "s3://b",
  output_options: { field_names: ["ClientIP", 42], sample_rate: 5, timestamp_format: "rfc3339", "CVE-2021-44228": true },
};`;

ruleTester().run("valid-logpush-filter", rule, {
  valid: [
    // output_options of another type than the spec states: hidden at the default confidence
    outputOptions,
    // Log Explorer datasets take a plain `filter`: not a Logpush job without `destination_conf`
    `const dataset = { dataset: "http_requests", account_id: "a", fields: [{ enabled: true, name: "x" }], filter: "filter" };`,
    escaped,
    stringified,
    job(`'{"where":{"key":"ClientRequestHost","operator":"eq","value":"example.com"}}'`),
    // filter is optional
    `const job = { dataset: "http_requests", destination_conf: "s3://b" };`,
    // unknown pieces are not guessed at
    job("buildFilter(rules)"),
    job("`{\"where\":${where}}`"),
    // an operator the user says the dataset supports
    { code: badCondition, options: [{ operators: ["startsWith"] }] },
    // hidden at the default confidence
    badCondition,
    // a chart config with a dataset and a filter function is not a job
    `const chart = { dataset: rows, filter: (row) => row.visible };`,
    `const view = { dataset: "sales", filter: "region = 'EU'" };`.replace(`"region = 'EU'"`, "activeFilter"),
    // valid output options
    `const job = { dataset: "http_requests", destination_conf: "s3://b", output_options: { field_names: ["ClientIP"], sample_rate: 0.1, timestamp_format: "rfc3339", "CVE-2021-44228": "true" } };`,
    // limits are options
    { code: tooMany, options: [{ maxOperators: 40, maxBytes: 5000 }] },
  ],
  invalid: [
    {
      code: notJson,
      errors: [{ messageId: "filterNotJson", ...rangeOf(notJson, `'{where: {key: "a"}}'`) }],
    },
    {
      code: noWhere,
      errors: [
        { messageId: "filterExtraKey", data: { key: "and" } },
        { messageId: "filterMissingWhere" },
      ],
    },
    {
      code: objectFilter,
      errors: [{ messageId: "filterNotString", data: { found: "an object" }, ...rangeOf(objectFilter, `{ where: { key: "ClientCountry", operator: "eq", value: "ca" } }`) }],
    },
    {
      code: emptyAnd,
      errors: [{ messageId: "filterEmptyList", data: { operator: "and", at: "where.and" }, ...rangeOf(emptyAnd, "[]") }],
    },
    {
      // an operator beyond the spec's examples is a low-confidence note (the spec does not list them all)
      code: badCondition,
      options: [{ minConfidence: "low" }],
      errors: [{ messageId: "filterUnknownOperator", data: { operator: "startsWith", at: "where.operator", known: "`eq`, `contains`" }, ...rangeOf(badCondition, '"startsWith"') }],
    },
    {
      code: missingValue,
      errors: [{ messageId: "filterBadElement", data: { at: "where.and[0]", problem: "is a condition without `value`; a condition needs `key`, `operator` and `value`" }, ...rangeOf(missingValue, '{ key: "QueryName", operator: "eq" }') }],
    },
    {
      code: extraKey,
      errors: [{ messageId: "filterExtraKey", data: { key: "limit" }, ...rangeOf(extraKey, "10") }],
    },
    {
      // 31 conditions and one `or`; the size limit is raised to isolate the operator limit
      code: tooMany,
      options: [{ maxBytes: 5000 }],
      errors: [{ messageId: "filterTooManyOperators", data: { count: "32", limit: "30" } }],
    },
    {
      code: tooLarge,
      errors: [{ messageId: "filterTooLarge", data: { size: "1070", limit: "1000" } }],
    },
    {
      code: sentToJobs,
      errors: [{ messageId: "filterBadElement", data: { at: "where", problem: "is neither a condition (`key`, `operator`, `value`) nor an `and` or `or` list" } }],
    },
    {
      // a type other than the spec states is a low-confidence note: the API is not said to reject it
      code: outputOptions,
      options: [{ minConfidence: "low" }],
      errors: [
        { messageId: "outputOptionType", data: { key: "field_names", expected: "a list of field name strings", found: "a list holding the number 42" }, ...rangeOf(outputOptions, "42") },
        { messageId: "outputOptionType", data: { key: "sample_rate", expected: "a number above 0 and at most 1 (a fraction of lines)", found: "the number 5" }, ...rangeOf(outputOptions, " 5,"), column: rangeOf(outputOptions, " 5,").column + 1, endColumn: rangeOf(outputOptions, " 5,").endColumn - 1 },
        { messageId: "outputOptionType", data: { key: "CVE-2021-44228", expected: 'a string (such as `"true"`)', found: "the boolean true" } },
      ],
    },
  ],
});
