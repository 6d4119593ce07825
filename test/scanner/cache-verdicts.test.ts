import { mkdirSync, mkdtempSync, rmSync, utimesSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { scan } from "../../src/scanner/scan.js";
import { AS_OF } from "../support/analyze.js";
import { ageTree } from "../support/scratch.js";

// A file that does not pass the prefilter alone: it names an SDK resource chain, and only the
// module it imports says that the client is Cloudflare's. Its verdict rests on that module.
const CALL = 'import { client } from "../lib/client";\nexport const list = () => client.firewall.rules.list();\n';
const HARMLESS_CLIENT = "export const client = { firewall: { rules: { list: () => [] } } };\n";
const SDK_CLIENT = 'import Cloudflare from "cloudflare";\nexport const client = new Cloudflare({ apiToken: process.env.CF_TOKEN });\n';

const roots: string[] = [];
afterAll(() => roots.forEach((root) => [root, `${root}.cache.json`].forEach((path) => rmSync(path, { recursive: true, force: true }))));


/** Writes a file with its modification time an hour back (its directory untouched). */
function rewrite(path: string, text: string): void {
  writeFileSync(path, text);
  const hourAgo = new Date(Date.now() - 3_600_000);
  utimesSync(path, hourAgo, hourAgo);
}

function tree(client: string): string {
  const root = mkdtempSync(join(tmpdir(), "sunset-lint-verdicts-"));
  roots.push(root);
  mkdirSync(join(root, "app"));
  mkdirSync(join(root, "lib"));
  writeFileSync(join(root, "app/call.ts"), CALL);
  writeFileSync(join(root, "app/other.ts"), "export const other = 1;\n");
  writeFileSync(join(root, "lib/client.ts"), client);
  ageTree(root);
  return root;
}

async function cachedScan(root: string, paths: string[], maxFileSize?: number) {
  const debug: string[] = [];
  // Kept outside the tree: a file written into it would change the directory the walk replays.
  const result = await scan({ cwd: root, paths, asOf: AS_OF, cache: `${root}.cache.json`, jobs: 0, onDebug: (message) => debug.push(message), ...(maxFileSize ? { maxFileSize } : {}) });
  const verdicts = debug.find((message) => message.startsWith("prefilter: "));
  const problems = result.summary.problems.map((problem) => `${problem.file} ${problem.kind}: ${problem.message}`);
  return { findings: result.findings.map((finding) => `${finding.file}:${finding.line} ${finding.ruleId}`), parsed: result.summary.parsed, verdicts, problems };
}

/** lib/client.ts becomes Cloudflare's SDK client: the call's verdict, replayed until then, is judged again, and it passes. */
async function expectJudgedAgainOnceTheClientIsTheApis(root: string, paths: string[]): Promise<void> {
  rewrite(join(root, "lib/client.ts"), SDK_CLIENT);
  const after = await cachedScan(root, paths);
  expect(after.verdicts).toMatch(/^prefilter: 0 of 1 files/);
  expect(after.findings).toEqual(["app/call.ts:2 no-deprecated-endpoint"]);
}

describe("the cache's verdicts on files judged with their imports", () => {
  it("are replayed beside a file the read leaves out as too large, which every run reports", async () => {
    const root = tree(SDK_CLIENT);
    writeFileSync(join(root, "app/huge.ts"), `export const table = ${JSON.stringify("x".repeat(5_000))};\n`);
    ageTree(root);
    const first = await cachedScan(root, ["."], 4_096);
    expect(first.problems).toEqual([expect.stringMatching(/^app\/huge\.ts skipped: skipped: .* over the 4\.0 KiB limit/)]);
    expect(first.findings).toEqual(["app/call.ts:2 no-deprecated-endpoint"]);
    const second = await cachedScan(root, ["."], 4_096);
    expect(second.verdicts).toMatch(/^prefilter: 1 of 1 files/);
    expect(second.problems).toEqual(first.problems);
    expect(second.findings).toEqual(first.findings);
    // Small enough to read now: what it writes may change a verdict, so the verdicts are judged again.
    rewrite(join(root, "app/huge.ts"), "export const table = {};\n");
    const third = await cachedScan(root, ["."], 4_096);
    expect(third.verdicts).toMatch(/^prefilter: 0 of 1 files/);
    expect(third.problems).toEqual([]);
    expect(third.findings).toEqual(first.findings);
  });

  it("are replayed while nothing changed, and the findings are the same", async () => {
    const root = tree(SDK_CLIENT);
    const first = await cachedScan(root, ["."]);
    expect(first.findings).toEqual(["app/call.ts:2 no-deprecated-endpoint"]);
    expect(first.verdicts).toMatch(/^prefilter: 0 of 1 files judged with their imports as the last run judged them/);
    const second = await cachedScan(root, ["."]);
    expect(second.verdicts).toMatch(/^prefilter: 1 of 1 files/);
    expect(second.findings).toEqual(first.findings);
    // A file added: its directory changed, and an import may now resolve to another file.
    writeFileSync(join(root, "app/added.ts"), "export const added = 1;\n");
    ageTree(root);
    const third = await cachedScan(root, ["."]);
    expect(third.verdicts).toMatch(/^prefilter: 0 of 1 files/);
    expect(third.findings).toEqual(first.findings);
  });

  it("are replayed after an edit that changes no word the prefilter counts and no import, judged again after one that does", async () => {
    const root = tree(SDK_CLIENT);
    const first = await cachedScan(root, ["."]);
    expect(first.findings).toEqual(["app/call.ts:2 no-deprecated-endpoint"]);
    rewrite(join(root, "app/other.ts"), "// a comment\nexport const other = 2;\n");
    rewrite(join(root, "lib/client.ts"), `${SDK_CLIENT}// edited\n`);
    const edited = await cachedScan(root, ["."]);
    expect(edited.verdicts).toMatch(/^prefilter: 1 of 1 files/);
    expect(edited.findings).toEqual(first.findings);
    // An import more: what the verdicts rested on may have changed.
    rewrite(join(root, "app/other.ts"), 'import { client } from "../lib/client";\nexport const other = client;\n');
    const imported = await cachedScan(root, ["."]);
    expect(imported.verdicts).toMatch(/^prefilter: 0 of 2 files/);
    expect(imported.findings).toEqual(first.findings);
    // A word the prefilter counts, in the imported file: the call's verdict changes.
    rewrite(join(root, "lib/client.ts"), HARMLESS_CLIENT);
    const harmless = await cachedScan(root, ["."]);
    expect(harmless.verdicts).toMatch(/^prefilter: 0 of 2 files/);
    expect(harmless.findings).toEqual([]);
  });

  it("are judged again when an imported file changed: a file that failed may now pass", async () => {
    const root = tree(HARMLESS_CLIENT);
    const before = await cachedScan(root, ["."]);
    expect(before.findings).toEqual([]);
    expect((await cachedScan(root, ["."])).verdicts).toMatch(/^prefilter: 1 of 1 files/);
    await expectJudgedAgainOnceTheClientIsTheApis(root, ["."]);
  });

  it("are judged again when a file they rested on beyond the scanned paths changed", async () => {
    // Only app/ is scanned: lib/client.ts is read for its hints, outside the walk and its stamps.
    const root = tree(HARMLESS_CLIENT);
    expect((await cachedScan(root, ["app"])).findings).toEqual([]);
    const replayed = await cachedScan(root, ["app"]);
    expect(replayed.verdicts).toMatch(/^prefilter: 1 of 1 files judged with their imports as the last run judged them \(resting on [1-9]\d* paths beyond the walk\)/);
    await expectJudgedAgainOnceTheClientIsTheApis(root, ["app"]);
  });

  it("are replayed after a change above the scanned paths that adds nothing they rested on (the parent folder changes all the time)", async () => {
    const root = tree(HARMLESS_CLIENT);
    await cachedScan(root, ["app"]);
    // The folder the import was found in, outside the walk, gets a file of no interest (as a home
    // directory or /tmp does all the time): the answers rested on the imported file, not on the folder.
    writeFileSync(join(root, "lib/notes.txt"), "shopping list\n");
    const replayed = await cachedScan(root, ["app"]);
    expect(replayed.verdicts).toMatch(/^prefilter: 1 of 1 files/);
    await expectJudgedAgainOnceTheClientIsTheApis(root, ["app"]);
  });

  it("are judged again when a module an import could not find beyond the scanned paths appears", async () => {
    const root = tree(HARMLESS_CLIENT);
    rewrite(join(root, "app/call.ts"), CALL.replace("../lib/client", "../lib/sdk"));
    expect((await cachedScan(root, ["app"])).findings).toEqual([]);
    expect((await cachedScan(root, ["app"])).verdicts).toMatch(/^prefilter: 1 of 1 files/);
    writeFileSync(join(root, "lib/sdk.ts"), SDK_CLIENT);
    ageTree(root);
    const after = await cachedScan(root, ["app"]);
    expect(after.verdicts).toMatch(/^prefilter: 0 of 1 files/);
    expect(after.findings).toEqual(["app/call.ts:2 no-deprecated-endpoint"]);
  });

  it("are never replayed from a run that rested on a path modified just before it", async () => {
    const root = tree(HARMLESS_CLIENT);
    // Modified now: its stamp could stay the same through a change within the clock's tick.
    writeFileSync(join(root, "lib/client.ts"), HARMLESS_CLIENT);
    await cachedScan(root, ["app"]);
    writeFileSync(join(root, "lib/client.ts"), SDK_CLIENT);
    const after = await cachedScan(root, ["app"]);
    expect(after.verdicts).toMatch(/^prefilter: 0 of 1 files/);
    expect(after.findings).toEqual(["app/call.ts:2 no-deprecated-endpoint"]);
  });
});
