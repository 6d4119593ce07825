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

/** What `bundlerOf` calls a file a minifier wrote (no bundler's marks, lines thousands of characters long). */
export const MINIFIER = "a minifier";
/** Minified: at least this long, with lines this long on average (source code's are under 100). */
const MINIFIED_LENGTH = 20_000;
const MINIFIED_LINE = 1_000;

/**
 * The bundler that generated this JavaScript text, by the marks each leaves, or null: webpack's
 * (and ncc's) bootstrap lines with its module loader called, esbuild's module wrappers after a
 * line comment naming each package's file; or `MINIFIER` for minified code without them (a
 * production bundle committed as `swagger-ui-bundle.js`: 1.4 MB on one line). A file that only
 * mentions them in strings or patterns (a stack trace parser that recognises webpack's frames,
 * say) is none.
 */
export function bundlerOf(path: string, text: string): string | null {
  if (!BUNDLE_NAME.test(path)) return null;
  if (text.includes("/******/") && WEBPACK_BOOTSTRAP.test(text)) {
    if (text.includes("__nccwpck_require__(")) return "ncc";
    if (text.includes("__webpack_require__(")) return "webpack";
  }
  if ((text.includes("__commonJS({") || text.includes("__esm({")) && ESBUILD_MODULE.test(text)) return "esbuild";
  if (text.length >= MINIFIED_LENGTH && isMinified(text)) return MINIFIER;
  return null;
}

function isMinified(text: string): boolean {
  let lines = 1;
  for (let at = text.indexOf("\n"); at !== -1; at = text.indexOf("\n", at + 1)) {
    if (++lines > text.length / MINIFIED_LINE) return false;
  }
  return true;
}

/** What a generated file is, in a sentence about leaving it out. */
export const bundleDescription = (bundler: string) => (bundler === MINIFIER ? "minified JavaScript (a minifier's output, not source)" : `a bundle built by ${bundler}`);

/** How a scan names a bundle it leaves out. */
export const bundleSkipped = (bundler: string) =>
  bundler === MINIFIER ? `skipped: ${bundleDescription(bundler)}; --no-default-ignores scans it` : `skipped: ${bundleDescription(bundler)}, with the code of the packages it was built from; --no-default-ignores scans it`;
