import { DEFAULT_CHECKS } from "./checks.js";
import { type FaultOptions, validateFaultOptions } from "./faults.js";
import { type CommonServerOptions, listen, prepare, type RunningServer } from "./lifecycle.js";
import { paginateAnswers } from "./pagination.js";
import { createPrismEngine, type EngineAnswer } from "./prism-engine.js";
import type { Answer } from "./problems.js";
import { shownIssue } from "./reported-issue.js";
import { createSpecServer } from "./server.js";

/** Options of `startMock`. */
export interface StartMockOptions extends CommonServerOptions {
  /** Generate responses from the schemas instead of serving the spec's examples; default false. */
  dynamic?: boolean;
  /** Seed for dynamic responses, so that the same request gets the same data; default none (random). */
  seed?: string | number;
  /** Faults to inject into a seeded share of requests (503, 429, latency, drop, reset); default none. */
  faults?: FaultOptions;
}

/** The running mock: `baseUrl` for the client, and `close()`. */
export type MockServer = RunningServer;

/**
 * Serves the spec with Prism's mocker in this process, behind the project's request checks; resolves once
 * it listens, rejects with `SpecLoadError` for a spec it cannot serve, or with the listen error.
 */
export async function startMock(options: StartMockOptions = {}): Promise<MockServer> {
  const prepared = prepare(options, "mock");
  if (options.faults)
    validateFaultOptions(
      options.faults,
      prepared.spec.operations.map((op) => op.operationId),
    );
  const prism = await createPrismEngine(prepared.spec, {
    dynamic: options.dynamic ?? false,
    ...(options.seed === undefined ? {} : { seed: String(options.seed) }),
    errors: options.errors ?? false,
    logger: prepared.prismLogger,
  });
  // A paginated operation's answer is the page its cursor asks for (pagination.ts).
  const engine = paginateAnswers(prepared.spec, prism);
  // A remembered answer (prism-engine.ts) is written many times: its body is encoded once.
  const encoded = new WeakMap<EngineAnswer, Answer>();
  const wireAnswer = (answer: EngineAnswer): Answer => {
    let wire = encoded.get(answer);
    if (!wire) {
      const { status, headers, body } = answer;
      wire = { status, headers, body: typeof body === "string" ? Buffer.from(body) : body };
      encoded.set(answer, wire);
    }
    return wire;
  };
  const server = createSpecServer({
    spec: prepared.spec,
    limits: prepared.limits,
    checks: [...DEFAULT_CHECKS, ...(options.checks ?? [])],
    ...(options.faults ? { faults: options.faults } : {}),
    logger: prepared.logger,
    async answer(request) {
      const started = Date.now();
      const answer = await engine({
        method: request.method,
        path: request.path,
        query: request.query,
        headers: request.headers,
        issues: request.issues,
        preferences: request.context.preferences,
      });
      if (answer.issues.length > 0) {
        prepared.report({
          method: request.method,
          path: request.url,
          status: answer.status,
          issues: answer.issues.map(shownIssue),
        });
      }
      prepared.logger.info(
        `${request.method} ${request.path} ${answer.status} ${Date.now() - started} ms`,
      );
      return wireAnswer(answer);
    },
  });
  return listen(server, prepared, options);
}
