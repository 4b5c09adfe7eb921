// @vitest-environment jsdom
/**
 * The pieces that let a lesson page redraw on every input within a frame: the DOM
 * builder, morph (keep what did not change), ViewSlot, and the views updated in place.
 */
import {describe, expect, it, vi} from "vitest";
import {simulateDelivery} from "../../lib/delivery/index.js";
import {element, listen} from "../../src/components/runtime/dom.js";
import {ExperimentList} from "../../src/components/tour/experiment-list.js";
import {ExportableChart} from "../../src/components/export/export-buttons.js";
import {ViewSlot} from "../../src/components/runtime/view-slot.js";
import {morph} from "../../src/components/runtime/morph.js";
import {PlaybackControl, playbackFor} from "../../src/components/controls/playback-control.js";
import {AttemptInspector, UpdateTable} from "../../src/components/delivery/update-table.js";

const SVG = "http://www.w3.org/2000/svg";

describe("element", () => {
  it("renders strings and numbers as text, never as markup", () => {
    const node = element("p", {class: "x"}, "<img src=x onerror=alert(1)>", 42);
    expect(node.textContent).toBe("<img src=x onerror=alert(1)>42");
    expect(node.querySelector("img")).toBeNull();
  });

  it("sets attributes, leaves out false, null and undefined, sets true as empty, and flattens child lists", () => {
    const node = element("input", {
      type: "checkbox",
      checked: true,
      disabled: false,
      title: null,
      name: undefined,
      max: 3
    });
    expect(node.getAttribute("checked")).toBe("");
    expect(node.hasAttribute("disabled")).toBe(false);
    expect(node.hasAttribute("title")).toBe(false);
    expect(node.getAttribute("max")).toBe("3");
    const list = element("ul", null, [element("li", null, "a"), [element("li", null, "b"), null, false]]);
    expect([...list.children].map((li) => li.textContent)).toEqual(["a", "b"]);
  });

  it("adds on<event> listeners and refuses a listener under another name", () => {
    const clicked = vi.fn();
    element("button", {onclick: clicked}).click();
    expect(clicked).toHaveBeenCalledTimes(1);
    expect(() => element("button", {click: () => {}})).toThrow(/on<event>/);
  });
});

describe("morph", () => {
  it("keeps nodes that did not change and rewrites only text and attributes that did", () => {
    const current = element("div", {class: "a"}, element("span", {title: "t"}, "same"), element("b", null, "old"));
    const [span, bold] = [current.children[0]!, current.children[1]!];
    const kept = morph(
      current,
      element("div", {class: "b"}, element("span", {title: "t"}, "same"), element("b", null, "new"))
    );
    expect(kept).toBe(current);
    expect(current.children[0]).toBe(span);
    expect(current.children[1]).toBe(bold);
    expect(current.className).toBe("b");
    expect(bold.textContent).toBe("new");
  });

  it("adds and removes children and attributes, and replaces a node of another kind", () => {
    const parent = element("div", null, element("ol", {start: 2}, element("li", null, "1"), element("li", null, "2")));
    const list = parent.firstElementChild!;
    morph(list, element("ol", {reversed: true}, element("li", null, "1")));
    expect(list.outerHTML).toBe('<ol reversed=""><li>1</li></ol>');
    morph(list, element("li", {id: "mine"}, "gone"));
    expect(parent.innerHTML).toBe('<li id="mine">gone</li>');
    morph(parent.firstChild!, element("ol", null, element("li", null, "a"), element("li", null, "b")));
    expect(parent.querySelectorAll("li")).toHaveLength(2);
  });

  it("hands the kept element the new tree's listeners and drops its old ones", () => {
    const old = vi.fn();
    const fresh = vi.fn();
    const button = element("button", {onclick: old});
    morph(button, element("button", {onclick: fresh}));
    button.click();
    expect(old).not.toHaveBeenCalled();
    expect(fresh).toHaveBeenCalledTimes(1);
    const plain = element("div");
    listen(plain, "click", old);
    morph(plain, element("div"));
    plain.click();
    expect(old).not.toHaveBeenCalled();
  });
});

describe("ViewSlot", () => {
  it("shows the first view as it is, then morphs later ones into it", () => {
    const live = ViewSlot();
    const first = element("p", null, "one");
    live.show(first);
    expect(live.firstChild).toBe(first);
    live.show(element("p", null, "two"));
    expect(live.firstChild).toBe(first);
    expect(first.textContent).toBe("two");
  });

  it("says plainly when the browser cannot copy a chart, and points to the download", async () => {
    const exportable = ExportableChart(
      element("figure", null, document.createElementNS("http://www.w3.org/2000/svg", "svg")),
      {lesson: "l", name: "n", title: "T"}
    );
    exportable.querySelector<HTMLButtonElement>(".copy-chart")!.click();
    const status = exportable.querySelector(".export-status")!;
    await vi.waitFor(() =>
      expect(status.textContent).toMatch(
        /^The browser refused to copy the image \(this browser cannot put an image on the clipboard\)\. Use PNG \(2x\)/
      )
    );
  });

  it("keeps a chart's export buttons and morphs the redrawn chart into the one shown", () => {
    const live = ViewSlot();
    const options = {lesson: "l", name: "n", title: "T"};
    live.show(ExportableChart(element("figure", null, "chart 1"), options));
    const [buttons, figure] = [live.querySelector(".export-buttons"), live.querySelector("figure")];
    live.show(ExportableChart(element("figure", null, "chart 2"), options));
    expect(live.querySelector(".export-buttons")).toBe(buttons);
    expect(live.querySelector("figure")).toBe(figure);
    expect(figure!.textContent).toBe("chart 2");
  });

  it("a kept export button reports in the status line shown, after the chart was redrawn", async () => {
    const live = ViewSlot();
    document.body.append(live);
    const options = {lesson: "l", name: "n", title: "T"};
    live.show(ExportableChart(element("figure", null, "chart 1"), options));
    const [copy, status] = [
      live.querySelector<HTMLButtonElement>(".copy-chart")!,
      live.querySelector(".export-status")!
    ];
    live.show(ExportableChart(element("figure", null, "chart 2"), options));
    expect(live.querySelector(".copy-chart")).toBe(copy);
    // jsdom has no ClipboardItem: the copy is refused, and says so where the reader looks.
    copy.click();
    await vi.waitFor(() => expect(status.textContent).toMatch(/refused to copy/));
    live.remove();
  });

  it("updates a changed chart mark in place and keeps the unchanged one", () => {
    const svgOf = (second: string) => {
      const root = document.createElementNS(SVG, "svg");
      for (const d of ["M0,0H10", second]) {
        const group = document.createElementNS(SVG, "g");
        const path = document.createElementNS(SVG, "path");
        path.setAttribute("d", d);
        group.appendChild(path);
        root.appendChild(group);
      }
      return root;
    };
    const shown = svgOf("M0,5H10");
    const [unchanged, changed] = [...shown.querySelectorAll("g")] as Element[];
    morph(shown, svgOf("M0,7H10"));
    expect(shown.querySelectorAll("g")[0]).toBe(unchanged);
    expect(shown.querySelectorAll("g")[1]).toBe(changed);
    expect(changed!.firstElementChild!.getAttribute("d")).toBe("M0,7H10");
  });
});

describe("views updated in place", () => {
  const experiments = [
    {id: "a", title: "A", lookAt: "look at a", overrides: {n: 1}, shows: (run: number) => run > 0},
    {id: "b", title: "B", lookAt: "look at b", overrides: {n: 2}, shows: (run: number) => run > 5}
  ];

  it("ExperimentList rewrites only the verdict lines, and Try it applies the overrides", () => {
    const applied = vi.fn();
    const list = ExperimentList(experiments, applied);
    list.update(1);
    const texts = [...list.querySelectorAll("li > p:first-of-type")];
    expect([...list.querySelectorAll(".experiment-shown")].map((p) => p.closest("li")!.dataset.experiment)).toEqual([
      "a"
    ]);
    list.update(9);
    expect([...list.querySelectorAll(".experiment-shown")]).toHaveLength(2);
    expect([...list.querySelectorAll("li > p:first-of-type")]).toEqual(texts);
    list.querySelector<HTMLButtonElement>('[data-experiment="b"] button')!.click();
    expect(applied).toHaveBeenCalledWith({n: 2});
  });

  it("UpdateTable keeps the chosen update across runs and announces a choice as an input", () => {
    const table = UpdateTable();
    table.update(simulateDelivery({}));
    const inputs = vi.fn();
    table.addEventListener("input", inputs);
    table.querySelector<HTMLButtonElement>('[data-update="2"] button')!.click();
    expect(table.value).toBe(2);
    expect(inputs).toHaveBeenCalledTimes(1);
    table.update(simulateDelivery({credential: "wrong"}));
    expect(table.value).toBe(2);
    expect(table.querySelector("tr.selected")?.getAttribute("data-update")).toBe("2");
    expect(table.querySelector('[data-update="0"] td:nth-child(5)')!.textContent).toBe("refused (permanent)");
    table.select(99);
    expect(table.value).toBe(2);
    // A run with fewer updates: the last one is chosen, and the page is told.
    table.update(simulateDelivery({updates: simulateDelivery({}).config.updates.slice(0, 2)}));
    expect(table.value).toBe(1);
    expect(inputs).toHaveBeenCalledTimes(2);
    expect(table.querySelectorAll("tbody tr")).toHaveLength(2);
  });

  it("AttemptInspector shows the last update for an index past the run's, and says when there is none", () => {
    const two = simulateDelivery({updates: simulateDelivery({}).config.updates.slice(0, 2)});
    expect(AttemptInspector(two, 3).querySelector("h3")!.textContent).toMatch(/^U2: POST /);
    expect(AttemptInspector(simulateDelivery({updates: []}), 0).textContent).toBe(
      "No update to inspect: this run emits none."
    );
  });

  it("PlaybackControl.reset starts over on a new history, silently; playbackFor ignores a value from an older one", () => {
    const first = simulateDelivery({}).decisions;
    const second = simulateDelivery({credential: "wrong"}).decisions;
    const control = PlaybackControl(first);
    const inputs = vi.fn();
    control.addEventListener("input", inputs);
    control.querySelector<HTMLButtonElement>(".playback-next")!.click();
    const seen = control.value;
    expect(seen.revealed).toHaveLength(1);
    expect(inputs).toHaveBeenCalledTimes(1);
    control.reset(second);
    expect(inputs).toHaveBeenCalledTimes(1);
    expect(control.value.revealed).toHaveLength(0);
    expect(control.value.history).toBe(second);
    expect(playbackFor(seen, second)).toEqual({revealed: [], history: second, modeledSeconds: null, playing: false});
    expect(playbackFor(seen, first)).toBe(seen);
  });

  it("PlaybackControl names its steps as the lesson does, and labels its timeline as inspection time", () => {
    const history = simulateDelivery({}).decisions;
    const gates = PlaybackControl(history, {clock: "stage", step: {name: "gate", plural: "gate decisions"}});
    expect(gates.querySelector(".playback-next")!.textContent).toBe("Next gate");
    gates.querySelector<HTMLButtonElement>(".playback-next")!.click();
    expect(gates.querySelector(".playback-modeled")!.textContent).toBe(
      `Gate: ${history[0]!.atSeconds} · 1/${history.length} gate decisions`
    );
    const decisions = PlaybackControl(history);
    expect(decisions.querySelector(".playback-next")!.textContent).toBe("Next decision");
    const timeline = decisions.querySelector<HTMLInputElement>(".playback-timeline")!;
    expect(timeline.closest("label")!.textContent).toBe("Inspection time");
    expect(timeline.getAttribute("aria-label")).toMatch(/^Inspection time: /);
  });
});
