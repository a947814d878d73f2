// Preloaded (node --require) into the Artillery process the load command starts. Artillery 2.0.21 sends a
// telemetry event to PostHog even when ARTILLERY_DISABLE_TELEMETRY is set (fixed in later releases, which need
// Node 22), and without network it then waits about 10 s for retries. With the variable set, this gives
// Artillery a PostHog client that sends nothing.
const Module = require("node:module");

if (process.env.ARTILLERY_DISABLE_TELEMETRY !== undefined) {
  const load = Module._load;
  Module._load = function loadWithoutPostHog(request, ...rest) {
    if (request === "posthog-node") {
      return {
        PostHog: class SilentPostHog {
          capture() {}
          async shutdownAsync() {}
        },
      };
    }
    return load.call(this, request, ...rest);
  };
}
