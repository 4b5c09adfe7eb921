// @vitest-environment jsdom
/**
 * The version carried into the page's links (course-links.ts): links to other lessons and the
 * home page carry it; in-page links, other sites and the lesson's own address are left as written.
 */
import {describe, expect, it, vi} from "vitest";
import {compareSenders, resolveDeliveryConfig} from "../../lib/delivery/index.js";
import {carryVersionInLinks, lessonLink} from "../../src/components/links/course-links.js";
import {SenderComparisonTable} from "../../src/components/delivery/index.js";

const HERE = new URL("http://localhost:3000/push-delivery");

function page(hrefs: readonly string[]): HTMLElement {
  const root = document.createElement("div");
  for (const href of hrefs) {
    const anchor = document.createElement("a");
    anchor.setAttribute("href", href);
    root.append(anchor);
  }
  return root;
}

const hrefsOf = (root: HTMLElement) => [...root.querySelectorAll("a")].map((anchor) => anchor.getAttribute("href"));

describe("carryVersionInLinks", () => {
  it("carries a version other than the default into links to other lessons and home, relative or absolute on this origin", () => {
    const root = page([
      "./message-transaction",
      "http://localhost:3000/agent-selection#top",
      "./",
      "./retry-storms?version=0.3"
    ]);
    carryVersionInLinks("1.0", root, HERE);
    expect(hrefsOf(root)).toEqual([
      "./message-transaction?version=1.0",
      "http://localhost:3000/agent-selection?version=1.0#top",
      "./?version=1.0",
      "./retry-storms?version=1.0"
    ]);
    carryVersionInLinks("0.3", root, HERE);
    expect(hrefsOf(root)).toEqual([
      "./message-transaction",
      "http://localhost:3000/agent-selection#top",
      "./",
      "./retry-storms"
    ]);
  });

  it("leaves in-page links, other sites (a lesson's path on them included) and the lesson's own address as written", () => {
    const hrefs = [
      "#1-the-signature",
      "https://github.com/a2aproject/A2A",
      "https://example.org/message-transaction",
      "http://localhost:3001/agent-selection",
      "mailto:someone@example.org",
      "./push-delivery",
      "./notes.pdf"
    ];
    const root = page(hrefs);
    carryVersionInLinks("1.0", root, HERE);
    expect(hrefsOf(root)).toEqual(hrefs);
  });

  it("writes the page's links once per version: called again with the same version (every run), it reads none of them", () => {
    const root = page(["./message-transaction"]);
    carryVersionInLinks("1.0", root, HERE);
    const anchors = vi.spyOn(root, "querySelectorAll");
    carryVersionInLinks("1.0", root, HERE);
    expect(anchors).not.toHaveBeenCalled();
    carryVersionInLinks("0.3", root, HERE);
    expect(anchors).toHaveBeenCalledTimes(1);
    expect(hrefsOf(root)).toEqual(["./message-transaction"]);
  });
});

describe("lessonLink", () => {
  it("carries the version into a lesson link a view makes, as the page's own links carry it", () => {
    expect(lessonLink("./webhook-authentication#5-no-event-id", "1.0", HERE)).toBe(
      "./webhook-authentication?version=1.0#5-no-event-id"
    );
    expect(lessonLink("./webhook-authentication#5-no-event-id", "0.3", HERE)).toBe(
      "./webhook-authentication#5-no-event-id"
    );
    expect(lessonLink("https://github.com/a2aproject/A2A", "1.0", HERE)).toBe("https://github.com/a2aproject/A2A");
  });

  it("is how lesson 1's sender table links to lesson 4 at the page's version", () => {
    const lost = compareSenders(
      resolveDeliveryConfig({receiverUnavailableUntilSeconds: 5, loseFirstSuccessfulAck: false})
    );
    const link = (version: string) =>
      SenderComparisonTable(lost, {version})
        .querySelector<HTMLAnchorElement>("a[href*='webhook-authentication']")!
        .getAttribute("href");
    expect(link("1.0")).toMatch(/^\.\/webhook-authentication\?version=1\.0#/);
    expect(link("0.3")).not.toContain("version=");
  });
});
