// What the planner of one kind of request is given and gives back (plan.ts runs one per kind, planners/index.ts).
import type { OperationSpec, SpecAjv } from "@merchant-payments/spec/model";
import type { BuiltRequest } from "../requests.js";
import type { OperationDraft } from "../valid-requests.js";

/** One request a planner plans: plan.ts adds its operation and kind. */
export interface PlannedCase {
  /** Unique within the operation, e.g. `example GetTransactionRequest`, `generated-invalid #3`. */
  readonly name: string;
  /** What is sent: method, target under the base URL, headers (credentials included) and encoded body. */
  readonly request: BuiltRequest;
  /** What was broken, for an invalid case (e.g. `merchantAccountNumber: above maximum`). */
  readonly description?: string;
  /** For a paginated operation's valid request: the same request asking for the page at `cursor`. */
  readonly nextPage?: (cursor: string) => BuiltRequest;
}

/** What a planner plans from: one operation, drafted. */
export interface PlanningInput {
  /** The OpenAPI document (for the schemas' `$ref`s). */
  readonly document: unknown;
  /** Its validators. */
  readonly ajv: SpecAjv;
  /** The operation planned. */
  readonly operation: OperationSpec;
  /** Its valid requests and what invalid ones are built from (`draftOperation`). */
  readonly draft: OperationDraft;
  /** The operation's seed: the draft's; a planner samples with `seed + k` of its own. */
  readonly seed: number;
  /** Generated requests per kind, and broken values per parameter (`--runs`). */
  readonly runs: number;
}

/** What a planner planned: its requests, and the generated values it dropped (never sent). */
interface Planned {
  /** The requests, in the order they are sent. */
  readonly cases: readonly PlannedCase[];
  /** Generated values dropped because the validator disagreed with the generator, or unsendable. */
  readonly discarded: number;
}

/** Plans the requests of one kind for one operation. */
export type Planner = (input: PlanningInput) => Planned;

/** The `nextPage` of a request, when it has one, as a case's optional field. */
export function withNextPage(nextPage: PlannedCase["nextPage"]): Pick<PlannedCase, "nextPage"> {
  return nextPage ? { nextPage } : {};
}
