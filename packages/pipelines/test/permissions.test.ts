// Least privilege: every workflow grants nothing at the top (`permissions: {}`), every job states its own, and a
// write permission is granted only to the job that needs it.
import { describe, expect, test } from "vitest";
import { workflows } from "./workflow-files.js";

/**
 * The write permissions each job may hold, and why (the policy; every other grant is `read` or absent):
 * release's job commits the version PR, opens it, and publishes with provenance (OIDC); docs' deploy job and the
 * release job calling it deploy to Pages (OIDC).
 */
const WRITE_GRANTS: Readonly<Record<string, Readonly<Record<string, readonly string[]>>>> = {
  "ci.yml": {},
  "docs.yml": { deploy: ["pages", "id-token"] },
  "release.yml": {
    release: ["contents", "pull-requests", "id-token"],
    docs: ["pages", "id-token"],
  },
};

describe("permissions", () => {
  test("every workflow is covered by the policy", () => {
    expect([...workflows().keys()]).toEqual(Object.keys(WRITE_GRANTS));
  });

  describe.each([...workflows().entries()])("%s", (name, wf) => {
    test("grants nothing at the top level", () => {
      expect(wf.permissions).toEqual({});
    });

    test.each(Object.entries(wf.jobs))(
      "job %s states its permissions, writing only what the policy allows",
      (jobName, job) => {
        expect(typeof job.permissions).toBe("object");
        const permissions = job.permissions as Record<string, string>;
        for (const value of Object.values(permissions)) expect(["read", "write"]).toContain(value);
        const writes = Object.keys(permissions).filter((scope) => permissions[scope] === "write");
        expect(writes.sort()).toEqual([...(WRITE_GRANTS[name]?.[jobName] ?? [])].sort());
      },
    );
  });

  test("no checkout keeps the token in the git config", () => {
    for (const wf of workflows().values()) {
      for (const step of Object.values(wf.jobs).flatMap((job) => job.steps ?? [])) {
        if (step.uses?.startsWith("actions/checkout@")) {
          expect(step.with?.["persist-credentials"]).toBe(false);
        }
      }
    }
  });
});
