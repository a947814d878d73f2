// Types of owasp-answers.js (the answers to the OWASP ruleset's findings), for TypeScript importers.

/** The bundle the ruleset is run on, relative to the spec package (and to the project ruleset). */
export declare const OWASP_LINTED_BUNDLE: string;

/** The interface document the quotes come from, relative to the spec package. */
export declare const INTERFACE_DOCUMENT: string;

/** The folder of answers files (operations added beyond the interface document's), relative to the spec package. */
export declare const OWASP_ANSWERS_DIR: string;

/** The document the built-in answers quote: the service's interface document. */
export declare const INTERFACE_DOCUMENT_SOURCE: { readonly path: string; readonly title: string };

/** What a reader looks for, in the order the docs page lists them: key and heading. */
export declare const OWASP_TOPICS: {
  readonly authentication: string;
  readonly "rate-limits": string;
  readonly errors: string;
  readonly "lengths-and-formats": string;
};

/** One answer: OWASP rules overridden at exact places, with the quoted document's sentence and our reason. */
export interface OwaspAnswer {
  /** The OWASP rules overridden (each must report at every one of `paths`). */
  rules: string[];
  /** JSON Pointers into the bundle where the rules report. */
  paths: string[];
  /** What the reader looks for. */
  topic: keyof typeof OWASP_TOPICS;
  /** The section of the quoted document. */
  section: string;
  /** A sentence (or the part of a field's line) of the quoted document, verbatim. */
  quote: string;
  /** Why the spec states nothing more here. */
  reason: string;
  /** The quoted document: its path relative to the spec package, and its name as the docs page shows it. */
  document: { path: string; title: string };
}

/** A malformed answers file of spectral/answers/: names the file and what is wrong. */
export declare class OwaspAnswersFileError extends Error {
  /** The file, relative to the spec package. */
  readonly file: string;
  constructor(file: string, problem: string);
}

/** The answers of one answers file's YAML text (`file`, relative to the spec package, names it in errors). */
export declare function parseAnswersFile(text: string, file: string): OwaspAnswer[];

/** The answers of every `*.yaml` file of spectral/answers/ (default: this package's), in file-name order. */
export declare function readAnswersFiles(specDir?: string): OwaspAnswer[];

/** Every answer: the interface document's operations', then those of spectral/answers/. */
export declare const owaspAnswers: OwaspAnswer[];

/** The answers as Spectral `overrides`: each rule `off` at exactly its places in `bundle` (default the linted bundle). */
export declare function owaspOverrides(
  bundle?: string,
): { files: string[]; rules: Record<string, "off"> }[];

/**
 * `answer` with each of its places inside a component also at the same place of every copy specialized from it that
 * has that place (`copies`: by the copied component's pointer, each copy's pointer and schema).
 */
export declare function withCopies(
  answer: OwaspAnswer,
  copies: ReadonlyMap<string, readonly { pointer: string; schema: unknown }[]>,
): OwaspAnswer;
