// The TypeScript compiler ts-morph ships, loaded without ts-morph (see typescript.d.ts), as
// `#typescript`. CommonJS, through a `require` that Node's scanner of CommonJS exports does not
// follow: imported from ESM, the 8.9 MB compiler would be scanned for its export names first.
const load = require;
module.exports = load("@ts-morph/common/dist/typescript.js");
