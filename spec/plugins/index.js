// The project's own Redocly plugin (loaded by ../redocly.yaml): rules for the vendor extensions of this spec, and the
// preprocessors of the lint's two passes over a spec holding another API's operations (file-scope.js).
import { ForeignFilesOnly, OwnFilesOnly } from "./file-scope.js";
import { XPagination } from "./x-pagination.js";

/** The plugin: its rules are `merchant-payments/<rule>` in redocly.yaml. */
export default function merchantPaymentsPlugin() {
  return {
    id: "merchant-payments",
    rules: { oas3: { "x-pagination": XPagination } },
    preprocessors: {
      oas3: { "own-files-only": OwnFilesOnly, "foreign-files-only": ForeignFilesOnly },
    },
  };
}
