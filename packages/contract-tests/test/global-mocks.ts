// The suite's mocks, one per spec it serves, started once for the whole run in vitest's main process (a globalSetup):
// the test workers never load Prism, no file waits for a mock to start, and a worker's own work (generating and
// validating bodies) never stalls the mock's event loop. Prism is stateless and the mock is configured at start
// (`--errors`), so the files can share it. The files that script their own servers (client-wire, shapes-wire,
// broken-spec) are in a project without this setup: running one of them alone starts no mock.
import type { TestProject } from "vitest/node";
import { startContractMock } from "../src/mock.js";
import { contractTargets } from "../src/targets.js";
import { DEFAULT_SPEC_KEY } from "./mock-urls.js";

/** Starts a mock for the mock's own spec and for each contract target's spec; closes them after the run. */
export default async function startSharedMocks(project: TestProject): Promise<() => Promise<void>> {
  const specs = [undefined, ...new Set(contractTargets().map((target) => target.specPath))];
  const mocks = await Promise.all(specs.map((spec) => startContractMock(spec)));
  project.provide(
    "contractMocks",
    Object.fromEntries(specs.map((spec, i) => [spec ?? DEFAULT_SPEC_KEY, mocks[i]?.baseUrl ?? ""])),
  );
  return async () => {
    await Promise.all(mocks.map((mock) => mock.close()));
  };
}
