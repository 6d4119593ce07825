/** A text's identity for caches: its SHA-1, as hex (one-shot; about 1 ms per MB). */
import { hash } from "node:crypto";

export const contentHash = (text: string): string => hash("sha1", text, "hex");
