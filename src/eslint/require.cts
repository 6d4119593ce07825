/**
 * `require("sunset-lint/eslint")` in a CommonJS project (an `eslint.config.cjs`, a project made by
 * `npm init -y`): the plugin itself, the same object `import plugin from "sunset-lint/eslint"`
 * gives. Node ≥ 20.19 requires the ES module synchronously.
 */
const esm = require("./index.js") as { default: typeof import("./index.js").default };
export = esm.default;
