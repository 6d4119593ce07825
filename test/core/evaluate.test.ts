import { describe, expect, it, vi } from "vitest";
import { analyzeCode, summarize } from "../support/analyze.js";
import { parse } from "@typescript-eslint/typescript-estree";
import { Evaluator } from "../../src/core/evaluator/index.js";
import { loadBundledCatalogue } from "../../src/catalogue/index.js";
import type { FunctionDeclaration } from "../../src/core/ir.js";
import { programOf } from "../../src/core/program.js";
import { UNKNOWN, stringValue } from "../../src/core/values.js";
import { lowerEstree } from "../../src/eslint/lower.js";

/**
 * How often `run` makes the evaluator work out the expression of `code` whose text starts with
 * `start` (not counting the times it answers from what it kept).
 */
function countWorkedOut(code: string, start: string, run: () => void): number {
  const at = code.indexOf(start);
  // `compute` is private: what `value` runs when it has not kept the value for that environment.
  const compute = vi.spyOn(Evaluator.prototype as unknown as { compute: (program: unknown, node: { range: [number, number] }) => unknown }, "compute");
  try {
    run();
    return compute.mock.calls.filter(([, node]) => node.range[0] === at).length;
  } finally {
    compute.mockRestore();
  }
}

const endpoints = (code: string) => summarize(code, analyzeCode(code)).filter((line) => line.startsWith("no-deprecated-endpoint"));

describe("the evaluator", () => {
  it("builds a list pushed to in a loop over a known list turn by turn, in order (a wrapper copying its arguments)", () => {
    const code = `const API = "https://api.cloudflare.com/client/v4";
function cf(p1, p2, p3) {
  const args = [];
  for (const a of [p1, p2, p3]) args.push(a);
  return fetch(API + args[1], { method: args[0] });
}
export const create = (zone) => cf("POST", "/zones/" + zone + "/filters");`;
    // Before, each pushed value was any of the three: args[0] was no method, args[1] no path.
    expect(analyzeCode(code).map((finding) => `${finding.method} ${finding.confidence}`)).toEqual(["POST high"]);
  });

  it("reads a library's verb named by a value (`axios[method](url)`) as each caller names it", () => {
    const code = `import axios from "axios";
const API = "https://api.cloudflare.com/client/v4";
async function call(method, path, data) {
  return axios[method.toLowerCase()](API + path, data);
}
export const limit = (zone) => call("POST", "/zones/" + zone + "/rate_limits", {});
export const ssl = (zone) => call("PATCH", "/zones/" + zone + "/settings/ssl", {});
export const minify = (zone, verb) => call(verb, "/zones/" + zone + "/settings/minify", {});`;
    // Before, the call of a computed member was no request: each path was a mention with every method.
    expect(analyzeCode(code).map((finding) => `${code.slice(0, finding.range[0]).split("\n").length} ${finding.method} ${finding.confidence}`)).toEqual(["6 POST high", "8 null high"]);
  });

  it("reads an instance's field from outside its class, as its constructor set it from what `new` gave", () => {
    const code = `class Setting { constructor(id) { this.id = id; } getId() { return this.id; } }
const API = "https://api.cloudflare.com/client/v4";
export const one = (zone) => fetch(API + "/zones/" + zone + "/settings/" + new Setting("brotli").id, { method: "PATCH" });`;
    expect(analyzeCode(code).map((finding) => `${finding.ruleId} ${finding.method}`)).toEqual(["no-deprecated-endpoint PATCH"]);
  });

  it("runs a method of each of several instances on its own instance (`s.getId()` for each `s` of a list)", () => {
    const code = `class Setting { constructor(id) { this.id = id; } getId() { return this.id; } }
const ALL = [new Setting("ssl"), new Setting("minify")];
const API = "https://api.cloudflare.com/client/v4";
export function all(zone) { for (const s of ALL) fetch(API + "/zones/" + zone + "/settings/" + s.getId(), { method: "PATCH" }); }`;
    expect(analyzeCode(code).map((finding) => `${finding.method} ${finding.message.slice(0, 39)}`)).toEqual(["PATCH `PATCH /zones/:zone_id/settings/minify`"]);
  });

  it("takes, of a call's texts, the one written as a path for its URL (a gateway given a service name, an action, a method and the path)", () => {
    const code = `export const listRules = (gateway, account, zone) => gateway.invokeJson(account, "FIREWALL", "LIST_RULE", "GET", "/zones/" + zone + "/firewall/rules", { page: 1 });`;
    const methods = analyzeCode(code).filter((finding) => finding.ruleId === "no-deprecated-endpoint").map((finding) => finding.method);
    // Before, "FIREWALL" was read as the URL and the path as a mention: every method listed.
    expect(methods).toEqual(["GET"]);
  });

  it("does not treat a reassigned let as a constant", () => {
    const code = `
let url = "https://api.cloudflare.com/client/v4/zones/z/settings/minify";
url = other();
fetch(url, { method: "POST" });`;
    // Were \`url\` taken for the literal, the POST (not listed for minify) would silence it.
    // It is reassigned, so the literal stands alone: reported with the methods the schedule lists.
    expect(endpoints(code)).toEqual([`no-deprecated-endpoint 8 @ ${JSON.stringify('"https://api.cloudflare.com/client/v4/zones/z/settings/minify"')}`]);
  });

  it("follows a let that is never reassigned", () => {
    const code = `let path = "/zones/" + id + "/settings/brotli";\nfetch("https://api.cloudflare.com/client/v4" + path, { method: "PATCH" });`;
    expect(endpoints(code)).toEqual(['no-deprecated-endpoint 7 @ "\\"/zones/\\" + id + \\"/settings/brotli\\"" PATCH']);
  });

  it("reads `this.http` set in a constructor", () => {
    const code = `
import axios from "axios";
class Client {
  constructor() { this.http = axios.create({ baseURL: "https://api.cloudflare.com/client/v4" }); }
  brotli(zone) { return this.http.get(\`/zones/\${zone}/settings/brotli\`); }
}`;
    expect(endpoints(code)).toEqual(['no-deprecated-endpoint 7 @ "`/zones/${zone}/settings/brotli`" GET']);
  });

  it("knows destructuring assignment targets are references, not declarations", () => {
    const code = `let base; ({ base } = config); fetch(base + "/zones/x/settings/minify");`;
    expect(endpoints(code)).toEqual(['no-deprecated-endpoint 8 @ "base + \\"/zones/x/settings/minify\\"" GET']);
  });

  it("replaces a route placeholder with a hole", () => {
    const code = `fetch("https://api.cloudflare.com/client/v4/zones/:zone_id/settings/minify".replace(":zone_id", zone), { method: "PATCH" });`;
    expect(endpoints(code)).toHaveLength(1);
  });

  it("reads a frozen table as the table", () => {
    const code = `
const SETTINGS = Object.freeze({ minify: "minify", ssl: "ssl" });
const base = (zone: string) => \`https://api.cloudflare.com/client/v4/zones/\${zone}/settings\`;
fetch(\`\${base(z)}/\${SETTINGS.minify}\`);
fetch(\`\${base(z)}/\${SETTINGS.ssl}\`);`;
    expect(endpoints(code)).toEqual(["no-deprecated-endpoint 8 @ \"fetch(`${base(z)}/${SETTINGS.minify}`)\" GET"]);
  });

  it("takes either branch of a conditional, as an element of a table", () => {
    const code = `
const base = (zone: string) => \`https://api.cloudflare.com/client/v4/zones/\${zone}/settings\`;
fetch(\`\${base(z)}/\${legacy ? "server_side_exclude" : "ssl"}\`, { method: "PATCH" });
fetch(\`\${base(z)}/\${legacy ? "always_online" : "ssl"}\`, { method: "PATCH" });`;
    // Reported where the deprecated id is written.
    expect(endpoints(code)).toEqual(['no-deprecated-endpoint 11 @ "\\"server_side_exclude\\"" PATCH']);
  });

  it("stops at recursion without hanging", () => {
    const code = `const a = b + "/x"; const b = a + "/y"; fetch(a); function f(n) { return f(n) + "/zones/"; } fetch(f(1));`;
    expect(endpoints(code)).toEqual([]);
  });
});

describe("the evaluator's work", () => {
  it("works a call out once where it runs, however often its result is read (a wrapper destructuring what a builder returns)", () => {
    const code = `const API = "https://api.cloudflare.com/client/v4";
class Api {
  build(options) { return { url: API + options.path, method: options.method }; }
  send(options) {
    const { url, method } = this.build(options);
    console.log(url, method);
    console.log(url, method);
    console.log(url, method);
    return fetch(url, { method });
  }
  minify(zone) { return this.send({ path: "/zones/" + zone + "/settings/minify", method: "PATCH" }); }
}`;
    const builds = countWorkedOut(code, "{ url: API", () => {
      expect(endpoints(code)).toEqual(['no-deprecated-endpoint 8 @ "\\"/zones/\\" + zone + \\"/settings/minify\\"" PATCH']);
    });
    // `url` and `method` are read eight times wherever `send` runs: what `build` returns is worked
    // out once where its call is written (the file's own calls, each searched for requests, with
    // `options` unknown) and once in `send` called from `minify`, whose requests are then followed
    // in the environment that call ran in. Each read worked it out again before (9 times; 5 while
    // calls asked twice in one place were run twice; 3 while following a call's requests made an
    // environment of its own).
    expect(builds).toBe(2);
  });

  it("gives a call the environment it ran in before within one file's analysis, and a new one in the next file's", () => {
    const code = `function build(path) { return "https://api.cloudflare.com/client/v4" + path; }`;
    const module = lowerEstree({ file: "build.ts", text: code, program: parse(code, { range: true, comment: true, filePath: "build.ts" }) });
    const program = programOf(module);
    const fn = { kind: "function" as const, fn: (module.body[0] as FunctionDeclaration).fn, program, env: null };
    const evaluator = new Evaluator({ catalogue: loadBundledCatalogue(), host: null, types: null });
    const path = stringValue([{ text: "/zones", origin: null }]);
    evaluator.startFile();
    const first = evaluator.callEnv(fn, [path], null);
    expect(evaluator.callEnv(fn, [path], null)).toBe(first);
    // Other arguments, or the same ones deeper in a chain of calls: another environment.
    expect(evaluator.callEnv(fn, [UNKNOWN], null)).not.toBe(first);
    expect(evaluator.callEnv(fn, [path], first)).not.toBe(first);
    // An imported module's function keeps no environment (nor the caller's arguments in it) past the caller's file.
    evaluator.startFile();
    expect(evaluator.callEnv(fn, [path], null)).not.toBe(first);
  });
});

describe("lists narrowed by a test (filter, find)", () => {
  const base = `const api = (zone) => \`https://api.cloudflare.com/client/v4/zones/\${zone}/settings\`;\nconst IDS = ["ssl", "brotli", "minify"];\n`;
  const reported = (narrowing: string) => endpoints(`${base}${narrowing}.forEach((id) => fetch(\`\${api(z)}/\${id}\`, { method: "PATCH" }));`).map((line) => line.split(" ")[1]);

  it("drops an element only when the test surely fails for it", () => {
    expect(reported(`IDS.filter((id) => id !== "brotli")`)).toEqual(["8"]);
    expect(reported(`IDS.filter((id) => !["brotli", "minify"].includes(id))`)).toEqual([]);
    expect(reported(`IDS.filter((id) => id === "ssl" || id === "minify")`)).toEqual(["8"]);
    // `&&` with an unknown side fails only where the known side does.
    expect(reported(`IDS.filter((id) => enabled[id] && id !== "minify")`)).toEqual(["7"]);
    // A test the code does not show keeps every element, as iterating the list would.
    expect(reported(`IDS.filter((id) => enabled[id])`).sort()).toEqual(["7", "8"]);
  });

  it("keeps what it cannot read: loose equality across types, returns that disagree", () => {
    expect(reported(`IDS.filter((id) => id != 0)`).sort()).toEqual(["7", "8"]);
    expect(reported(`IDS.filter((id) => { if (id === "ssl") return false; return id.length > 3; })`).sort()).toEqual(["7", "8"]);
    expect(reported(`IDS.filter((id) => { return id === "ssl"; })`)).toEqual([]);
  });

  it("drops empty pieces with Boolean, and knows text around a hole is never empty", () => {
    const code = `const url = ["https://api.cloudflare.com/client/v4", "", \`zones/\${zone}\`, null, "settings/minify"].filter(Boolean).join("/");\nfetch(url, { method: "PATCH" });`;
    expect(endpoints(code).map((line) => line.split(" ").at(-1))).toEqual(["PATCH"]);
  });

  it("finds a row by a known id, and gives nothing for an id it does not know", () => {
    const table = `${base}const ROWS = [{ id: "ssl", path: "ssl" }, { id: "minify", path: "minify" }];\nconst get = (z, id) => fetch(\`\${api(z)}/\${ROWS.find((row) => row.id === id)?.path}\`);\n`;
    expect(endpoints(`${table}get(z, "minify");`)).toHaveLength(1);
    expect(endpoints(`${table}get(z, "ssl");`)).toEqual([]);
    // Only the definition, with `id` unknown: a lookup by an unknown key, as ROWS_BY_ID[id] is.
    expect(endpoints(table)).toEqual([]);
  });
});

describe("branches known for the arguments a helper is called with", () => {
  const base = `const api = (zone) => \`https://api.cloudflare.com/client/v4/zones/\${zone}/settings\`;\n`;
  const items = (code: string) => endpoints(base + code).map((line) => line.split(" ")[1]);

  it("leaves out a return behind an if whose test fails, and takes the one whose test holds", () => {
    const helper = `function id(legacy, name) { if (legacy && name === "css") return "minify"; if (!legacy) { return "ssl"; } return "brotli"; }\n`;
    expect(items(`${helper}fetch(\`\${api(z)}/\${id(false, "css")}\`);`)).toEqual([]);
    expect(items(`${helper}fetch(\`\${api(z)}/\${id(true, "css")}\`);`)).toEqual(["8"]);
    expect(items(`${helper}fetch(\`\${api(z)}/\${id(true, "js")}\`);`)).toEqual(["7"]);
  });

  it("starts a switch at the case switched to, falling through cases with no return", () => {
    const helper = `function id(kind) { switch (kind) { case "old": case "older": return "brotli"; case "tls": return "ssl"; default: return "minify"; } }\n`;
    expect(items(`${helper}fetch(\`\${api(z)}/\${id("tls")}\`);`)).toEqual([]);
    expect(items(`${helper}fetch(\`\${api(z)}/\${id("old")}\`);`)).toEqual(["7"]);
    expect(items(`${helper}fetch(\`\${api(z)}/\${id("other")}\`);`)).toEqual(["8"]);
  });

  it("takes any of the texts it may return when the test is unknown, as a conditional's branches", () => {
    const helper = `function id(legacy) { if (legacy) return "brotli"; return "ssl"; }\n`;
    expect(items(`${helper}fetch(\`\${api(z)}/\${id(flag)}\`);`)).toEqual(["7"]);
    // The deprecated text returned last, behind a test on an unknown value.
    const last = `function id(kind) { if (kind === "tls") return "ssl"; return "minify"; }\n`;
    expect(items(`${last}fetch(\`\${api(z)}/\${id(kind)}\`);`)).toEqual(["8"]);
    expect(items(`${last}fetch(\`\${api(z)}/\${id("tls")}\`);`)).toEqual([]);
  });

  it("takes the branch of a conditional whose test is known", () => {
    const helper = `const id = (legacy) => (legacy ? "minify" : "ssl");\n`;
    expect(items(`${helper}fetch(\`\${api(z)}/\${id(false)}\`);`)).toEqual([]);
    expect(items(`${helper}fetch(\`\${api(z)}/\${id(true)}\`);`)).toEqual(["8"]);
    expect(items(`${helper}fetch(\`\${api(z)}/\${id(flag)}\`);`)).toEqual(["8"]);
  });
});

describe("instances made where the code shows it", () => {
  const confidences = (code: string) => analyzeCode(code).filter((finding) => finding.ruleId === "no-deprecated-endpoint").map((finding) => finding.confidence);

  it("runs the constructor with what `new` gave it: the base URL a method reads from `this`", () => {
    const client = `class Api { constructor(base, token) { this.base = base; this.token = token; } get(path) { return fetch(\`\${this.base}/\${path}\`); } }\n`;
    expect(confidences(`${client}const api = new Api("https://api.cloudflare.com/client/v4", t);\napi.get(\`accounts/\${a}/tunnels\`);`)).toEqual(["high"]);
    // Without the instance, the host stays unknown.
    expect(confidences(`${client}function use(api) { return api.get(\`accounts/\${a}/tunnels\`); }`)).toEqual([]);
  });

  it("gives parameter properties their argument, through `this.method()` too", () => {
    const client = `class Api { constructor(private base: string) {} private send(path: string) { return fetch(this.base + path); } rules(zone: string) { return this.send(\`/zones/\${zone}/firewall/rules\`); } }\n`;
    expect(confidences(`${client}new Api("https://api.cloudflare.com/client/v4").rules(z);`)).toContain("high");
  });

  it("passes a subclass's super(…) arguments to its superclass's constructor", () => {
    const code = `class Base { constructor(protected root: string) {} }\nclass Zones extends Base { constructor() { super("https://api.cloudflare.com/client/v4"); } limits(zone: string) { return fetch(\`\${this.root}/zones/\${zone}/rate_limits\`); } }`;
    expect(confidences(code)).toEqual(["high"]);
  });

  it("never reads super(…) as a request", () => {
    const code = `class Base { constructor(url: string) {} }\nclass Rules extends Base { constructor(zone: string) { super(\`https://api.cloudflare.com/client/v4/zones/\${zone}/firewall/rules\`); } }`;
    expect(analyzeCode(code).filter((finding) => finding.ruleId === "no-deprecated-endpoint").map((finding) => finding.method ?? null)).not.toContain("GET");
  });
});

describe("replace with a regular expression", () => {
  const methods = (code: string) => analyzeCode(code).filter((finding) => finding.ruleId === "no-deprecated-endpoint").map((finding) => `${finding.method ?? "any"} ${finding.confidence}`);

  it("trims slashes at either end, through texts wholly trimmed, leaving holes as they are", () => {
    const join = `const join = (base, path) => \`\${base.replace(/\\/+$/, "")}/\${path.replace(/^\\/+|\\/+$/g, "")}\`;\n`;
    expect(methods(`${join}fetch(join("https://api.cloudflare.com/client/v4" + "/" + "/", \`//zones/\${z}/settings/brotli/\`), { method: "PATCH" });`)).toEqual(["PATCH high"]);
    // A path that starts with an unknown piece: trimming keeps the hole (no error, nothing made up), and such a URL names no endpoint.
    expect(methods(`${join}fetch(join("https://api.cloudflare.com/client/v4/", \`\${prefix}/zones/\${z}/settings/brotli\`), { method: "PATCH" });`)).toEqual([]);
  });

  it("replaces a placeholder written as a pattern, every one with g", () => {
    const code = `fetch("https://api.cloudflare.com/client/v4/zones/{id}/settings/{id}".replace(/\\{id\\}/g, zone), { method: "PATCH" });`;
    // Both placeholders became holes: no setting is named, so nothing is reported.
    expect(methods(code)).toEqual([]);
    expect(methods(code.replace("/g,", "/,").replace("settings/{id}", "settings/minify"))).toEqual(["PATCH high"]);
  });

  it("runs other patterns on one known text, and leaves a pattern that could run away unknown", () => {
    expect(methods(`fetch("https://api.cloudflare.com/client/v4/zones/z/rate_limits".replace(/rate_limits$/, "rulesets"));`)).toEqual([]);
    // Nested quantifiers are not run: the value is unknown, and only the literal itself is left to report.
    expect(methods(`fetch("https://api.cloudflare.com/client/v4/zones/z/rate_limits".replace(/(a+)+$/, ""));`)).not.toContain("GET high");
  });
});

describe("properties set after an object is declared", () => {
  const methods = (code: string) => analyzeCode(code).filter((finding) => finding.ruleId === "no-deprecated-endpoint").map((finding) => finding.method ?? "any");
  const url = `"https://api.cloudflare.com/client/v4/zones/z/firewall/waf/packages/p"`;

  it("reads a property set later, and the one declared beside it", () => {
    expect(methods(`const init = {}; init.method = "PATCH"; fetch(${url}, init);`)).toEqual(["PATCH"]);
    expect(methods(`const init = {}; init["method"] = "DELETE"; fetch(${url}, init);`)).toEqual([]);
    // Declared GET, set to DELETE somewhere: either may be sent (where each write happens is not followed).
    expect(methods(`const init = { method: "GET" }; if (drop) init.method = "DELETE"; fetch(${url}, init);`)).not.toEqual([]);
  });

  it("opens the object when a key is computed, and reads nothing from a property built on itself", () => {
    // The key set may be the method: not taken for the default GET.
    expect(methods(`const init = {}; init[key] = value; fetch(${url}, init);`)).not.toEqual(["GET"]);
    expect(methods(`const init = {}; fetch(${url}, init);`)).toEqual(["GET"]);
    const route = `const r = { path: "settings/ssl" }; r.path += "/x"; fetch("https://api.cloudflare.com/client/v4/zones/z/" + r.path);`;
    expect(methods(route)).toEqual([]);
  });
});

describe("a URL whose end is unknown, glued to its last segment", () => {
  const found = (code: string) => analyzeCode(code).filter((finding) => finding.ruleId === "no-deprecated-endpoint").map((finding) => `${finding.method ?? "any"} ${finding.confidence}`);
  const api = `const API = "https://api.cloudflare.com/client/v4";\n`;

  it("is a query string or more segments, as the method allows, at medium confidence", () => {
    // PATCH is deprecated for a package, not for the list: the unknown end holds the package.
    expect(found(`${api}fetch(\`\${API}/zones/\${z}/firewall/waf/packages\${rest}\`, { method: "PATCH" });`)).toEqual(["PATCH medium"]);
    // GET of the list and of one rate limit are the same change: reported once.
    expect(found(`${api}fetch(\`\${API}/zones/\${z}/rate_limits\${query}\`);`)).toEqual(["GET medium"]);
  });

  it("is not guessed where the segment holds other unknown pieces or the path is a current one", () => {
    expect(found(`${api}fetch(\`\${API}/zones/\${z}/\${kind}rate_limits\${rest}\`);`)).toEqual([]);
    expect(found(`${api}fetch(\`\${API}/zones/\${z}/settings/ssl\${rest}\`, { method: "PATCH" });`)).toEqual([]);
  });
});

describe("pieces appended with += in branches", () => {
  const found = (code: string) => analyzeCode(code).filter((finding) => finding.ruleId === "no-deprecated-endpoint").map((finding) => `${finding.item} ${finding.method ?? "any"}`);
  const api = `const API = "https://api.cloudflare.com/client/v4";\n`;

  it("takes each branch on its own, and no branch where one may be skipped", () => {
    const code = `${api}function f(z, a) { let url = API + "/zones/" + z + "/settings"; if (a) url += "/brotli"; else url += "/minify"; return fetch(url, { method: "PATCH" }); }`;
    expect(found(code).sort()).toEqual(["7 PATCH", "8 PATCH"]);
    // An \`if\` without \`else\` may append nothing: the path as it was is one of the ways.
    const skipped = `${api}function f(z, a) { let url = API + "/zones/" + z + "/rate_limits"; if (a) url += "/" + a; return fetch(url); }`;
    expect(found(skipped)).toEqual(["3 GET"]);
  });

  it("appends every piece in turn when one is appended in a loop", () => {
    const code = `${api}function f(z, parts) { let url = API + "/zones/" + z; for (const p of parts) url += "/" + p; url += "/settings/brotli"; return fetch(url); }`;
    // The loop's pieces are unknown: the path is not known to be the brotli setting's.
    expect(found(code)).toEqual([]);
  });
});

describe("a switch in a helper, with break", () => {
  const items = (code: string) => endpoints(code).map((line) => `${line.split(" ")[1]} ${line.split(" ").at(-1)}`);
  const helper = `const api = (zone) => \`https://api.cloudflare.com/client/v4/zones/\${zone}\`;\nfunction p(kind) { let path = "rulesets"; switch (kind) { case "a": path = "settings/ssl"; break; case "b": return "firewall/rules"; } return path; }\n`;

  it("ends the case taken at its break, and falls through where there is none", () => {
    expect(items(`${helper}fetch(\`\${api(z)}/\${p("a")}\`, { method: "PUT" });`)).toEqual([]);
    expect(items(`${helper}fetch(\`\${api(z)}/\${p("b")}\`, { method: "PUT" });`)).toEqual(["1 PUT"]);
    const fallsThrough = helper.replace(`path = "settings/ssl"; break;`, `path = "settings/ssl";`);
    expect(items(`${fallsThrough}fetch(\`\${api(z)}/\${p("a")}\`, { method: "PUT" });`)).toEqual(["1 PUT"]);
  });

  it("ends the case at a break inside an if whose test holds", () => {
    const nested = helper.replace(`path = "settings/ssl"; break;`, `path = "settings/ssl"; if (kind === "a") break;`);
    expect(items(`${nested}fetch(\`\${api(z)}/\${p("a")}\`, { method: "PUT" });`)).toEqual([]);
  });
});

describe("names written by destructuring assignment", () => {
  it("are not taken for their first value", () => {
    const code = `let path = "/zones/z/settings/minify"; [path] = pick(); fetch("https://api.cloudflare.com/client/v4" + path, { method: "PATCH" });`;
    // \`path\` may hold anything \`pick\` gives: the request's URL is not known to be minify's.
    expect(endpoints(code).filter((line) => line.endsWith("PATCH"))).toEqual([]);
  });
});

describe("loops over a table's keys", () => {
  const found = (code: string) => analyzeCode(code).filter((finding) => finding.ruleId === "no-deprecated-endpoint").map((finding) => `${finding.item} ${finding.method ?? "any"}`);
  const api = `const API = "https://api.cloudflare.com/client/v4";\n`;

  it("take each key of an object in `for…in`, and its row with `TABLE[key]`", () => {
    expect(found(`${api}const T = { brotli: "on", ssl: "full" };\nfor (const name in T) fetch(\`\${API}/zones/z/settings/\${name}\`, { method: "PATCH" });`)).toEqual(["7 PATCH"]);
    expect(found(`${api}const T = { limits: "rate_limits", sets: "rulesets" };\nfor (const k in T) fetch(\`\${API}/zones/z/\${T[k]}\`);`)).toEqual(["3 GET"]);
    // A list's indices are "0", "1": not its elements.
    expect(found(`${api}const L = ["brotli", "minify"];\nfor (const i in L) fetch(\`\${API}/zones/z/settings/\${i}\`, { method: "PATCH" });`)).toEqual([]);
  });

  it("write a variable declared before the loop", () => {
    expect(found(`${api}const T = { mobile_redirect: 1 };\nlet name;\nfor (name in T) fetch(\`\${API}/zones/z/settings/\${name}\`, { method: "PATCH" });`)).toEqual(["10 PATCH"]);
  });

  it("give a variable two loops share the values of the loop it is read in", () => {
    const code = `${api}function f(z) {\n  for (var name in { brotli: 1 }) fetch(\`\${API}/zones/\${z}/settings/\${name}\`, { method: "PATCH" });\n  for (var name in { ssl: 1 }) fetch(\`\${API}/zones/\${z}/settings/\${name}\`, { method: "PUT" });\n}`;
    // The PUT loop reads only \`ssl\`: brotli's PUT would be a finding of the other loop's key.
    expect(found(code)).toEqual(["7 PATCH"]);
  });
});

describe("tests of text with holes", () => {
  const found = (code: string) => analyzeCode(code).filter((finding) => finding.ruleId === "no-deprecated-endpoint").map((finding) => `${finding.item} ${finding.method ?? "any"} ${finding.confidence}`);

  it("decide startsWith and endsWith by the text known at that end (`path.startsWith('http') ? path : base + path`)", () => {
    const client = `class Api {\n  base = "https://api.cloudflare.com/client/v4";\n  send(path, init = {}) { const url = path.startsWith("http") ? path : \`\${this.base}\${path.startsWith("/") ? "" : "/"}\${path}\`; return fetch(url, init); }\n  rules(z) { return this.send(\`/zones/\${z}/firewall/rules\`, { method: "POST" }); }\n}`;
    expect(found(client)).toEqual(["1 POST high"]);
    // A path whose start is not known leaves the test undecided: it may be another address (medium).
    expect(found(`export function f(p, z) { const url = p.startsWith("http") ? p : "https://api.cloudflare.com/client/v4" + p; return fetch(url); }\nf(\`\${prefix}/zones/\${z}/firewall/rules\`);`)).toEqual(["1 GET medium"]);
    expect(found(`export const u = (z) => { const p = \`/zones/\${z}/settings/minify\`; return fetch(p.endsWith("/minify") ? "https://api.cloudflare.com/client/v4" + p : p, { method: "PATCH" }); };`)).toEqual(["8 PATCH high"]);
  });
});

describe("a method chosen by a condition", () => {
  const found = (code: string) => analyzeCode(code).filter((finding) => finding.ruleId === "no-deprecated-endpoint").map((finding) => `${finding.method ?? "any"} ${finding.message.split("`")[1]}`).sort();
  const api = `const API = "https://api.cloudflare.com/client/v4";\n`;

  it("names the methods it may be that the schedule lists, and only those", () => {
    // Method and path chosen by the same test: PUT to one rule, POST to the collection, never PUT to it.
    expect(found(`${api}export function save(z, id) { const path = id ? \`/zones/\${z}/firewall/rules/\${id}\` : \`/zones/\${z}/firewall/rules\`; return fetch(API + path, { method: id ? "PUT" : "POST" }); }`)).toEqual([
      "POST POST /zones/:zone_id/firewall/rules",
      "PUT PUT /zones/:zone_id/firewall/rules/:rule_id",
    ]);
    // Chosen by two tests: any method with any path (a rule takes no POST).
    expect(found(`${api}export function save(z, id, bulk) { const path = id ? \`/zones/\${z}/firewall/rules/\${id}\` : \`/zones/\${z}/firewall/rules\`; return fetch(API + path, { method: bulk ? "PUT" : "POST" }); }`)).toEqual([
      "PUT PUT /zones/:zone_id/firewall/rules/:rule_id",
      "any POST, PUT /zones/:zone_id/firewall/rules",
    ]);
    // Neither POST nor HEAD of a rate limit is deprecated (GET, PUT and DELETE are): nothing to report.
    expect(found(`${api}export const f = (z, x) => fetch(\`\${API}/zones/\${z}/rate_limits/1\`, { method: x ? "POST" : "HEAD" });`)).toEqual([]);
  });
});

describe("a URL taken apart with the URL API", () => {
  const found = (code: string) => analyzeCode(code).filter((finding) => finding.ruleId === "no-deprecated-endpoint").map((finding) => `${finding.method ?? "any"} ${finding.confidence}`);

  it("reads hostname, pathname and search of a URL whose scheme and host are written (Node's https.request)", () => {
    const send = `import https from "node:https";\nconst API = "https://api.cloudflare.com/client/v4";\nfunction send(url, method = "GET") { const u = new URL(url); return https.request({ hostname: u.hostname, path: u.pathname + u.search, method }); }\n`;
    expect(found(`${send}export const rules = (z) => send(\`\${API}/zones/\${z}/firewall/rules?per_page=1\`);`)).toEqual(["GET high"]);
    expect(found(`${send}export const drop = (z, id) => send(API + "/zones/" + z + "/rate_limits/" + id + "#x", "DELETE");`)).toEqual(["DELETE high"]);
    // No query written: \`u.search\` is "", not a placeholder left empty (which would leave the path's end unknown: medium).
    expect(found(`${send}export const packages = (z) => send(\`\${API}/zones/\${z}/firewall/waf/packages\`);`)).toEqual(["GET high"]);
  });
});

describe("the SDK called with a method it does not have", () => {
  it("is the resource's one path, its methods not known, at medium (`zones.settings.minify.update(…)`)", () => {
    const code = `import Cloudflare from "cloudflare";\nconst client = new Cloudflare();\nexport const a = (z) => client.zones.settings.minify.update(z, { value: {} });\nexport const b = (z) => client.firewall.rules.archive(z);`;
    const found = analyzeCode(code).filter((finding) => finding.ruleId === "no-deprecated-endpoint").map((finding) => `${finding.method ?? "any"} ${finding.confidence} ${finding.message.split("`")[1]}`);
    // firewall.rules' methods call two paths (the list and one rule): which one is not known, so nothing.
    expect(found).toEqual(["any medium GET, PATCH /zones/:zone_id/settings/minify"]);
  });
});

describe("rows narrowed by a test on one of their fields", () => {
  const found = (code: string) => analyzeCode(code).filter((finding) => finding.ruleId === "no-deprecated-endpoint").map((finding) => finding.message.split("`")[1]).sort();
  const api = `const API = "https://api.cloudflare.com/client/v4";\nconst ROWS = [{ id: "brotli", type: "onoff" }, { id: "minify", type: "parts" }, { id: "ssl", type: "select" }];\nfunction apply(id, value) { return fetch(\`\${API}/zones/z/settings/\${id}\`, { method: "PATCH", body: JSON.stringify({ value }) }); }\n`;

  it("keeps the rows whose field the test allows, in a callback written inside the test too", () => {
    expect(found(`${api}for (const row of ROWS) { if (row.type === "onoff") apply(row.id, "on"); }`)).toEqual(["PATCH /zones/:zone_id/settings/brotli"]);
    expect(found(`${api}for (const row of ROWS) { if (row.type === "onoff") onChange((v) => apply(row.id, v)); }`)).toEqual(["PATCH /zones/:zone_id/settings/brotli"]);
    // Either text of an \`||\`: the rows of both.
    expect(found(`${api}for (const row of ROWS) { if (row.type === "parts" || row.type === "select") apply(row.id, "on"); }`)).toEqual(["PATCH /zones/:zone_id/settings/minify"]);
    // A test no row passes: nothing.
    expect(found(`${api}for (const row of ROWS) { if (row.type === "number") apply(row.id, 1); }`)).toEqual([]);
  });

  it("keeps, in the else branch, the rows the test turns away", () => {
    expect(found(`${api}for (const row of ROWS) { if (row.type === "onoff") {} else apply(row.id, "x"); }`)).toEqual(["PATCH /zones/:zone_id/settings/minify"]);
    expect(found(`${api}for (const row of ROWS) { if (row.type === "onoff" || row.type === "parts") {} else { apply(row.id, "x"); } }`)).toEqual([]);
    // An \`&&\` failing says nothing of either side: every row.
    expect(found(`${api}for (const row of ROWS) { if (row.type === "onoff" && row.id) {} else apply(row.id, "x"); }`)).toEqual(["PATCH /zones/:zone_id/settings/brotli", "PATCH /zones/:zone_id/settings/minify"]);
  });
});

describe("a choice between tables", () => {
  const found = (code: string) => analyzeCode(code).filter((finding) => finding.ruleId === "no-deprecated-endpoint").map((finding) => `${finding.item} ${finding.method ?? "any"}`).sort();
  const api = `const API = "https://api.cloudflare.com/client/v4";\n`;

  it("iterates each table a conditional may give (`fast ? PERFORMANCE : SECURITY`)", () => {
    expect(found(`${api}export function f(z, fast) { const list = fast ? [{ id: "brotli" }] : [{ id: "ssl" }]; for (const s of list) fetch(\`\${API}/zones/\${z}/settings/\${s.id}\`, { method: "PATCH" }); }`)).toEqual(["7 PATCH"]);
    // Each read from its own method, then passed to the loop's own method: every row of both.
    const cls = `${api}export class C {\n  apply(z, rows) { for (const r of rows) fetch(\`\${API}/zones/\${z}/settings/\${r.id}\`, { method: "PATCH" }); }\n  optimize(z, fast) { return this.apply(z, fast ? this.speed() : this.safety()); }\n  speed() { return [{ id: "minify" }, { id: "cache_level" }]; }\n  safety() { return [{ id: "ssl" }, { id: "mobile_redirect" }]; }\n}`;
    expect(found(cls)).toEqual(["10 PATCH", "8 PATCH"]);
  });
});

describe("lists taken apart", () => {
  const found = (code: string) => analyzeCode(code).filter((finding) => finding.ruleId === "no-deprecated-endpoint").map((finding) => `${finding.item} ${finding.method ?? "any"}`);
  const api = `const API = "https://api.cloudflare.com/client/v4";\n`;

  it("give an element with shift() and pop(), and [index, element] rows with entries()", () => {
    expect(found(`${api}const queue = ["mobile_redirect", "ssl"];\nwhile (queue.length) { const s = queue.shift(); fetch(\`\${API}/zones/z/settings/\${s}\`); }`)).toEqual(["10 GET"]);
    expect(found(`${api}const stack = ["ssl", "brotli"];\nfetch(\`\${API}/zones/z/settings/\${stack.pop()}\`, { method: "PATCH" });`)).toEqual(["7 PATCH"]);
    expect(found(`${api}for (const [i, s] of ["server_side_exclude", "ssl"].entries()) fetch(\`\${API}/zones/z/settings/\${s}?n=\${i}\`, { method: "PATCH" });`)).toEqual(["11 PATCH"]);
    // The indexes are no setting.
    expect(found(`${api}for (const i of ["brotli"].keys()) fetch(\`\${API}/zones/z/settings/\${i}\`, { method: "PATCH" });`)).toEqual([]);
  });
});

describe("format strings", () => {
  const found = (code: string) => analyzeCode(code).filter((finding) => finding.ruleId === "no-deprecated-endpoint").map((finding) => `${finding.item} ${finding.method ?? "any"}`);

  it("fill util.format's placeholders with the arguments, in order", () => {
    expect(found(`import util from "node:util";\nconst API = "https://api.cloudflare.com/client/v4";\nfetch(util.format("%s/zones/%s/rate_limits", API, zone));`)).toEqual(["3 GET"]);
    // `%%` is a percent sign, not a placeholder: the zone is still the second argument.
    expect(found(`import util from "node:util";\nfetch(util.format("https://api.cloudflare.com/client/v4/zones/%s/settings/%s?p=100%%", zone, "brotli"), { method: "PATCH" });`)).toEqual(["7 PATCH"]);
    expect(found(`import util from "node:util";\nfetch(util.format("https://api.cloudflare.com/client/v4/zones/%s/settings/%s", zone, "ssl"), { method: "PATCH" });`)).toEqual([]);
  });
});

describe("objects made from rows", () => {
  it("read Object.fromEntries's rows by key, and list its keys when every key is known", () => {
    const api = `const API = "https://api.cloudflare.com/client/v4";\n`;
    const found = (code: string) => analyzeCode(code).filter((finding) => finding.ruleId === "no-deprecated-endpoint").map((finding) => `${finding.item} ${finding.method ?? "any"}`);
    expect(found(`${api}const R = Object.fromEntries([["limits", "rate_limits"], ["sets", "rulesets"]]);\nfetch(\`\${API}/zones/z/\${R.limits}\`);`)).toEqual(["3 GET"]);
    expect(found(`${api}const R = Object.fromEntries([["sets", "rulesets"]]);\nfetch(\`\${API}/zones/z/\${R.sets}\`);`)).toEqual([]);
    expect(found(`${api}const T = Object.fromEntries([["brotli", "on"], ["ssl", "full"]]);\nfor (const name of Object.keys(T)) fetch(\`\${API}/zones/z/settings/\${name}\`, { method: "PATCH" });`)).toEqual(["7 PATCH"]);
  });
});

describe("fields set by methods called before a request", () => {
  const api = `const API = "https://api.cloudflare.com/client/v4";\nclass Req { method = "GET"; use(m) { this.method = m; } pick(kind) { switch (kind) { case "w": this.method = "PATCH"; break; default: this.method = "GET"; } } send(p) { return fetch(API + p, { method: this.method }); } }\n`;
  const found = (code: string) => analyzeCode(api + code).filter((finding) => finding.ruleId === "no-deprecated-endpoint").map((finding) => `${finding.item} ${finding.method ?? "any"}`);

  it("read the value the last call on the same receiver set, or the field's own before it", () => {
    expect(found(`const r = new Req(); r.use("PATCH"); r.send("/zones/z/settings/brotli");`)).toEqual(["7 PATCH"]);
    // The later call decides.
    expect(found(`const r = new Req(); r.use("DELETE"); r.use("PATCH"); r.send("/zones/z/settings/brotli");`)).toEqual(["7 PATCH"]);
    // Only the case the argument takes.
    expect(found(`const r = new Req(); r.pick("w"); r.send("/zones/z/settings/minify");`)).toEqual(["8 PATCH"]);
    // Not another receiver's call, nor one after the request.
    expect(found(`const r = new Req(); const other = new Req(); other.use("PATCH"); r.send("/zones/z/settings/brotli"); r.use("PATCH");`)).toEqual(["7 GET"]);
  });

  it("take a call in a branch as one possibility, with the value before it", () => {
    expect(found(`export function f(force) { const r = new Req(); if (force) r.use("PATCH"); return r.send("/zones/z/settings/brotli"); }`)).toEqual(["7 any"]);
  });
});

describe("a parameter given its value in the function when none was given", () => {
  const api = `const API = "https://api.cloudflare.com/client/v4";\n`;
  const found = (code: string) => analyzeCode(api + code).filter((finding) => finding.ruleId === "no-deprecated-endpoint").map((finding) => `${finding.item} ${finding.method ?? "any"}`);

  it("is the default when called without it, and what was given otherwise", () => {
    const helper = `class R { resource = "rate_limits"; path(sub) { if (!sub) { sub = this.resource; } return API + "/zones/z/" + sub; } list() { return fetch(this.path()); } drop(id) { return fetch(this.path("firewall/rules/" + id), { method: "DELETE" }); } }\n`;
    // `list` reads the default (GET rate_limits); `drop` only its own path, not the default with DELETE.
    expect(found(helper).sort()).toEqual(["1 DELETE", "3 GET"]);
    // The ternary form, given a path with a hole.
    expect(found(`function p(sub = false) { sub = sub ? sub : "ssl"; return API + "/zones/z/" + sub; }\nfetch(p("firewall/rules/" + id), { method: "PUT" });`)).toEqual(["1 PUT"]);
  });
});

describe("a field declared empty and set when first needed", () => {
  it("is what the method that sets it makes (the client's base address known: high confidence)", () => {
    const code = `import axios from "axios";\nclass E { api = null; http() { if (!this.api) { this.api = axios.create({ baseURL: "https://api.cloudflare.com/client/v4" }); } return this.api; } off(z) { return this.http().patch(\`/zones/\${z}/settings/brotli\`, {}); } }`;
    const findings = analyzeCode(code, { minConfidence: "high" }).filter((finding) => finding.ruleId === "no-deprecated-endpoint");
    expect(findings.map((finding) => `${finding.item} ${finding.method} ${finding.confidence}`)).toEqual(["7 PATCH high"]);
  });
});

describe("a client made once by a logical assignment (`cached ??= new Cloudflare()`)", () => {
  it("is the client the assignment gives, as the expression's value (high confidence)", () => {
    const code = `import Cloudflare from "cloudflare";\nlet cached = null;\nconst client = () => (cached ??= new Cloudflare({ apiToken: "t" }));\nconst other = () => (cached ||= new Cloudflare());\nexport const rules = (zone_id) => client().firewall.rules.list({ zone_id });\nexport const limits = (zone_id) => other().rateLimits.list({ zone_id });`;
    const findings = analyzeCode(code, { minConfidence: "low" }).filter((finding) => finding.ruleId === "no-deprecated-endpoint");
    expect(findings.map((finding) => `${finding.item} ${finding.method} ${finding.confidence}`)).toEqual(["1 GET high", "3 GET high"]);
  });
});

describe("a chain of setters that each return the instance", () => {
  it("gives the request the fields the chain set (a fluent builder)", () => {
    const api = `const API = "https://api.cloudflare.com/client/v4";\nclass Req { opts = {}; path = ""; to(p) { this.path = p; return this; } verb(v) { this.opts.method = v; return this; } send() { return fetch(API + this.path, { method: this.opts.method }); } }\n`;
    const found = (code: string) => analyzeCode(api + code).filter((finding) => finding.ruleId === "no-deprecated-endpoint").map((finding) => `${finding.item} ${finding.method ?? "any"}`);
    expect(found(`new Req().to("/zones/z/settings/brotli").verb("PATCH").send();`)).toEqual(["7 PATCH"]);
    expect(found(`const r = new Req(); r.verb("DELETE").to("/zones/z/rate_limits/1").send();`)).toEqual(["3 DELETE"]);
    // A PATCH of a rate limit is not in the schedule.
    expect(found(`new Req().verb("PATCH").to("/zones/z/rate_limits/1").send();`)).toEqual([]);
  });
});

describe("a variable given another value after a read", () => {
  const api = `const API = "https://api.cloudflare.com/client/v4";\n`;
  const found = (code: string) => analyzeCode(api + code).filter((finding) => finding.ruleId === "no-deprecated-endpoint").map((finding) => `${finding.item} ${finding.method ?? "any"}`);

  it("is read as the value written last before the read, when every path passes that write", () => {
    expect(found(`export function f(z) { let path = "/zones/" + z + "/settings/brotli"; fetch(API + path); path = "/zones/" + z + "/settings/ssl"; return fetch(API + path, { method: "PATCH" }); }`)).toEqual(["7 GET"]);
    // A write in a branch: either value may reach the read.
    expect(found(`export function f(z, legacy) { let path = "/zones/" + z + "/settings/ssl"; if (legacy) path = "/zones/" + z + "/settings/brotli"; return fetch(API + path, { method: "PATCH" }); }`)).toEqual(["7 PATCH"]);
    // In a loop, a later write comes round to the read.
    expect(found(`export async function f(z) { let path = "/zones/" + z + "/settings/brotli"; for (const x of [1, 2]) { await fetch(API + path, { method: "PATCH" }); path = "/zones/" + z + "/settings/ssl"; } }`)).toEqual(["7 PATCH"]);
  });

  it("is known when a write reads the name itself, the read taking the write before it", () => {
    // `url = url + "…"` in a branch: the URL with or without the query, both read with their method.
    expect(found(`export function f(z, all) { let url = API + "/zones/" + z + "/analytics/dashboard?since=-60"; if (all) { url = url + "&continuous=true"; } return fetch(url, { method: "GET" }); }`)).toEqual(["22 GET"]);
    // In a loop the write comes round to its own read: not one value.
    expect(found(`export async function f(z) { let url = API + "/zones/" + z + "/analytics/dashboard"; for (const p of [1, 2]) { url = url + "?page=" + p; await fetch(url, { method: "GET" }); } }`)).toEqual(["22 any"]);
  });
});

describe("a setter that writes a field more than once", () => {
  it("leaves the last write outside a branch, and any of those in branches after it", () => {
    const api = `const API = "https://api.cloudflare.com/client/v4";\nclass Req { reset() { this.method = "GET"; this.method = "DELETE"; } use(m, force) { this.method = "GET"; if (force) this.method = m; } send(p) { return fetch(API + p, { method: this.method }); } }\n`;
    const found = (code: string) => analyzeCode(api + code).filter((finding) => finding.ruleId === "no-deprecated-endpoint").map((finding) => `${finding.item} ${finding.method ?? "any"}`);
    expect(found(`const r = new Req(); r.reset(); r.send("/zones/z/rate_limits/1");`)).toEqual(["3 DELETE"]);
    expect(found(`const r = new Req(); r.use("PATCH", flag); r.send("/zones/z/settings/brotli");`)).toEqual(["7 any"]);
  });
});

describe("SRV data assigned under a test of the type", () => {
  const confidences = (code: string) => analyzeCode(code, { minConfidence: "low" }).filter((finding) => finding.ruleId === "no-srv-data-fields").map((finding) => `${finding.confidence} ${finding.message.split("`")[1]}`);
  const data = `{ service: "_sip", proto: "_tcp", name: host, priority: 10, weight: 5, port: 5060, target: "sip.example.com" }`;

  it("is high whatever holds the type tested (the form's input, the record built elsewhere)", () => {
    expect(confidences(`export function fill(input, options, host) { if (input.type === "SRV") { options.data = ${data}; } return options; }`)).toEqual(["high data.service", "high data.proto", "high data.name"]);
    // Shaped as SRV data with no test around it: medium, as before.
    expect(confidences(`export function fill(options, host) { options.data = ${data}; return options; }`)).toEqual(["medium data.service", "medium data.proto", "medium data.name"]);
  });

  it("does not make another object's `data.name` an SRV field (only data assigned in that shape)", () => {
    expect(confidences(`export function show(record, form) { if (record.type === "SRV") { return form.data.name; } return null; }`)).toEqual([]);
  });
});

describe("a parameter with a default, given an argument whose value is not known", () => {
  const found = (code: string) => analyzeCode(`const API = "https://api.cloudflare.com/client/v4";\n${code}`).map((finding) => `${finding.item} ${finding.method ?? "any"} ${finding.confidence}`);
  const limitPath = `function limitPath(zone, id = null) { if (id) { return "/zones/" + zone + "/rate_limits/" + id; } return "/zones/" + zone + "/rate_limits"; }\n`;

  it("is not the default: the branch for an argument given is taken too", () => {
    // Before, the unknown `id` was the default `null`: only the collection, never deleted, so nothing at all.
    expect(found(`${limitPath}export const drop = (zone, id) => fetch(API + limitPath(zone, id), { method: "DELETE" });`)).toEqual(["3 DELETE high"]);
  });

  it("is the default when the argument is left out or given as `undefined`", () => {
    // (The path with an id, taken by no request, stays a mention of medium confidence.)
    expect(found(`${limitPath}export const list = (zone) => fetch(API + limitPath(zone));`).sort()).toEqual(["3 GET high", "3 any medium"]);
    expect(found(`${limitPath}export const list = (zone) => fetch(API + limitPath(zone, undefined));`).sort()).toEqual(["3 GET high", "3 any medium"]);
  });
});

describe("a string's ends taken off", () => {
  const methods = (code: string) => analyzeCode(`const API = "https://api.cloudflare.com/client/v4/";\n${code}`).map((finding) => `${finding.method ?? "any"} ${finding.confidence}`);

  it("by counting (`slice`, `substring`), while the end counted from is known text", () => {
    expect(methods(`const clean = (p) => (p.startsWith("/") ? p.slice(1) : p);\nexport const f = (zone) => fetch(API + clean("/zones/" + zone + "/filters"));`)).toEqual(["GET high"]);
    expect(methods(`const base = API.substring(0, API.length - 1);\nexport const f = (zone) => fetch(base + "/zones/" + zone + "/filters");`)).toEqual(["GET high"]);
    // A count that runs into a part not known: not known where the text then starts.
    expect(methods(`export const f = (zone, p) => fetch(API + (p + "/zones/" + zone + "/filters").slice(3));`)).toEqual(["any medium"]);
  });

  it("by characters or whitespace (`trimEnd`, `trim`), leaving what does not start so", () => {
    expect(methods(`export const f = (zone) => fetch(API.trimEnd() + ("zones/" + zone + "/filters ").trim());`)).toEqual(["GET high"]);
  });
});
