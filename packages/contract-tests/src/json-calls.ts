// A client call's arguments as JSON, for a program in another process (an installed client, a generated one): every
// `Blob` (a multipart body's file part) becomes `{ $file, type }`, and `reviveFilesSource` gives the code (TypeScript or
// JavaScript) of `reviveFiles`, which turns them back into `Blob`s.
import { isObject } from "@merchant-payments/spec/model";

/** A file of a call, as JSON: its text and content type. */
export interface FilePart {
  readonly $file: string;
  readonly type: string;
}

/** `value` with every `Blob` (at any depth) replaced by a {@link FilePart}. */
export async function filesAsJson(value: unknown): Promise<unknown> {
  if (value instanceof Blob)
    return { $file: await value.text(), type: value.type } satisfies FilePart;
  if (Array.isArray(value)) return Promise.all(value.map(filesAsJson));
  if (!isObject(value)) return value;
  const entries = await Promise.all(
    Object.entries(value).map(async ([key, inner]) => [key, await filesAsJson(inner)] as const),
  );
  return Object.fromEntries(entries);
}

/**
 * The source of `reviveFiles(value)`, the inverse of {@link filesAsJson}, in TypeScript (strict) or JavaScript, for a
 * program that reads a call written by it.
 */
export function reviveFilesSource(language: "ts" | "js"): string {
  const ts = (annotation: string) => (language === "ts" ? annotation : "");
  return `function reviveFiles(value${ts(": unknown")})${ts(": unknown")} {
  if (Array.isArray(value)) return value.map(reviveFiles);
  if (value === null || typeof value !== "object") return value;
  const file = value${ts(" as { $file?: unknown; type?: unknown }")};
  if (typeof file.$file === "string" && typeof file.type === "string") return new Blob([file.$file], { type: file.type });
  return Object.fromEntries(Object.entries(value).map(([key, inner]) => [key, reviveFiles(inner)]));
}`;
}
