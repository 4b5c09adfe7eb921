// @vitest-environment jsdom
/**
 * docs/authoring.md cannot drift from the code: its example module is quoted as it is, its page's
 * cells type-check against its bundle, and its lab draws a run, a compared pinned run and its step.
 */
import {readFileSync} from "node:fs";
import {describe, expect, it} from "vitest";
import {typecheck} from "../../scripts/typecheck.js";
import {DEDUP_DEFAULTS, DEDUP_STEPS, DedupLessonPage, dedupRun} from "../../src/components/example/lesson-page.js";

const GUIDE = readFileSync("docs/authoring.md", "utf8");

/** The guide's code block marked `file=<path>` (a fence of three or more backticks). */
function quoted(path: string): string {
  const lines = GUIDE.split("\n");
  const start = lines.findIndex((line) => new RegExp(`^\`{3,}\\w+ file=${path}$`).test(line));
  expect(start, `a block marked file=${path}`).toBeGreaterThanOrEqual(0);
  const fence = /^`+/.exec(lines[start]!)![0];
  const end = lines.findIndex((line, index) => index > start && line === fence);
  return `${lines.slice(start + 1, end).join("\n")}\n`;
}

describe("the authoring guide's example lesson", () => {
  it("quotes the page module as it is in the repository", () => {
    const path = "src/components/example/lesson-page.ts";
    expect(quoted(path)).toBe(readFileSync(path, "utf8"));
  });

  it("has a page whose cells type-check against its bundle, with thin cells", () => {
    const page = quoted("src/dedup-lesson.md");
    const bundle = quoted("src/page-bundles/dedup-lesson.ts");
    expect(page).toContain('from "./bundles/dedup-lesson.js"');
    const errors = typecheck({
      pages: {"src/dedup-lesson.md": page},
      files: {"src/page-bundles/dedup-lesson.ts": bundle},
      only: "given"
    });
    expect(errors).toEqual([]);
    // A cell that calls the module wrongly is caught, so the check above can fail.
    const wrong = page.replace("page.draw(inputs, pinned, stageWidth);", "page.draw(pinned, inputs);");
    expect(
      typecheck({
        pages: {"src/dedup-lesson.md": wrong},
        files: {"src/page-bundles/dedup-lesson.ts": bundle},
        only: "given"
      })
    ).not.toEqual([]);
  });

  it("runs its step as the step says, and draws its lab, compared with a pinned run", () => {
    const [step] = DEDUP_STEPS;
    expect(step!.shows(dedupRun({...DEDUP_DEFAULTS, ...step!.overrides}))).toBe(true);
    expect(step!.shows(dedupRun(DEDUP_DEFAULTS))).toBe(false);
    const page = DedupLessonPage();
    document.body.append(page.lab);
    page.draw(DEDUP_DEFAULTS, null, 640);
    expect(page.swimlane.querySelectorAll("svg.chart").length).toBe(1);
    expect(page.swimlane.querySelector(".export-buttons, button")).not.toBeNull();
    page.draw(DEDUP_DEFAULTS, {...DEDUP_DEFAULTS, ...step!.overrides}, 640);
    expect(page.swimlane.querySelectorAll(".compared-run svg.chart").length).toBe(2);
  });
});
