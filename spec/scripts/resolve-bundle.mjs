// @ts-check
// The last step of the spec's build: the bundles `redocly bundle` wrote (dist/openapi.json, dist/openapi.yaml) with
// JSON Schema's dynamic references resolved statically and `$id` dropped (src/dynamic-refs.ts says how and why), and
// the request and answer views of schemas with readOnly and writeOnly properties (src/read-write-views.ts), so that
// every package reads one plain document. A bundle without either is left byte for byte as Redocly wrote it.
//
//   node scripts/resolve-bundle.mjs <bundle.json> <bundle.yaml>
import { readFileSync, writeFileSync } from "node:fs";
import { stringify } from "yaml";
import { readWriteViews, resolveDynamicReferences } from "../dist/model.js";

const [jsonPath, yamlPath] = process.argv.slice(2);
if (!jsonPath || !yamlPath) {
  console.error("usage: node scripts/resolve-bundle.mjs <bundle.json> <bundle.yaml>");
  process.exit(2);
}
const bundle = JSON.parse(readFileSync(jsonPath, "utf8"));
try {
  const dynamic = resolveDynamicReferences(bundle);
  const { document, views } = readWriteViews(dynamic.document);
  const specialized = [...dynamic.specialized, ...views];
  if (document !== bundle) {
    writeFileSync(jsonPath, `${JSON.stringify(document, null, 2)}\n`);
    writeFileSync(yamlPath, stringify(document, { lineWidth: 0, aliasDuplicateObjects: false }));
    const added = specialized.length > 0 ? `; specialized: ${specialized.join(", ")}` : "";
    console.log(
      `resolve-bundle: dynamic references, $id, readOnly and writeOnly resolved in ${jsonPath} and ${yamlPath}${added}`,
    );
  }
} catch (error) {
  console.error(`resolve-bundle: ${error instanceof Error ? error.message : String(error)}`);
  process.exit(1);
}
