import rule from "../../../src/eslint/rules/no-error-chain.js";
import { rangeOf } from "../../support/locate.js";
import { dataFor, ruleTester } from "../../support/rule-tester.js";

const whenNone = "read the root cause directly from `errors`";
const reading = (code: string, snippet = "error_chain") => ({ messageId: "deprecated" as const, data: dataFor(5, "Reading `error_chain`", whenNone), ...rangeOf(code, snippet) });
const wrapper = (code: string, snippet: string) => ({
  messageId: "deprecated" as const,
  data: dataFor(5, "Checking for the 1004 'DNS Validation Error' wrapper", whenNone),
  ...rangeOf(code, snippet),
});

const chain = `
const body = await res.json();
if (!body.success) {
  const cause = body.errors[0]?.error_chain?.[0]?.message ?? body.errors[0].message;
  throw new Error(cause);
}
`;
const destructured = "const [{ code, error_chain }] = body.errors;";
const inOperator = "if ('error_chain' in err) retry();";
const codeCheck = "const res = await createDnsRecord(zone, record);\nfor (const e of res.errors) { if (e.code === 1004) handleValidation(e); }";
const messageCheck = "if (err.message === 'DNS Validation Error') { showChain(err); }";
const switchCode = "// DNS record errors\nswitch (error.code) { case 1004: return unwrap(error); default: return error; }";
const destructuredCode = "const { code } = dnsResponse.errors[0]; if (code == 1004) unwrap();";

ruleTester().run("no-error-chain", rule, {
  valid: [
    "const cause = body.errors[0].message;",
    // 1004 compared with something that is not an error code
    "if (port === 1004) listen();",
    "if (res.status === 1004) {}",
    // a WebSocket close code in a file that is not about DNS records
    "socket.on('close', (code) => { if (code !== 1004 && code !== 1005) reconnect(); });",
    // producing the text is not branching on it
    "throw new Error('DNS Validation Error');",
    "const errorChain = [];",
  ],
  invalid: [
    { code: chain, errors: [reading(chain)] },
    { code: destructured, errors: [reading(destructured)] },
    { code: inOperator, errors: [reading(inOperator, "'error_chain'")] },
    { code: codeCheck, errors: [wrapper(codeCheck, "e.code === 1004")] },
    { code: messageCheck, errors: [wrapper(messageCheck, "'DNS Validation Error'")] },
    { code: switchCode, errors: [wrapper(switchCode, "1004")] },
    { code: destructuredCode, errors: [wrapper(destructuredCode, "code == 1004")] },
  ],
});
