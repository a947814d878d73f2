import { testConfig } from "@merchant-payments/test-support/vitest-preset";

// Two workers: the files share no server, port, file or module state (each starts its own mocks on free ports, in
// its own temporary folders), and most of their time is waiting on servers and child processes; one file's wait
// is the other's turn. `isolate: false`: a worker keeps the modules it loaded (Prism's import is seconds of CPU)
// for its next file; no file mocks modules or changes globals.
export default testConfig({ maxWorkers: 2, isolate: false });
