// The project's own Redocly plugin (loaded by ../redocly.yaml): rules for the vendor extensions of this spec.
import { XPagination } from "./x-pagination.js";

/** The plugin: its rules are `merchant-payments/<rule>` in redocly.yaml. */
export default function merchantPaymentsPlugin() {
  return {
    id: "merchant-payments",
    rules: { oas3: { "x-pagination": XPagination } },
  };
}
