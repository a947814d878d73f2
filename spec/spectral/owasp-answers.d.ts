// Types of owasp-answers.js (the answers to the OWASP ruleset's findings), for TypeScript importers.

/** The bundle the ruleset is run on, relative to the spec package (and to the project ruleset). */
export declare const OWASP_LINTED_BUNDLE: string;

/** The interface document the quotes come from, relative to the spec package. */
export declare const INTERFACE_DOCUMENT: string;

/** What a reader looks for, in the order the docs page lists them: key and heading. */
export declare const OWASP_TOPICS: {
  readonly authentication: string;
  readonly "rate-limits": string;
  readonly errors: string;
  readonly "lengths-and-formats": string;
};

/** One answer: OWASP rules overridden at exact places, with the interface document's sentence and our reason. */
export interface OwaspAnswer {
  /** The OWASP rules overridden (each must report at every one of `paths`). */
  rules: string[];
  /** JSON Pointers into the bundle where the rules report. */
  paths: string[];
  /** What the reader looks for. */
  topic: keyof typeof OWASP_TOPICS;
  /** The section of the interface document quoted. */
  section: string;
  /** A sentence (or the part of a field's line) of the interface document, verbatim. */
  quote: string;
  /** Why the spec states nothing more here. */
  reason: string;
}

/** Every answer. */
export declare const owaspAnswers: OwaspAnswer[];

/** The answers as Spectral `overrides`: each rule `off` at exactly its places in `bundle` (default the linted bundle). */
export declare function owaspOverrides(
  bundle?: string,
): { files: string[]; rules: Record<string, "off"> }[];
