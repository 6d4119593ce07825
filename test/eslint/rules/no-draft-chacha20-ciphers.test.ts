import rule from "../../../src/eslint/rules/no-draft-chacha20-ciphers.js";
import { rangeOf } from "../../support/locate.js";
import { dataFor, ruleTester } from "../../support/rule-tester.js";

const suite = (code: string, token: string, standard: string) => {
  const output = code.replace(token, standard);
  return {
    messageId: "deprecated" as const,
    data: dataFor(15, `The draft ChaCha20-Poly1305 suite \`${token}\``, "remove it"),
    ...rangeOf(code, token),
    suggestions: [{ messageId: "useStandardCipher" as const, data: { standard }, output }],
  };
};

const openssl = "const agent = new https.Agent({ ciphers: 'ECDHE-ECDSA-CHACHA20-POLY1305-OLD:ECDHE-RSA-AES128-GCM-SHA256' });";
const iana = "tls.connect({ ciphers: `TLS_ECDHE_RSA_WITH_CHACHA20_POLY1305_OLD:${rest}` });";
const codepoint = "const cipherSuites = [0xcc13, 0xc02f];";

ruleTester().run("no-draft-chacha20-ciphers", rule, {
  valid: [
    "const agent = new https.Agent({ ciphers: 'ECDHE-RSA-CHACHA20-POLY1305:ECDHE-ECDSA-CHACHA20-POLY1305' });",
    "const suites = [0xcca8, 0xcca9];",
    // the number alone, where nothing says cipher, is just a number
    "const port = 0xcc13;",
    "const note = 'CHACHA20-POLY1305-OLD suites were removed';",
  ],
  invalid: [
    { code: openssl, errors: [suite(openssl, "ECDHE-ECDSA-CHACHA20-POLY1305-OLD", "ECDHE-ECDSA-CHACHA20-POLY1305")] },
    { code: iana, errors: [suite(iana, "TLS_ECDHE_RSA_WITH_CHACHA20_POLY1305_OLD", "TLS_ECDHE_RSA_WITH_CHACHA20_POLY1305_SHA256")] },
    { code: codepoint, errors: [suite(codepoint, "0xcc13", "0xCCA8")] },
  ],
});
