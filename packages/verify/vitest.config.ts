import { testConfig } from "@merchant-payments/test-support/vitest-preset";

// Two files at once (`maxWorkers: 2`; vitest's default on two cores is one): the files share no port, file or module
// state (each starts its mocks and servers on free ports, in its own temporary folders), and most of their time is
// waiting on servers, child processes and Artillery's fixed-length runs; one file's wait is the other's turn.
// `isolate: false`: a worker keeps the modules it loaded (the mock's Prism, Artillery's engine, the spec model) for
// its next file; no file mocks modules or changes globals (load-grown puts back the variables it sets).
export default testConfig({ maxWorkers: 2, isolate: false });
