// The formats the generated validators call: ajv-formats' full set (what `createAjv` adds) and the spec model's
// one `decimal` (a finite JSON number, `isDecimal`).
import { isDecimal } from "@merchant-payments/spec/model";
import { fullFormats } from "ajv-formats/dist/formats.js";

/** Format definitions by name, as the generated validators look them up (`formats["date-time"]`). */
export const formats = {
  ...fullFormats,
  decimal: { type: "number", validate: (value: number) => isDecimal(value) },
};
