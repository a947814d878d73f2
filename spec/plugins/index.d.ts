// Types of the project's Redocly plugin (plugins/index.js), for TypeScript users of `@merchant-payments/spec/redocly-plugin`.

/** A Redocly plugin: its id, its rules and preprocessors by OpenAPI version (`merchant-payments/x-pagination`). */
export interface MerchantPaymentsRedoclyPlugin {
  /** The plugin's id: rules are named `merchant-payments/<rule>` in a Redocly config. */
  readonly id: "merchant-payments";
  /** Rules per OpenAPI version, as Redocly reads them. */
  readonly rules: { readonly oas3: Readonly<Record<"x-pagination", unknown>> };
  /** Preprocessors of `pnpm lint`'s two passes (`merchant-payments/own-files-only`, `…/foreign-files-only`). */
  readonly preprocessors: {
    readonly oas3: Readonly<Record<"own-files-only" | "foreign-files-only", unknown>>;
  };
}

/** The plugin, as Redocly's `plugins:` list loads it. */
export default function merchantPaymentsPlugin(): MerchantPaymentsRedoclyPlugin;
