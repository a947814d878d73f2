import { packageTestFacts, workspacePackages } from "./src/test-graph.ts";

const root = "/work/wt-feedback";
const pk = workspacePackages(root);
let u = 0,
  t = 0;
for (const p of pk) {
  const f = packageTestFacts(p, pk, root);
  const unit = f.filter((x) => x.needs.length === 0);
  u += unit.length;
  t += f.length;
  console.log(`${p.name}: ${unit.length}/${f.length} unit`);
  for (const x of f)
    console.log(
      `   ${x.needs.length ? "  " : "U "}${x.file.split("/test/")[1]}  ${x.needs.join("; ")}  [${x.packages.join(",")}]`,
    );
}
console.log(u, t);
