#!/usr/bin/env node
// The bin's launcher, committed so that `pnpm install` can link it before anything is built: it runs the built
// command (dist/cli.js), or says in one line how to build it.
import("../dist/cli.js").catch((error) => {
  if (error?.code === "ERR_MODULE_NOT_FOUND" && String(error.message).includes("dist/cli.js")) {
    console.error(
      "merchant-payments-mock is not built: run `pnpm build` (or `pnpm turbo run build --filter=@merchant-payments/mock`)",
    );
    process.exit(1);
  }
  throw error;
});
