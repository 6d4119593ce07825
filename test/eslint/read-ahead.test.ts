import { spawnSync } from "node:child_process";
import { readdirSync, readFileSync, statSync, symlinkSync, writeFileSync } from "node:fs";
import { availableParallelism } from "node:os";
import { join } from "node:path";
import { fileURLToPath, pathToFileURL } from "node:url";
import { describe, expect, it } from "vitest";
import { loadBundledCatalogue } from "../../src/catalogue/load.js";
import { relativeImports, type ImportGraph } from "../../src/core/import-graph.js";
import { Prefilter } from "../../src/core/prefilter.js";
import { stampOf } from "../../src/files/stamped-cache.js";
import { ReadAhead, readAheadAfter } from "../../src/eslint/read-ahead.js";
import { FolderMark } from "../../src/eslint/read-ahead-protocol.js";
import { scratchDirectory, scratchProject } from "../support/scratch.js";

// The worker runs compiled (`npm test` builds first), as it does in ESLint.
const script = new URL("../../dist/eslint/read-ahead-worker.js", import.meta.url);
const prefilter = new Prefilter(loadBundledCatalogue());
/** With one processor the worker is never started (see `ReadAhead`). */
const withWorker = it.skipIf(availableParallelism() < 2);

async function finished(readAhead: ReadAhead): Promise<void> {
  const deadline = Date.now() + 20_000;
  while (!readAhead.state().done) {
    if (Date.now() > deadline) throw new Error("the worker did not finish");
    await new Promise((resolve) => setTimeout(resolve, 10));
  }
}

const PROJECT = {
  "src/paths.ts": "export const RULES = (zone: string) => `/zones/${zone}/firewall/rules`;\n",
  "src/client.ts": 'import { RULES } from "./paths";\nexport const list = (zone: string) => fetch(RULES(zone));\n',
  "src/view.tsx": "export const View = () => <p>hello</p>;\n",
  "src/types.d.ts": "declare const rules: string;\n",
  "node_modules/dep/index.js": 'fetch("/zones/x/firewall/rules");\n',
  ".cache/old.js": 'fetch("/zones/x/firewall/rules");\n',
};

describe("reading a project's files ahead on another thread", () => {
  withWorker("starts once enough distinct files are linted, and gives the facts the prefilter reads", async () => {
    const root = scratchProject("read-ahead", PROJECT);
    const readAhead = new ReadAhead({ after: 2, maxFiles: 100, script });
    const client = join(root, "src/client.ts");
    readAhead.noteLinted(client, root);
    readAhead.noteLinted(client, root); // the same file again: an editor's keystrokes
    readAhead.noteLinted(join(scratchDirectory("elsewhere"), "a.ts"), root); // not under the working directory
    expect(readAhead.state().started).toBe(false);
    const began = Date.now();
    readAhead.noteLinted(join(root, "src/view.tsx"), root);
    expect(readAhead.state().started).toBe(true);
    await finished(readAhead);

    // Source files only, not under node_modules or a dot folder, no declaration files.
    expect(readAhead.state().files).toBe(3);
    for (const name of ["node_modules/dep/index.js", ".cache/old.js", "src/types.d.ts"]) {
      const path = join(root, name);
      expect(readAhead.factsOfFile(path, stampOf(statSync(path)))).toBeNull();
    }
    const text = readFileSync(client, "utf8");
    const paths = join(root, "src/paths.ts");
    expect(readAhead.factsOfText(client, text)).toEqual({ facts: { hints: prefilter.hints(text), specifiers: relativeImports(text) }, imports: [paths], narrowing: null });
    const onDisk = readAhead.factsOfFile(client, stampOf(statSync(client)));
    expect(onDisk?.imports).toEqual([paths]);
    expect(readAhead.factsOfFile(paths, stampOf(statSync(paths)))?.facts.hints).toEqual(prefilter.hints(readFileSync(paths, "utf8")));
    expect(readAhead.state().served).toBe(3);

    // The prefilter's verdict, joined with the hints of paths.ts (which alone write the path), as
    // the rules' thread works it out; given to a caller that trusts what was read since a time
    // before the worker began, not after.
    const fromDisk = (path: string) => readFileSync(path, "utf8");
    const graph: ImportGraph = {
      hintsOf: (path) => prefilter.hints(fromDisk(path)),
      importsOf: (path) => (path === client ? [paths] : []),
      textOf: fromDisk,
      resolve: () => null,
    };
    const verdict = prefilter.narrowingOf(client, graph);
    expect(verdict.rules).toContain("no-deprecated-endpoint");
    expect(prefilter.narrowing(prefilter.hints(text)).rules).not.toContain("no-deprecated-endpoint");
    expect(readAhead.factsOfText(client, text, began)?.narrowing).toEqual(verdict);
    expect(readAhead.factsOfText(client, text, Date.now() + 1000)?.narrowing).toBeNull();
    expect(readAhead.factsOfText(client, `${text} `, began)).toBeNull();
    expect(readAhead.state().verdictsServed).toBe(1);
  });

  it("starts only for files linted in a burst, as a run over a project lints them (an editor opens them one by one)", () => {
    const root = scratchProject("read-ahead-burst", PROJECT);
    let time = 1_000_000;
    const readAhead = new ReadAhead({ after: 2, maxFiles: 100, script }, () => time);
    readAhead.noteLinted(join(root, "src/client.ts"), root);
    time += 2500;
    readAhead.noteLinted(join(root, "src/view.tsx"), root);
    expect(readAhead.state().started).toBe(false);
    time += 100;
    readAhead.noteLinted(join(root, "src/paths.ts"), root);
    expect(readAhead.state().started).toBe(true);
  });

  withWorker("gives a linted file's resolved imports for a minute after reading it, its hints as long as its text is the same", async () => {
    const root = scratchProject("read-ahead-fresh", PROJECT);
    let time = Date.now();
    const readAhead = new ReadAhead({ after: 1, maxFiles: 100, script }, () => time);
    readAhead.noteLinted(join(root, "src/view.tsx"), root);
    await finished(readAhead);
    const client = join(root, "src/client.ts");
    const text = readFileSync(client, "utf8");
    expect(readAhead.factsOfText(client, text)?.imports).toEqual([join(root, "src/paths.ts")]);
    time += 61_000;
    const later = readAhead.factsOfText(client, text);
    expect(later?.imports).toBeNull();
    expect(later?.facts.hints).toEqual(prefilter.hints(text));
  });

  withWorker("gives an imported file's hints and resolved imports without a stamp to a caller that trusts what was read since a time before the worker read it", async () => {
    const root = scratchProject("read-ahead-since", PROJECT);
    const before = Date.now();
    const readAhead = new ReadAhead({ after: 1, maxFiles: 100, script });
    readAhead.noteLinted(join(root, "src/view.tsx"), root);
    await finished(readAhead);
    const client = join(root, "src/client.ts");
    const facts = readAhead.importedSince(client, before);
    expect(facts).toEqual({ hints: prefilter.hints(readFileSync(client, "utf8")), imports: [join(root, "src/paths.ts")] });
    // Read before the time asked: the caller takes the file's stamp itself.
    expect(readAhead.importedSince(client, Date.now() + 1)).toBeNull();
    expect(readAhead.importedSince(join(root, "node_modules/dep/index.js"), before)).toBeNull();
  });

  withWorker("gives nothing for a text other than the one read, nor for a file changed since", async () => {
    const root = scratchProject("read-ahead-stale", PROJECT);
    const readAhead = new ReadAhead({ after: 1, maxFiles: 100, script });
    readAhead.noteLinted(join(root, "src/view.tsx"), root);
    await finished(readAhead);
    const paths = join(root, "src/paths.ts");
    const text = readFileSync(paths, "utf8");
    // The same length (an editor's buffer, a text after ESLint's fixes): the digest tells them apart.
    expect(readAhead.factsOfText(paths, text.replace("rules", "rulez"))).toBeNull();
    expect(readAhead.factsOfText(paths, text)).not.toBeNull();
    const stamp = stampOf(statSync(paths));
    writeFileSync(paths, `${text}// changed\n`);
    expect(readAhead.factsOfFile(paths, stampOf(statSync(paths)))).toBeNull();
    expect(readAhead.factsOfFile(paths, stamp)).not.toBeNull();
  });

  withWorker("tells what each folder it walked holds of the config lookup's names, not a folder where one is a link", async () => {
    const root = scratchProject("read-ahead-folders", {
      ...PROJECT,
      ".git/HEAD": "ref: refs/heads/main\n",
      "packages/quiet/sunset-lint.config.json": "{}\n",
      "packages/quiet/src/a.ts": "export const a = 1;\n",
      "packages/keyed/package.json": JSON.stringify({ name: "keyed", "sunset-lint": { skip: [] } }),
      "packages/plain/package.json": JSON.stringify({ name: "plain" }),
      "packages/broken/package.json": "{ not json",
      "packages/linked/real.json": "{}\n",
    });
    symlinkSync(join(root, "packages/linked/real.json"), join(root, "packages/linked/sunset-lint.config.json"));
    const readAhead = new ReadAhead({ after: 1, maxFiles: 100, script });
    readAhead.noteLinted(join(root, "src/view.tsx"), root);
    await finished(readAhead);
    const marks = (folder: string) => readAhead.folder(join(root, folder))?.marks;
    expect(marks(".")).toBe(FolderMark.Repository);
    expect(marks("src")).toBe(0);
    expect(marks("packages/quiet")).toBe(FolderMark.ConfigFile);
    expect(marks("packages/quiet/src")).toBe(0);
    expect(marks("packages/keyed")).toBe(FolderMark.PackageKey);
    expect(marks("packages/plain")).toBe(0);
    // What cannot be read is left to the rules' thread, which reports it.
    expect(marks("packages/broken")).toBe(0);
    expect(marks("packages/linked")).toBeUndefined();
    // Not walked: node_modules and dot folders.
    expect(marks("node_modules/dep")).toBeUndefined();
    expect(readAhead.folder(join(root, "src"))?.read).toBeLessThanOrEqual(Date.now());
    expect(readAhead.state().foldersServed).toBe(8);
  });

  withWorker("reads at most maxFiles files", async () => {
    const root = scratchProject("read-ahead-bounded", PROJECT);
    const bounded = new ReadAhead({ after: 1, maxFiles: 1, script });
    bounded.noteLinted(join(root, "src/view.tsx"), root);
    await finished(bounded);
    expect(bounded.state().files).toBe(1);
    // client.ts, read first, imports paths.ts, which the bound left unread: no verdict on it.
    const client = join(root, "src/client.ts");
    const ahead = bounded.factsOfText(client, readFileSync(client, "utf8"), 0);
    expect(ahead?.facts.hints).toEqual(prefilter.hints(readFileSync(client, "utf8")));
    expect(ahead?.narrowing).toBeNull();
  });

  it("never starts when told not to", () => {
    const root = scratchProject("read-ahead-off", PROJECT);

    const never = new ReadAhead({ after: readAheadAfter("off"), maxFiles: 100, script });
    for (const name of Object.keys(PROJECT)) never.noteLinted(join(root, name), root);
    expect(never.state()).toEqual({ started: false, done: false, files: 0, served: 0, foldersServed: 0, verdictsServed: 0 });
    expect([readAheadAfter(undefined), readAheadAfter("0"), readAheadAfter("3"), readAheadAfter("x")]).toEqual([16, 0, 3, 16]);
    // ESLint run from the file system's root: no project to read ahead.
    const fromRoot = new ReadAhead({ after: 1, maxFiles: 100, script });
    fromRoot.noteLinted("/project/a.ts", "/");
    expect(fromRoot.state()).toEqual({ started: true, done: true, files: 0, served: 0, foldersServed: 0, verdictsServed: 0 });
  });

  withWorker("an ESLint run gives the same messages with the files read ahead as without", () => {
    const project = fileURLToPath(new URL("../../fixtures/real-shapes", import.meta.url));
    const files: string[] = [];
    const walk = (folder: string) => {
      for (const entry of readdirSync(folder, { withFileTypes: true }).sort((a, b) => a.name.localeCompare(b.name))) {
        if (entry.isDirectory()) walk(join(folder, entry.name));
        else if (/\.[cm]?[jt]sx?$/.test(entry.name)) files.push(join(folder, entry.name));
      }
    };
    walk(join(project, "src"));
    // A file's text as an editor holds it, the same length as on disk but with a deprecated path written.
    const edited = join(project, "src/url-shapes.ts");
    const lint = (setting: string) => lintInOneProcess(project, files, setting, { path: edited, text: editedText(edited) });
    const ahead = lint("1");
    const alone = lint("off");
    expect(ahead.state.started).toBe(true);
    // Every file but the first (linted as the worker started) is served, and its verdict taken.
    expect(ahead.state.served).toBeGreaterThanOrEqual(files.length - 1);
    expect(ahead.state.verdictsServed).toBe(files.length - 1);
    expect(alone.state).toMatchObject({ started: false, served: 0 });
    expect(ahead.messages).toEqual(alone.messages);
    const findings = ahead.messages.flatMap((file) => (file as unknown[]).slice(1));
    expect(findings.length).toBeGreaterThan(20);
    // The edited text's own finding: found in the text ESLint was given, not judged by the file on disk.
    expect(JSON.stringify(ahead.messages.at(-1))).toContain("script_monitor");
  });

  withWorker("an ESLint run finds the same config files with the folders read ahead as without: nested configs, package.json keys, the repository's root", () => {
    const EMAIL = "export const pool = { name: 'p', notification_email: 'ops@example.com', origins: [] };\n";
    const layout: Record<string, string> = {
      ".git/HEAD": "ref: refs/heads/main\n",
      "sunset-lint.config.json": JSON.stringify({ asOf: "2026-11-21" }),
      "packages/quiet/sunset-lint.config.json": JSON.stringify({ asOf: "2026-11-21", skip: ["no-notification-email"] }),
      "packages/keyed/package.json": JSON.stringify({ name: "keyed", "sunset-lint": { asOf: "2026-11-21", skip: ["no-notification-email"] } }),
      "packages/plain/package.json": JSON.stringify({ name: "plain" }),
    };
    for (const folder of ["app", "packages/quiet/src", "packages/keyed/src/deep", "packages/plain/src"]) {
      for (let index = 0; index < 4; index++) layout[`${folder}/pool-${index}.ts`] = EMAIL;
    }
    const project = scratchProject("read-ahead-configs", layout);
    const files = Object.keys(layout).filter((name) => name.endsWith(".ts")).map((name) => join(project, name));
    const ahead = lintInOneProcess(project, files, "1");
    const alone = lintInOneProcess(project, files, "off");
    expect(ahead.state.foldersServed).toBeGreaterThan(0);
    expect(alone.state.foldersServed).toBe(0);
    expect(ahead.messages).toEqual(alone.messages);
    const reported = ahead.messages.filter(([, ...messages]) => messages.some(([rule]) => rule === "sunset-lint/no-notification-email")).map(([file]) => file.slice(project.length + 1).split("/pool-")[0]);
    expect([...new Set(reported)]).toEqual(["app", "packages/plain/src"]);
  });
});

/**
 * Lints `files` of `project` with the built plugin in a child process, as ESLint runs: the first
 * file (which starts the worker, with SUNSET_LINT_READ_AHEAD=1), then the rest once the worker is
 * done, then `edited`'s text if given. Gives each file's messages and the reading ahead's state.
 */
function lintInOneProcess(project: string, files: string[], setting: string, edited?: { path: string; text: string }) {
  const scratch = scratchDirectory("read-ahead-eslint");
  const plugin = new URL("../../dist/eslint/index.js", import.meta.url).href;
  const analysis = new URL("../../dist/eslint/analysis.js", import.meta.url).href;
  const config = join(scratch, "eslint.config.mjs");
  writeFileSync(config, `import sunset from ${JSON.stringify(plugin)};\nexport default [{ ...sunset.configs.recommended, files: ["**/*.{ts,tsx,js,jsx,cjs,mjs}"] }];\n`);
  const run = join(scratch, "run.mjs");
  writeFileSync(
    run,
    `import { ESLint } from ${JSON.stringify(pathToFileURL(fileURLToPath(new URL("../../node_modules/eslint/lib/api.js", import.meta.url))).href)};
const { readAheadState } = await import(${JSON.stringify(analysis)});
const files = ${JSON.stringify(files)};
const eslint = new ESLint({ cwd: ${JSON.stringify(project)}, overrideConfigFile: ${JSON.stringify(config)}, cache: false });
const results = await eslint.lintFiles(files.slice(0, 1));
const deadline = Date.now() + 20000;
while (readAheadState().started && !readAheadState().done && Date.now() < deadline) await new Promise((resolve) => setTimeout(resolve, 10));
results.push(...(await eslint.lintFiles(files.slice(1))));
const edited = ${JSON.stringify(edited ?? null)};
if (edited) results.push(...(await eslint.lintText(edited.text, { filePath: edited.path })));
const messages = results.map((result) => [result.filePath, ...result.messages.map((m) => [m.ruleId, m.line, m.column, m.message])]);
console.log(JSON.stringify({ messages, state: readAheadState() }));
`,
  );
  const child = spawnSync(process.execPath, [run], { encoding: "utf8", env: { ...process.env, SUNSET_LINT_READ_AHEAD: setting } });
  expect(child.stderr).toBe("");
  return JSON.parse(child.stdout) as { messages: [string, ...[string, number, number, string][]][]; state: { started: boolean; served: number; foldersServed: number; verdictsServed: number } };
}

/** The file's text with a comment's letters, of the same length, turned into a deprecated path in a string. */
function editedText(path: string): string {
  const text = readFileSync(path, "utf8");
  const added = 'fetch(`/zones/${z}/script_monitor`);';
  const line = text.split("\n").find((candidate) => candidate.startsWith("//") && candidate.length >= added.length + 12);
  if (!line) throw new Error(`no comment line long enough in ${path}`);
  const replacement = `const z=1;${added}`.padEnd(line.length, " ");
  const changed = text.replace(line, replacement);
  if (changed.length !== text.length) throw new Error("the edit changed the length");
  return changed;
}
