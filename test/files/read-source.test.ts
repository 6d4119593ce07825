import { execFileSync } from "node:child_process";
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { readSource } from "../../src/files/read-source.js";

const root = mkdtempSync(join(tmpdir(), "sunset-lint-read-"));
afterAll(() => rmSync(root, { recursive: true, force: true }));
const file = (name: string, content: string | Buffer) => {
  const path = join(root, name);
  writeFileSync(path, content);
  return path;
};

describe("readSource", () => {
  it("reads files of every size whole, one after another", () => {
    // Multi-byte characters, small and large files (past 4 MiB with the limit raised).
    const texts = [300 * 1024, 10, 700 * 1024, 5 * 1024 * 1024, 3].map((size, index) => `// ${index} é€𝄞\n`.padEnd(size, `x${index}`));
    const paths = texts.map((text, index) => file(`size-${index}.ts`, text));
    for (const [index, path] of paths.entries()) expect(readSource(path, 8 * 1024 * 1024)).toEqual({ ok: true, text: texts[index] });
  });

  it("reads ASCII and the same sizes of UTF-8 alike (ASCII is decoded apart, as Latin-1)", () => {
    const ascii = "export const path = `/zones/${id}/settings/minify`;\n".repeat(200);
    const utf8 = ascii.replace("minify", "minifé");
    expect(readSource(file("ascii.ts", ascii))).toEqual({ ok: true, text: ascii });
    expect(readSource(file("utf8.ts", utf8))).toEqual({ ok: true, text: utf8 });
    // A Latin-1 byte alone is not UTF-8: decoded as UTF-8 reads it (a replacement character), not as Latin-1.
    expect(readSource(file("latin1.ts", Buffer.from("const s = '\xe9';\n", "latin1")))).toEqual({ ok: true, text: "const s = '\ufffd';\n" });
  });

  it.runIf(process.platform === "linux")("reads a file whose size is not known ahead (/proc) to its end", () => {
    const read = readSource("/proc/self/status");
    expect(read.ok).toBe(true);
    expect(read.ok && /^Name:/m.test(read.text) && /^Pid:/m.test(read.text)).toBe(true);
  });

  it("drops a byte-order mark", () => {
    expect(readSource(file("bom.ts", "\ufeffconst a = 1;\n"))).toEqual({ ok: true, text: "const a = 1;\n" });
  });

  it("reads UTF-16 whose line endings a byte-wise conversion broke (a CR byte put before each LF byte)", () => {
    const text = 'function Set-Zone {\r\n    Invoke-RestMethod -Uri "$api/zones/$zone/settings/minify"\r\n}\r\n';
    const utf16 = Buffer.from(text, "utf16le");
    // What converting LF to CRLF byte by byte makes of it: 0D 00 0A 00 becomes 0D 00 0D 0A 00.
    const converted: number[] = [];
    for (const byte of utf16) {
      if (byte === 0x0a) converted.push(0x0d);
      converted.push(byte);
    }
    expect(readSource(file("converted.ps1", Buffer.concat([Buffer.from([0xff, 0xfe]), Buffer.from(converted)])))).toEqual({ ok: true, text });
    // Text that only holds a CR character before a LF character is left as it is.
    expect(readSource(file("plain.ps1", Buffer.concat([Buffer.from([0xff, 0xfe]), utf16])))).toEqual({ ok: true, text });
  });

  it("reads UTF-16 with a byte-order mark, little- and big-endian (Windows PowerShell's default)", () => {
    const text = 'Invoke-RestMethod -Uri "$base/zones/$id/settings/minify" -Method Patch\n';
    expect(readSource(file("le.ps1", Buffer.concat([Buffer.from([0xff, 0xfe]), Buffer.from(text, "utf16le")])))).toEqual({ ok: true, text });
    expect(readSource(file("be.ps1", Buffer.concat([Buffer.from([0xfe, 0xff]), Buffer.from(text, "utf16le").swap16()])))).toEqual({ ok: true, text });
    // Without the mark, NUL bytes are binary.
    expect(readSource(file("bare.ps1", Buffer.from(text, "utf16le")))).toMatchObject({ ok: false, skipped: true });
  });

  it("skips binary and oversized files, and says why", () => {
    expect(readSource(file("binary.ts", Buffer.from([0x63, 0x00, 0x64])))).toEqual({ ok: false, skipped: true, problem: "skipped: binary content (NUL bytes), not source text" });
    expect(readSource(file("large.ts", "x".repeat(2048)), 1024)).toEqual({ ok: false, skipped: true, problem: "skipped: 2.0 KiB is over the 1.0 KiB limit for source files" });
  });

  it("reads source holding a few NUL characters written raw in a string, and skips content full of them", () => {
    // A template literal joining a DNS record's fields with NUL separators, in a component of 8 KiB.
    const text = "export const keyOf = (r: { type: string; name: string }) => `${r.type}\0${r.name}\0`;\n".padEnd(8192, "/");
    expect(readSource(file("separators.ts", text))).toEqual({ ok: true, text });
    // An MPEG transport stream saved as `.ts`: packets padded with NUL bytes.
    const packet = Buffer.concat([Buffer.from([0x47, 0x40, 0x11, 0x10]), Buffer.from("x".repeat(20)), Buffer.alloc(164)]);
    expect(readSource(file("clip.ts", Buffer.concat(Array.from({ length: 40 }, () => packet))))).toMatchObject({ ok: false, skipped: true });
  });

  it("names what is not a readable file, without waiting on a FIFO", () => {
    expect(readSource(join(root, "missing.ts"))).toEqual({ ok: false, problem: "file not found (a broken symbolic link?)" });
    mkdirSync(join(root, "dir.ts"));
    expect(readSource(join(root, "dir.ts"))).toEqual({ ok: false, problem: "not a regular file" });
    execFileSync("mkfifo", [join(root, "fifo.ts")]);
    expect(readSource(join(root, "fifo.ts"))).toEqual({ ok: false, problem: "not a regular file" });
  });
});
