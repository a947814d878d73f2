// What the breaking-change gate reports: one finding per change, naming who found it and the rule that fired.
import type { ParameterLocation } from "@merchant-payments/spec/model";

/** A rule of optic's standard breaking-change ruleset, by the name optic reports it under. */
export type OpticRule =
  | "prevent operation removal"
  | "prevent changing request property to required"
  | "prevent making response property optional"
  | "prevent removing response property"
  | "prevent request property type changes"
  | "prevent response property type changes"
  | "prevent response status code removal"
  | "prevent expanded in request union types"
  | "prevent narrowing in response union types"
  | "request and response property enums"
  | `prevent new required ${ParameterLocation} parameters`
  | `prevent requiring existing ${ParameterLocation} parameters`
  | `prevent ${ParameterLocation} parameters type changes`
  | `prevent ${ParameterLocation} parameters enum breaking changes`;

/** A rule of the spec model's own breaking-change checks (`model-checks.ts`, `operation-checks.ts`). */
export type SpecModelRule =
  | "open request enum closed"
  | "request enum value removed"
  | "closed response enum opened"
  | "response enum value added"
  | "narrowed request bound"
  | "widened response bound"
  | "request union branch removed"
  | "response union branch added"
  | "required parameter added"
  | "parameter made required"
  | "parameter type changed"
  | "parameter style changed"
  | "parameter removed"
  | "request media type removed"
  | "request body made required"
  | "success status removed"
  | "response media type removed"
  | "pagination changed";

/** One breaking change: who found it (`source`), the rule that fired, its place in the spec and what changed. */
export type BreakingChange =
  | {
      readonly source: "optic";
      readonly rule: OpticRule;
      readonly path: string;
      readonly message: string;
    }
  | {
      readonly source: "spec-model";
      readonly rule: SpecModelRule;
      readonly path: string;
      readonly message: string;
    };

/** A breaking change the spec model's checks found. */
export type SpecModelChange = Extract<BreakingChange, { source: "spec-model" }>;
