/**
 * Generates a synthetic monorepo of ordinary TypeScript/JavaScript source: components, hooks,
 * services calling the application's own API, utilities and tests. About `apiShare` of the files
 * are copies of the sample app's files, which use the deprecated API in many styles.
 */
import { cpSync, mkdirSync, readdirSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { fileURLToPath } from "node:url";

const SAMPLE = fileURLToPath(new URL("../fixtures/sample-app/src", import.meta.url));

const component = (n) => `import { useEffect, useMemo, useState } from "react";
import { formatDate, groupBy } from "../utils/format";

export interface Row${n} { id: string; name: string; createdAt: string; tags: string[]; locked?: boolean }

export function Table${n}({ rows, onSelect }: { rows: Row${n}[]; onSelect(id: string): void }) {
  const [query, setQuery] = useState("");
  const [page, setPage] = useState(0);
  const filtered = useMemo(() => rows.filter((row) => row.name.toLowerCase().includes(query.toLowerCase())), [rows, query]);
  const groups = useMemo(() => groupBy(filtered, (row) => row.tags[0] ?? "untagged"), [filtered]);
  useEffect(() => setPage(0), [query]);
  return (
    <div className="table-${n}">
      <input value={query} onChange={(event) => setQuery(event.target.value)} placeholder="Filter" />
      {Object.entries(groups).map(([tag, items]) => (
        <section key={tag}>
          <h3>{tag} ({items.length})</h3>
          <ul>{items.slice(page * 20, page * 20 + 20).map((row) => <li key={row.id} onClick={() => onSelect(row.id)}>{row.name} · {formatDate(row.createdAt)}</li>)}</ul>
        </section>
      ))}
      <button onClick={() => setPage((p) => p + 1)}>Next</button>
    </div>
  );
}
`;
const service = (n) => `import axios from "axios";

const http = axios.create({ baseURL: process.env.APP_API ?? "/api/v2", timeout: 5000 });

export interface User${n} { id: string; email: string; roles: string[]; settings: Record<string, unknown> }

export async function listUsers${n}(page = 1): Promise<User${n}[]> {
  const { data } = await http.get(\`/users?page=\${page}\`);
  return data.items;
}

export async function updateSettings${n}(id: string, settings: Record<string, unknown>) {
  const response = await fetch(\`/api/v2/users/\${id}/settings\`, { method: "PATCH", headers: { "Content-Type": "application/json" }, body: JSON.stringify(settings) });
  if (!response.ok) throw new Error(\`update failed: \${response.status}\`);
  return response.json();
}

export async function removeMember${n}(org: string, member: string) {
  return http.delete(\`/organizations/\${org}/members/\${member}\`);
}
`;
const util = (n) => `export function groupBy<T>(items: readonly T[], key: (item: T) => string): Record<string, T[]> {
  const groups: Record<string, T[]> = {};
  for (const item of items) (groups[key(item)] ??= []).push(item);
  return groups;
}

export const formatDate = (iso: string) => new Date(iso).toISOString().slice(0, 10);

export function debounce${n}<A extends unknown[]>(fn: (...args: A) => void, ms = 200) {
  let timer: ReturnType<typeof setTimeout> | undefined;
  return (...args: A) => {
    clearTimeout(timer);
    timer = setTimeout(() => fn(...args), ms);
  };
}

export class Cache${n}<V> {
  private readonly entries = new Map<string, { value: V; expires: number }>();
  constructor(private readonly ttl = 60_000) {}
  get(key: string): V | undefined {
    const entry = this.entries.get(key);
    if (!entry || entry.expires < Date.now()) return undefined;
    return entry.value;
  }
  set(key: string, value: V) {
    this.entries.set(key, { value, expires: Date.now() + this.ttl });
  }
}
`;
const test = (n) => `import { describe, expect, it } from "vitest";
import { groupBy } from "../utils/format";

describe("groupBy ${n}", () => {
  it("groups by key", () => {
    expect(groupBy([{ a: "x" }, { a: "y" }, { a: "x" }], (item) => item.a)).toEqual({ x: [{ a: "x" }, { a: "x" }], y: [{ a: "y" }] });
  });
  it("handles an empty list", () => expect(groupBy([], () => "k")).toEqual({}));
});
`;

export function generateMonorepo(root, { files = 6000, apiShare = 0.03 } = {}) {
  const samples = readdirSync(SAMPLE, { recursive: true, withFileTypes: true }).filter((entry) => entry.isFile()).map((entry) => join(entry.parentPath ?? entry.path, entry.name));
  const kinds = [
    ["components", "tsx", component],
    ["services", "ts", service],
    ["utils", "ts", util],
    ["tests", "test.ts", test],
  ];
  let written = 0;
  let api = 0;
  for (let pkg = 0; written < files; pkg++) {
    const base = join(root, "packages", `pkg-${pkg}`, "src");
    for (const [folder] of kinds) mkdirSync(join(base, folder), { recursive: true });
    mkdirSync(join(base, "cloudflare"), { recursive: true });
    writeFileSync(join(root, "packages", `pkg-${pkg}`, "package.json"), JSON.stringify({ name: `pkg-${pkg}`, type: "module" }));
    for (let i = 0; i < 40 && written < files; i++, written++) {
      if (Math.floor(written * apiShare) !== Math.floor((written + 1) * apiShare)) {
        const source = samples[api++ % samples.length];
        cpSync(source, join(base, "cloudflare", `${i}-${source.split("/").pop()}`));
        continue;
      }
      const [folder, extension, template] = kinds[i % kinds.length];
      writeFileSync(join(base, folder, `file-${i}.${extension}`), template(`${pkg}_${i}`));
    }
    mkdirSync(join(base, "..", "node_modules", "dep"), { recursive: true });
    writeFileSync(join(base, "..", "node_modules", "dep", "index.js"), "module.exports = () => fetch('https://api.cloudflare.com/client/v4/user/billing/history');\n");
  }
  return { files: written, api };
}
