import { createCatalogueRule } from "../catalogue-rule.js";

/** Item 15: draft ChaCha20-Poly1305 suites, with a suggestion of the standard suite. */
export default createCatalogueRule("no-draft-chacha20-ciphers", { suggestions: ["useStandardCipher"] });
