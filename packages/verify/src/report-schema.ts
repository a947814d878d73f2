// JSON Schema (2020-12) of verify's JSON report, beside the types it describes (report-types.ts); the defect names
// and the kinds of case come from their one list each. test/report-schema.test-d.ts checks schema and types agree.

import { CASE_KINDS } from "./case-kinds.js";
import { DEFECT_NAMES } from "./checks/index.js";

const defect = {
  type: "object",
  required: ["check", "path", "message"],
  properties: {
    check: { enum: DEFECT_NAMES },
    path: { type: "string" },
    message: { type: "string" },
    keyword: { type: "string" },
  },
  additionalProperties: false,
} as const;

/** JSON Schema (2020-12) of the JSON report. */
export const VERIFY_REPORT_SCHEMA = {
  $schema: "https://json-schema.org/draft/2020-12/schema",
  title: "merchant-payments-verify report",
  type: "object",
  required: [
    "tool",
    "ok",
    "baseUrl",
    "seed",
    "runs",
    "timeoutMs",
    "maxPages",
    "allowWrites",
    "generatedWrites",
    "startedAt",
    "durationMs",
    "summary",
    "operations",
  ],
  additionalProperties: false,
  properties: {
    tool: { const: "merchant-payments-verify" },
    ok: { type: "boolean" },
    baseUrl: { type: "string" },
    seed: { type: "integer" },
    runs: { type: "integer", minimum: 0 },
    timeoutMs: { type: "integer", minimum: 1 },
    maxPages: { type: "integer", minimum: 1 },
    allowWrites: { type: "boolean" },
    generatedWrites: { type: "boolean" },
    startedAt: { type: "string", format: "date-time" },
    durationMs: { type: "integer", minimum: 0 },
    unreachable: { type: "string" },
    summary: {
      type: "object",
      required: [
        "operations",
        "operationsSent",
        "operationsSkipped",
        "checks",
        "cases",
        "passed",
        "failed",
        "skipped",
        "discarded",
        "statusCoverage",
        "defects",
      ],
      additionalProperties: false,
      properties: {
        operations: { type: "integer", minimum: 0 },
        operationsSent: { type: "integer", minimum: 0 },
        operationsSkipped: { type: "integer", minimum: 0 },
        checks: { type: "array", items: { type: "string" } },
        cases: { type: "integer", minimum: 0 },
        passed: { type: "integer", minimum: 0 },
        failed: { type: "integer", minimum: 0 },
        skipped: { type: "integer", minimum: 0 },
        discarded: { type: "integer", minimum: 0 },
        statusCoverage: {
          type: "object",
          required: ["documented", "seen"],
          additionalProperties: false,
          properties: {
            documented: { type: "integer", minimum: 0 },
            seen: { type: "integer", minimum: 0 },
          },
        },
        defects: { type: "object", additionalProperties: { type: "integer", minimum: 1 } },
      },
    },
    operations: {
      type: "array",
      items: {
        type: "object",
        required: ["operationId", "method", "path", "documentedStatuses", "seenStatuses", "cases"],
        additionalProperties: false,
        properties: {
          operationId: { type: "string" },
          method: { type: "string" },
          path: { type: "string" },
          skippedReason: { type: "string" },
          documentedStatuses: { type: "array", items: { type: "string" } },
          seenStatuses: { type: "array", items: { type: "string" } },
          cases: {
            type: "array",
            items: {
              type: "object",
              required: ["name", "kind", "outcome", "defects"],
              additionalProperties: false,
              properties: {
                name: { type: "string" },
                kind: { enum: CASE_KINDS },
                outcome: { enum: ["passed", "failed", "skipped"] },
                status: { type: "integer" },
                durationMs: { type: "integer", minimum: 0 },
                defects: { type: "array", items: defect },
                description: { type: "string" },
                reason: { type: "string" },
                request: { type: "string" },
                requestBody: { type: "string" },
              },
            },
          },
        },
      },
    },
  },
} as const;
