// The judgement of a peer suite's run: an unlisted failure and a listed check that passes both fail the suite; the
// limits expected are those of the operations the run's spec has.
import { describe, expect, it } from "vitest";
import { type JudgedOperation, judgePeerRun, type PeerLimit } from "./peer-contracts.js";
import { RESPECT_LIMITS, respectWorkflowId } from "./respect-limits.js";
import { bodyRecurses, operationsOf, resolvedSchema } from "./shapes.js";

/** An operation of a run's spec, by its operationId alone (the limits above are keyed by operationId). */
const op = (operationId: string): JudgedOperation => ({ operationId });

const limits: PeerLimit[] = [
  { operationId: "upload", checks: ["a :: schema", "b :: status"], reason: "a tool's own limit" },
  { operationId: "lookup", checks: ["c :: status"], reason: "another" },
];

describe("judgePeerRun", () => {
  it("accepts a run whose failures are exactly the listed limits of the spec's operations", () => {
    expect(
      judgePeerRun({ checks: 9, failed: ["b :: status", "a :: schema"] }, [op("upload")], limits),
    ).toEqual({ unexplained: [], stale: [] });
  });

  it("names a failure no limit lists, and a listed limit of a present operation that no longer fails (stale)", () => {
    expect(
      judgePeerRun({ checks: 9, failed: ["a :: schema", "d :: body"] }, [op("upload")], limits),
    ).toEqual({ unexplained: ["d :: body"], stale: ["b :: status"] });
    expect(judgePeerRun({ checks: 3, failed: [] }, [op("lookup"), op("other")], limits)).toEqual({
      unexplained: [],
      stale: ["c :: status"],
    });
  });

  it("does not expect the limits of an operation the spec lacks, nor excuse its checks", () => {
    expect(judgePeerRun({ checks: 3, failed: [] }, [op("other")], limits)).toEqual({
      unexplained: [],
      stale: [],
    });
    expect(judgePeerRun({ checks: 3, failed: ["c :: status"] }, [op("other")], limits)).toEqual({
      unexplained: ["c :: status"],
      stale: [],
    });
  });
});

describe("judgePeerRun with limits keyed by shape", () => {
  const shaped: PeerLimit[] = [
    {
      shape: "a multipart body",
      applies: (o) => o.requestBodies.some((m) => m.mediaType === "multipart/form-data"),
      checks: (o) => [`${o.operationId} :: success`],
      reason: "a tool's limit on multipart bodies",
    },
  ];
  const multipart = (operationId: string) =>
    ({ operationId, requestBodies: [{ mediaType: "multipart/form-data" }] }) as never;
  const json = (operationId: string) =>
    ({ operationId, requestBodies: [{ mediaType: "application/json" }] }) as never;

  it("expects the limit of every operation of the shape, whatever it is named, and of no other", () => {
    expect(
      judgePeerRun(
        { checks: 5, failed: ["a-new-upload :: success", "attach :: success"] },
        [multipart("a-new-upload"), multipart("attach"), json("lookup")],
        shaped,
      ),
    ).toEqual({ unexplained: [], stale: [] });
    expect(
      judgePeerRun({ checks: 5, failed: ["lookup :: success"] }, [json("lookup")], shaped),
    ).toEqual({ unexplained: ["lookup :: success"], stale: [] });
  });

  it("names a shaped limit that no longer fails on an operation of the shape (stale)", () => {
    expect(judgePeerRun({ checks: 5, failed: [] }, [multipart("attach")], shaped)).toEqual({
      unexplained: [],
      stale: ["attach :: success"],
    });
  });

  it("names Respect's workflows as generate-arazzo does: method and path, `/` as `-`", () => {
    expect(
      respectWorkflowId({ method: "GET", path: "/transactions/{transactionReference}/receipt" }),
    ).toBe("get-transactions-{transactionReference}-receipt-workflow");
    expect(RESPECT_LIMITS.every((limit) => "shape" in limit)).toBe(true);
  });
});

describe("shapes read from the document an operation comes from", () => {
  // A spec other than the published one (the grown fixture, a real document): its $refs are its own.
  const document = {
    openapi: "3.1.0",
    info: { title: "trees", version: "1" },
    paths: {
      "/trees": {
        post: {
          operationId: "plantTree",
          requestBody: {
            content: { "application/json": { schema: { $ref: "#/components/schemas/Tree" } } },
          },
          responses: {
            "200": {
              description: "The tree's picture.",
              content: { "image/png": { schema: { $ref: "#/components/schemas/Picture" } } },
            },
          },
        },
      },
    },
    components: {
      schemas: {
        Tree: {
          type: "object",
          properties: { branches: { type: "array", items: { $ref: "#/components/schemas/Tree" } } },
        },
        Picture: { type: "string", format: "binary" },
      },
    },
  };
  const [plantTree] = operationsOf(document);

  it("finds a body that contains itself and a binary answer through that document's components", () => {
    if (!plantTree) throw new Error("no operation read");
    expect(bodyRecurses(plantTree)).toBe(true);
    const picture = plantTree.responses[0]?.content[0];
    expect(picture && resolvedSchema(plantTree, picture.schema)).toEqual({
      type: "string",
      format: "binary",
    });
  });
});
