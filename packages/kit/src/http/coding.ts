// The one content decoder: undoes an answer's Content-Encoding (gzip, x-gzip, deflate zlib-wrapped or raw, br,
// stacked in any order) chunk by chunk through zlib, which runs off the event loop.
import type { Transform } from "node:stream";
import { createBrotliDecompress, createGunzip, createInflate, createInflateRaw } from "node:zlib";

/** Streaming decoders of the content codings fetch decodes. */
const DECODERS: Readonly<Record<string, () => Transform>> = {
  gzip: createGunzip,
  "x-gzip": createGunzip,
  br: createBrotliDecompress,
  deflate: createInflate,
};

/**
 * The decoding steps of a Content-Encoding (last applied first), or undefined when there is none to undo or one
 * this module cannot decode (the body is then left as it came, as fetch does).
 */
export function codingSteps(coding: string | null | undefined): string[] | undefined {
  if (!coding) return undefined;
  const steps = coding
    .toLowerCase()
    .split(",")
    .map((step) => step.trim())
    .filter((step) => step !== "" && step !== "identity")
    .reverse();
  return steps.length > 0 && steps.every((step) => Object.hasOwn(DECODERS, step))
    ? steps
    : undefined;
}

/** A running decoder: encoded bytes in with `write`, `end` when they are all in, `destroy` to drop it. */
export interface Decoder {
  /** Feeds one chunk of the encoded body. */
  write(chunk: Buffer): void;
  /** Says the encoded body is complete: `onEnd` follows once it is all decoded (at once for an empty body). */
  end(): void;
  /** Stops decoding; no callback follows. */
  destroy(): void;
}

/**
 * A chain of streaming decoders for `steps` (from {@link codingSteps}): decoded bytes go to `onData`, `onEnd` once
 * the whole coding is undone, `onError` with zlib's error for a corrupt or truncated one. "deflate" is zlib-wrapped
 * or raw, whichever its first byte says.
 */
export function decoderChain(
  steps: readonly string[],
  onData: (chunk: Buffer) => void,
  onEnd: () => void,
  onError: (error: Error) => void,
): Decoder {
  let first: Transform | undefined;
  const streams: Transform[] = [];
  const build = (firstByte: number) => {
    for (const step of steps) {
      const stream =
        step === "deflate" && streams.length === 0 && (firstByte & 0x0f) !== 8
          ? createInflateRaw()
          : (DECODERS[step] as () => Transform)();
      stream.on("error", onError);
      streams.at(-1)?.pipe(stream);
      streams.push(stream);
    }
    const last = streams.at(-1) as Transform;
    last.on("data", onData);
    last.on("end", onEnd);
    first = streams[0];
  };
  return {
    write(chunk) {
      if (!first) build(chunk[0] ?? 0);
      first?.write(chunk);
    },
    end() {
      // No byte at all (a 204, or an empty body with a coding header): nothing to decode, as fetch does.
      if (first) first.end();
      else onEnd();
    },
    destroy() {
      for (const stream of streams) {
        stream.removeAllListeners("data");
        stream.destroy();
      }
    },
  };
}
