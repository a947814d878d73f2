import { readFileSync } from "node:fs";
import { createRequire } from "node:module";
import type { Page } from "playwright-core";

/** The rules axe runs: WCAG 2.0, 2.1 and 2.2 at levels A and AA, and its best practices. */
const AXE_TAGS = ["wcag2a", "wcag2aa", "wcag21a", "wcag21aa", "wcag22aa", "best-practice"] as const;

/** One rule axe found broken: its id, impact and the elements (CSS selectors) with what to fix. */
export interface AxeViolation {
  id: string;
  impact: string | null;
  nodes: string[];
}

const axeSource = () =>
  readFileSync(createRequire(import.meta.url).resolve("axe-core/axe.min.js"), "utf8");

/** Runs axe-core (injected into the page, nothing fetched) on the whole page; resolves every violation. */
export async function axeViolations(page: Page): Promise<AxeViolation[]> {
  if (!(await page.evaluate(() => "axe" in window)))
    await page.addScriptTag({ content: axeSource() });
  return page.evaluate(
    async (tags) => {
      type Result = {
        violations: {
          id: string;
          impact: string | null;
          nodes: { target: string[]; failureSummary?: string }[];
        }[];
      };
      const axe = (window as unknown as { axe: { run: (...args: unknown[]) => Promise<Result> } })
        .axe;
      const result = await axe.run(document, { runOnly: { type: "tag", values: tags } });
      return result.violations.map((v) => ({
        id: v.id,
        impact: v.impact,
        nodes: v.nodes.map((n) => `${n.target.join(" ")}: ${n.failureSummary ?? ""}`),
      }));
    },
    AXE_TAGS as unknown as string[],
  );
}

/** The serious and critical ones of `violations` (what the docs must never have). */
export const seriousOrCritical = (violations: AxeViolation[]) =>
  violations.filter((v) => v.impact === "serious" || v.impact === "critical");
