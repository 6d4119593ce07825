import rule from "../../../src/eslint/rules/no-conflicting-framing-headers.js";
import { rangeOf } from "../../support/locate.js";
import { dataFor, ruleTester } from "../../support/rule-tester.js";

const both = (code: string, snippet: string) => ({
  messageId: "deprecated" as const,
  data: dataFor(16, "Sending both `Transfer-Encoding` and `Content-Length`", "send only one of them"),
  ...rangeOf(code, snippet),
});

const literal = `
await fetch(url, {
  method: "PUT",
  headers: { "Content-Type": "application/json", "Transfer-Encoding": "chunked", "content-length": String(body.length) },
  body,
});
`;
const headersObject = `
const headers = new Headers({ Authorization: token });
headers.set("Transfer-Encoding", "chunked");
headers.set("Content-Length", String(size));
await fetch(url, { method: "POST", headers, body });
`;
const nodeRequest = `
const req = https.request(options);
req.setHeader("content-length", Buffer.byteLength(payload));
req.setHeader("TRANSFER-ENCODING", "chunked");
`;
const assigned = `
const headers = { "Content-Length": String(size) };
headers["Transfer-Encoding"] = "chunked";
`;
const spread = `
const CHUNKED = { "Transfer-Encoding": "chunked" };
await fetch(url, { method: "POST", headers: { ...CHUNKED, "Content-Length": String(size) }, body });
`;
const spreadLast = `
const sized = (n: number) => ({ "content-length": String(n) });
await fetch(url, { method: "POST", headers: { "Transfer-Encoding": "chunked", ...sized(size) }, body });
`;

ruleTester().run("no-conflicting-framing-headers", rule, {
  valid: [
    `fetch(url, { headers: { "Transfer-Encoding": "chunked" } });`,
    `fetch(url, { headers: { "Content-Length": "12" } });`,
    `const h = new Headers(); h.set("Content-Length", "1"); const other = new Headers(); other.set("Transfer-Encoding", "chunked");`,
    // a server's own response is not a request to the API
    `res.writeHead(200, { "Transfer-Encoding": "chunked", "Content-Length": "5" });`,
    `res.setHeader("Transfer-Encoding", "chunked"); res.setHeader("Content-Length", "5");`,
    // headers forwarded from elsewhere, whose keys are not known
    `export const forward = (req: Request, url: string) => fetch(url, { headers: { ...req.headers, "Transfer-Encoding": "chunked" } });`,
    `const JSON_HEADERS = { "Content-Type": "application/json" };\nfetch(url, { headers: { ...JSON_HEADERS, "Content-Length": "12" } });`,
  ],
  invalid: [
    { code: literal, errors: [both(literal, '"content-length"')] },
    { code: headersObject, errors: [both(headersObject, 'headers.set("Content-Length", String(size))')] },
    { code: nodeRequest, errors: [both(nodeRequest, 'req.setHeader("TRANSFER-ENCODING", "chunked")')] },
    { code: assigned, errors: [both(assigned, 'headers["Transfer-Encoding"] = "chunked"')] },
    { code: spread, errors: [both(spread, '"Content-Length"')] },
    { code: spreadLast, errors: [both(spreadLast, "...sized(size)")] },
  ],
});
