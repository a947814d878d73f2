#!/usr/bin/env node
// The bin's launcher, committed so that `pnpm install` can link it before anything is built: it runs the built
// command (dist/cli.js), or says in one line how to build it.
import { existsSync } from "node:fs";

const cli = new URL("../dist/cli.js", import.meta.url);
if (!existsSync(cli)) {
  console.error(
    "merchant-payments-mock is not built: run `pnpm build` (or `pnpm turbo run build --filter=@merchant-payments/mock`)",
  );
  process.exit(1);
}
await import(cli.href);
