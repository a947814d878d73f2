#!/usr/bin/env node
// merchant-payments-mock: the mock or the validation proxy from the command line (see README.md, "Run it"
// and "Validation proxy").
import { errorExit, mockCommand } from "./cli/command.js";

mockCommand(process.argv.slice(2)).then(
  (status) => process.exit(status),
  (error: unknown) => {
    const { status, line } = errorExit(error);
    console.error(line);
    process.exit(status);
  },
);
