// Types of the project's Redocly plugin (plugins/index.js), for TypeScript users of `@merchant-payments/spec/redocly-plugin`.

/** A Redocly plugin: its id and its rules by OpenAPI version (`merchant-payments/x-pagination`). */
export interface MerchantPaymentsRedoclyPlugin {
  /** The plugin's id: rules are named `merchant-payments/<rule>` in a Redocly config. */
  readonly id: "merchant-payments";
  /** Rules per OpenAPI version, as Redocly reads them. */
  readonly rules: { readonly oas3: Readonly<Record<"x-pagination", unknown>> };
}

/** The plugin, as Redocly's `plugins:` list loads it. */
export default function merchantPaymentsPlugin(): MerchantPaymentsRedoclyPlugin;
