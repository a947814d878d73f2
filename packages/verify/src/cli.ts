#!/usr/bin/env node
// merchant-payments-verify: verifies a live server against the spec (see README.md).
import { verifyCommand } from "./main.js";

process.exitCode = await verifyCommand(process.argv.slice(2));
