/**
 * JavaScript files a bundler generated from a project and its packages (a GitHub Action's
 * committed `index.js`, say): the packages' code is not the project's, and a finding in it is not
 * one the project can act on where it is reported (undici's table of special headers holds both
 * framing headers). Left out of scans by default, as `dist/` and `*.min.js` are.
 */

/** Files a bundler writes: JavaScript, not TypeScript. */
const BUNDLE_NAME = /\.[cm]?js$/;
/** esbuild puts each package module it bundles after a comment with its path, at the start of a line. */
const ESBUILD_MODULE = /^\/\/ node_modules\//m;
/** webpack (and ncc) start the lines of their bootstrap with this comment. */
const WEBPACK_BOOTSTRAP = /^\/\*{6}\/ /m;

/**
 * The bundler that generated this JavaScript text, by the marks each leaves, or null: webpack's
 * (and ncc's) bootstrap lines with its module loader called, esbuild's module wrappers after a
 * line comment naming each package's file. A file that only mentions them in strings or patterns
 * (a stack trace parser that recognises webpack's frames, say) is none.
 */
export function bundlerOf(path: string, text: string): string | null {
  if (!BUNDLE_NAME.test(path)) return null;
  if (text.includes("/******/") && WEBPACK_BOOTSTRAP.test(text)) {
    if (text.includes("__nccwpck_require__(")) return "ncc";
    if (text.includes("__webpack_require__(")) return "webpack";
  }
  if ((text.includes("__commonJS({") || text.includes("__esm({")) && ESBUILD_MODULE.test(text)) return "esbuild";
  return null;
}

/** How a scan names a bundle it leaves out. */
export const bundleSkipped = (bundler: string) => `skipped: a bundle built by ${bundler}, with the code of the packages it was built from; --no-default-ignores scans it`;
