#!/usr/bin/env node
// merchant-payments-verify: verifies a live server against the spec (see README.md); `load` writes and runs
// an Artillery load from the spec (see README.md, "Load").
import { verifyCommand } from "./main.js";

const args = process.argv.slice(2);
process.exitCode =
  args[0] === "load"
    ? await (await import("./load/command.js")).loadCommand(args.slice(1))
    : await verifyCommand(args);
