// @ts-check
// Build step: every operation has a TypeScript and a curl sample, the bundle carries the current sample files,
// and the TypeScript samples compile against the built @merchant-payments/client. Fails the build otherwise.
import { readFileSync } from "node:fs";
import { fileURLToPath } from "node:url";
import {
  compileSampleProject,
  listOperations,
  sampleFile,
  writeSampleProject,
} from "../src/samples.mjs";

const problems = [];
const operations = listOperations();
for (const op of operations) {
  for (const kind of /** @type {const} */ (["typescript", "curl"])) {
    const file = sampleFile(kind, op.operationId);
    let text;
    try {
      text = readFileSync(file, "utf8");
    } catch {
      problems.push(`${op.operationId}: missing ${file}`);
      continue;
    }
    if (op[kind] === undefined)
      problems.push(`${op.operationId}: no ${kind} entry in x-codeSamples`);
    else if (op[kind] !== text)
      problems.push(
        `${op.operationId}: the bundle's ${kind} sample differs from ${file} (rebuild the spec)`,
      );
  }
}
if (problems.length === 0) {
  const workDir = fileURLToPath(new URL("../.tmp/build-samples/", import.meta.url));
  writeSampleProject(workDir, operations);
  const { ok, output } = compileSampleProject(workDir);
  if (!ok)
    problems.push(
      `The TypeScript samples do not compile against @merchant-payments/client:\n${output}`,
    );
}
if (problems.length > 0) {
  console.error(problems.join("\n"));
  process.exit(1);
}
console.log(
  `Code samples: ${operations.length} operations, TypeScript samples compile against the built client.`,
);
