// The (spec, client) pairs the shape suites run on: a bundled spec, its operations and validator, and the client
// generated from that spec. The suites read only these, never an operation or a field by name.
import { createRequire } from "node:module";
import * as productClient from "@merchant-payments/client";
import * as grownClient from "@merchant-payments/grown-client";
import {
  bundleJsonPath,
  type Json,
  loadBundle,
  type OperationSpec,
  operations,
  type SpecAjv,
} from "@merchant-payments/spec";
import { specValidator } from "./operation-parts.js";

/**
 * What the suites use of a client package (`@merchant-payments/client`; a client generated from another spec has the
 * same exports, typed for its own operations).
 */
interface ClientModule {
  /** Creates a client; its methods are named after the spec's operationIds. */
  createMerchantPaymentsClient(options: never): unknown;
  /** The error a method throws, before sending, for an input its spec forbids. */
  RequestValidationError: abstract new (
    ...args: never[]
  ) => Error;
}

/** One spec and the client generated from it. */
export interface ContractTarget {
  /** A short name for test titles: `product`, `grown`. */
  readonly name: string;
  /** Path of the bundled spec (JSON), which the mock serves. */
  readonly specPath: string;
  /** The bundled spec. */
  readonly document: Json;
  /** Its operations, read by the spec model. */
  readonly operations: readonly OperationSpec[];
  /** The project's Ajv over that document. */
  readonly validator: SpecAjv;
  /** The client package generated from it; undefined while none exists (the suites that need one are skipped). */
  readonly client: ClientModule | undefined;
}

/** A target for the bundle at `specPath` and its client package. */
function targetOf(
  name: string,
  specPath: string,
  client: ClientModule | undefined,
): ContractTarget {
  const document = loadBundle(specPath);
  return {
    name,
    specPath,
    document,
    operations: operations(document),
    validator: specValidator(document),
    client,
  };
}

/** The product spec and `@merchant-payments/client`. */
const productTarget = (): ContractTarget => targetOf("product", bundleJsonPath, productClient);

/** Path of the grown fixture's bundle (`@merchant-payments/spec/fixtures/grown.json`). */
const grownSpecPath: string = createRequire(import.meta.url).resolve(
  "@merchant-payments/spec/fixtures/grown.json",
);

/** The grown fixture (every operation shape) and `@merchant-payments/grown-client`, generated from it. */
const grownTarget = (): ContractTarget => targetOf("grown", grownSpecPath, grownClient);

/** Every (spec, client) pair the shape suites run on. */
export function contractTargets(): ContractTarget[] {
  return [productTarget(), grownTarget()];
}
