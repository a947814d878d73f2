// size-limit's plugins ship no types; the API takes them as opaque plugin lists.
declare module "@size-limit/esbuild";
declare module "@size-limit/file";
