// What every stage of the pipeline gives back: the next stage's input, or why the request stops here.
import type { Answer, Refusal } from "../problems.js";

/** The outcome of one stage: `next` carries on; anything else stops the request. */
export type StageResult<T> =
  /** Carry on with this input. */
  | { readonly next: T }
  /** Refuse with this problem; `close`: and close the connection (the rest of the body is not read). */
  | { readonly refuse: Refusal; readonly close?: boolean }
  /** Answer this, outside the spec (a CORS preflight). */
  | { readonly answer: Answer }
  /** Nothing to send: the connection is gone, or was dropped on purpose. */
  | { readonly dropped: true };

/** A result that stops the request. */
export type Halt = Exclude<StageResult<unknown>, { readonly next: unknown }>;

/** True when the stage lets the request carry on. */
export function carriesOn<T>(result: StageResult<T>): result is { readonly next: T } {
  return "next" in result;
}
