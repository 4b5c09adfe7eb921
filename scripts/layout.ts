/**
 * npm run layout: for every lesson page of the built site and every viewport of the layout
 * measure, how many lesson inputs have what they drive on screen, and which do not (see
 * layout-measure.ts). Prints figures; the browser test holds the same measure. Build first.
 */
import {launchBrowser, serveSite, waitForPage} from "../test/browser/browser.js";
import {describePlacement, LAYOUT_VIEWPORTS, measurePageLayout, placementPasses} from "./layout-measure.js";
import {listPages} from "./site-files.js";

const lessons = listPages("dist")
  .filter((file) => file !== "index.html")
  .map((file) => file.replace(/\.html$/, ""));
const server = await serveSite();
const browser = await launchBrowser();
try {
  for (const viewport of LAYOUT_VIEWPORTS) {
    console.log(`## ${viewport.name}`);
    for (const lesson of lessons) {
      const context = await browser.newContext({viewport: {width: viewport.width, height: viewport.height}});
      const page = await context.newPage();
      await page.goto(`${server.url}${lesson}`);
      await waitForPage(page);
      const layout = await measurePageLayout(page);
      const failing = layout.inputs.filter((placement) => !placementPasses(placement, viewport.phone));
      const width =
        layout.scrollWidth > layout.viewportWidth
          ? `, page ${layout.scrollWidth} px wide on a ${layout.viewportWidth} px screen`
          : "";
      const share = (part: string, value: number) =>
        value > 0 ? `, pinned ${part} ${Math.round(value * 100)}% of the screen's height` : "";
      const pinned = share("figures", layout.pinnedFiguresShare) + share("stage", layout.pinnedStageShare);
      console.log(
        `${lesson.padEnd(24)} ${layout.inputs.length - failing.length}/${layout.inputs.length} inputs with what they drive on screen${width}${pinned}`
      );
      for (const placement of failing) console.log(`  - ${describePlacement(placement)}`);
      await context.close();
    }
  }
} finally {
  await browser.close();
  await server.close();
}
