import { readdirSync, readFileSync } from "node:fs";
import { testConfig } from "@merchant-payments/test-support/vitest-preset";

/** The test files that call a mock (`useMock(` of test/setup-mock.ts); the others script their own servers. */
const testDir = new URL("test/", import.meta.url);
const testFiles = readdirSync(testDir).filter((file) => file.endsWith(".test.ts"));
const callsTheMock = (file: string) =>
  readFileSync(new URL(file, testDir), "utf8").includes("useMock(");
const AGAINST_THE_MOCK = testFiles.filter(callsTheMock).map((file) => `test/${file}`);
const SCRIPTED = testFiles.filter((file) => !callsTheMock(file)).map((file) => `test/${file}`);

// Two projects: the files against the mock share one mock per spec, started once by test/global-mocks.ts in vitest's
// main process; the others (client-wire, shapes-wire, broken-spec) need none, so running one of them alone (as the
// mutation tests do) starts no mock. Two files at once (`maxWorkers: 2`): they share no port, file or module state,
// and half their time is one side of an HTTP exchange. `isolate: false`: a worker keeps the modules it loaded (the
// clients, the spec model, fast-check) for its next file; no file mocks modules or changes globals.
export default testConfig({
  maxWorkers: 2,
  isolate: false,
  projects: [
    {
      extends: true,
      test: {
        name: "against-mock",
        exclude: SCRIPTED,
        globalSetup: ["test/global-mocks.ts"],
      },
    },
    { extends: true, test: { name: "scripted-servers", exclude: AGAINST_THE_MOCK } },
  ],
});
