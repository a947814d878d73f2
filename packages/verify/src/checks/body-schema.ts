// body schema: the answer's body parses and is valid against its documented schema.
import { renamed, type VerifyCheck } from "./check.js";

/** Ajv's "must be integer" with its article ("must be an integer"; "must be integer,string": "an integer or a string"). */
export function typeMessage(message: string): string {
  const match = /^must be ([a-z]+(?:,[a-z]+)*)$/.exec(message);
  if (!match?.[1]) return message;
  const named = match[1].split(",").map((type) => `${/^[aeiou]/.test(type) ? "an" : "a"} ${type}`);
  return `must be ${named.join(" or ")}`;
}

const BODY_SCHEMA_DEFECTS = [
  "invalid-json",
  "wrong-type",
  "missing-field",
  "schema-violation",
] as const;

/** A body that is no JSON (`body` issue) or breaks its schema (`schema` issue: a wrong type, a missing field…). */
export const bodySchemaCheck: VerifyCheck<(typeof BODY_SCHEMA_DEFECTS)[number]> = {
  title: "body schema",
  defects: BODY_SCHEMA_DEFECTS,
  bodyDefects: BODY_SCHEMA_DEFECTS,
  conformance: ["body", "schema"],
  fromConformance: (issue) => {
    if (issue.check === "body") return renamed(issue, "invalid-json");
    if (issue.keyword === "type") return renamed(issue, "wrong-type", typeMessage(issue.message));
    if (issue.keyword === "required") return renamed(issue, "missing-field");
    return renamed(issue, "schema-violation");
  },
};
