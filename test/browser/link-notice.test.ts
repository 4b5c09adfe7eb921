/**
 * A link's refused values are reported in the lesson's control panel, often screens below where
 * the reader lands: then a short line at the top of the page counts them and links to the notice
 * (issue #23).
 */
import {describe, expect, it} from "vitest";
import {useBuiltSite} from "./browser.js";

const site = useBuiltSite();
const inView = (selector: string) =>
  `(() => { const rect = document.querySelector(${JSON.stringify(selector)})?.getBoundingClientRect(); return !!rect && rect.height > 0 && rect.top >= 0 && rect.bottom <= innerHeight; })()`;

describe("a link with values the lesson could not use", () => {
  it.each([
    ["agent-selection?latencyWeight=abc&costWeight=-1", 2, "Read the notice in the lab"],
    ["push-delivery?maxAttemptsPerUpdate=many", 1, "Read the notice in the lab"],
    ["retry-storms?senders=0x10", 1, "Read the notice in the lab"]
  ])("%s: a line at the top counts the values and leads to the notice", async (path, count, linkText) => {
    const {page} = await site.open(path, {viewport: {width: 1280, height: 800}});
    const banner = page.locator(".link-notice-banner");
    await expect.poll(() => banner.count()).toBe(1);
    expect(await banner.textContent()).toContain(
      count === 1
        ? "This link had a value the lesson could not use"
        : `This link had ${count} values the lesson could not use`
    );
    expect(await page.evaluate(inView(".link-notice-banner")), "the line is on screen where the reader lands").toBe(
      true
    );
    // The full notice, with the values, is elsewhere and off screen; the line's link reaches it.
    const notice = page.locator(".control-panel > .permalink-notices");
    expect(await notice.locator("li").count()).toBe(count);
    expect(await page.evaluate(inView(".control-panel > .permalink-notices"))).toBe(false);
    const link = banner.getByRole("link", {name: linkText});
    expect(await link.getAttribute("href")).toBe(`#${await notice.getAttribute("id")}`);
    await link.click();
    await expect.poll(() => page.evaluate(inView(".control-panel > .permalink-notices"))).toBe(true);
    // Text only: the values are named in the notice, not in the line.
    expect(await banner.locator("code, strong").count()).toBe(0);
  });

  it("no line when every value was usable", async () => {
    const {page} = await site.open("agent-selection?latencyWeight=2", {viewport: {width: 1280, height: 800}});
    expect(await page.locator(".control-panel > .permalink-notices").count()).toBe(0);
    expect(await page.locator(".link-notice-banner").count()).toBe(0);
  });
});
