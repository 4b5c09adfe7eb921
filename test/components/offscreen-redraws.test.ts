// @vitest-environment jsdom
/**
 * A ViewSlot far from the screen gets its first drawing in idle time or when it comes near, and
 * later ones only when it comes near (or before printing), never with a stale build; a reader who
 * goes back to what is shown causes no redraw at all. jsdom has
 * neither IntersectionObserver nor requestIdleCallback: the test drives both by hand.
 */
import {afterEach, beforeEach, describe, expect, it, vi} from "vitest";

type ObserverCallback = (entries: {target: Element; isIntersecting: boolean}[]) => void;
let reportDistance: ObserverCallback;
let idleCallbacks: ((deadline: {timeRemaining(): number}) => void)[];

async function freshModules() {
  vi.resetModules();
  idleCallbacks = [];
  vi.stubGlobal(
    "IntersectionObserver",
    class {
      constructor(callback: ObserverCallback) {
        reportDistance = callback;
      }
      observe() {}
    }
  );
  vi.stubGlobal("requestIdleCallback", (callback: (deadline: {timeRemaining(): number}) => void) =>
    idleCallbacks.push(callback)
  );
  const {ViewSlot} = await import("../../src/components/runtime/view-slot.js");
  const {flushRedraws, UNSEEN_AFTER_PAUSE_MS} = await import("../../src/components/runtime/offscreen-redraws.js");
  const {ModuleNotLoaded} = await import("../../src/components/runtime/on-demand.js");
  return {ViewSlot, flushRedraws, UNSEEN_AFTER_PAUSE_MS, ModuleNotLoaded};
}

const runIdle = (timeRemaining = 50) =>
  idleCallbacks.splice(0).forEach((callback) => callback({timeRemaining: () => timeRemaining}));
const paragraph = (text: string) => Object.assign(document.createElement("p"), {textContent: text});

describe("off-screen redraws", () => {
  let modules: Awaited<ReturnType<typeof freshModules>>;
  beforeEach(async () => (modules = await freshModules()));
  afterEach(() => vi.unstubAllGlobals());

  it("draws at once a view not in the document, or one the observer reports near", () => {
    const view = modules.ViewSlot();
    view.draw(paragraph, "one");
    expect(view.textContent).toBe("one");
    reportDistance([{target: view, isIntersecting: true}]);
    view.draw(paragraph, "two");
    expect(view.textContent).toBe("two");
  });

  it("at the first draw, before the observer reports, draws a view in a lab at once and puts off any other", () => {
    const lab = Object.assign(document.createElement("div"), {className: "lab"});
    const [inLab, elsewhere] = [modules.ViewSlot(), modules.ViewSlot()];
    lab.append(inLab);
    document.body.append(lab, elsewhere);
    inLab.draw(paragraph, "lab");
    elsewhere.draw(paragraph, "below");
    expect(inLab.textContent).toBe("lab");
    expect(elsewhere.textContent).toBe("");
    reportDistance([{target: elsewhere, isIntersecting: true}]);
    expect(elsewhere.textContent).toBe("below");
    lab.remove();
    elsewhere.remove();
  });

  /** A view in the document outside any lab: far until the observer says otherwise. */
  const farView = () => document.body.appendChild(modules.ViewSlot());

  it("puts off a far view's first build until idle time, and builds only the newest values", () => {
    const view = farView();
    const builds: string[] = [];
    const build = (text: string) => (builds.push(text), paragraph(text));
    view.draw(build, "one");
    view.draw(build, "two");
    expect(view.textContent).toBe("");
    runIdle();
    expect(view.textContent).toBe("two");
    expect(builds).toEqual(["two"]);
    view.remove();
  });

  it("redraws a far view already drawn as it comes near, not in idle time while the reader is still moving, and builds only the newest values", () => {
    const view = modules.ViewSlot();
    const builds: string[] = [];
    const build = (text: string) => (builds.push(text), paragraph(text));
    view.draw(build, "one");
    reportDistance([{target: view, isIntersecting: false}]);
    view.draw(build, "two");
    view.draw(build, "three");
    runIdle();
    expect(view.textContent).toBe("one");
    reportDistance([{target: view, isIntersecting: true}]);
    expect(view.textContent).toBe("three");
    expect(builds).toEqual(["one", "three"]);
  });

  it("redraws a far view in idle time once no redraw was asked for during the pause", () => {
    vi.useFakeTimers({toFake: ["setTimeout", "clearTimeout", "performance"]});
    try {
      const [far, other] = [modules.ViewSlot(), modules.ViewSlot()];
      far.draw(paragraph, "one");
      reportDistance([{target: far, isIntersecting: false}]);
      far.draw(paragraph, "two");
      // The reader moves on before the pause is over: another view redrawn restarts it.
      vi.advanceTimersByTime(modules.UNSEEN_AFTER_PAUSE_MS - 1);
      other.draw(paragraph, "near");
      vi.advanceTimersByTime(modules.UNSEEN_AFTER_PAUSE_MS - 1);
      runIdle();
      expect(far.textContent).toBe("one");
      vi.advanceTimersByTime(1);
      // A redraw asked for between the pause's end and the idle time restarts the pause.
      other.draw(paragraph, "near again");
      runIdle();
      expect(far.textContent).toBe("one");
      vi.advanceTimersByTime(modules.UNSEEN_AFTER_PAUSE_MS);
      runIdle();
      expect(far.textContent).toBe("two");
      expect(document.documentElement.hasAttribute("data-redraws-unseen")).toBe(false);
    } finally {
      vi.useRealTimers();
    }
  });

  it("draws a waiting view as it comes near", () => {
    const view = modules.ViewSlot();
    view.draw(paragraph, "one");
    reportDistance([{target: view, isIntersecting: false}]);
    view.draw(paragraph, "two");
    reportDistance([{target: view, isIntersecting: true}]);
    expect(view.textContent).toBe("two");
    runIdle();
    expect(view.textContent).toBe("two");
  });

  it("forgets a waiting build when the values go back to what is shown", () => {
    const view = modules.ViewSlot();
    // The arguments are the dependencies: a drawing from equal arguments is what is shown.
    view.draw(paragraph, "shown");
    reportDistance([{target: view, isIntersecting: false}]);
    const build = vi.fn((text: string) => paragraph(text));
    view.draw(build, "other");
    view.draw(paragraph, "shown");
    runIdle();
    reportDistance([{target: view, isIntersecting: true}]);
    expect(build).not.toHaveBeenCalled();
    expect(view.textContent).toBe("shown");
  });

  it("hands what idle time cannot hold to the next idle period, and flushes all before printing", () => {
    const views = [farView(), farView(), farView()];
    views.forEach((view, index) => view.draw(paragraph, `first ${index}`));
    runIdle(0);
    expect(views.map((view) => view.textContent)).toEqual(["first 0", "", ""]);
    expect(idleCallbacks).toHaveLength(1);
    // One of them already drawn and far: it waits for sight, and printing draws it too.
    reportDistance([{target: views[0]!, isIntersecting: false}]);
    views[0]!.draw(paragraph, "second 0");
    modules.flushRedraws();
    expect(views.map((view) => view.textContent)).toEqual(["second 0", "first 1", "first 2"]);
    views.forEach((view) => view.remove());
  });

  it("says on the document which drawings wait for idle time and which for sight", () => {
    const attributes = () =>
      ["data-redraws-pending", "data-redraws-unseen"].map((name) => document.documentElement.getAttribute(name));
    const view = farView();
    view.draw(paragraph, "one");
    expect(attributes()).toEqual(["1", null]);
    runIdle();
    expect(attributes()).toEqual([null, null]);
    reportDistance([{target: view, isIntersecting: false}]);
    view.draw(paragraph, "two");
    expect(attributes()).toEqual([null, "1"]);
    reportDistance([{target: view, isIntersecting: true}]);
    expect(attributes()).toEqual([null, null]);
    view.remove();
  });

  it("a prebuilt view shown with show() cancels a build that was waiting", () => {
    const view = modules.ViewSlot();
    view.draw(paragraph, "one");
    reportDistance([{target: view, isIntersecting: false}]);
    view.draw(paragraph, "two");
    view.show(paragraph("shown directly"));
    runIdle();
    reportDistance([{target: view, isIntersecting: true}]);
    expect(view.textContent).toBe("shown directly");
  });

  describe("a view that needs a module before it has loaded", () => {
    /** A load the test settles, and a build that throws ModuleNotLoaded until it has. */
    function moduleLoad() {
      let settle!: {resolve: () => void; reject: (reason: unknown) => void};
      const loaded = new Promise<void>((resolve, reject) => (settle = {resolve, reject}));
      let here = false;
      void loaded.then(
        () => (here = true),
        () => {}
      );
      const builds: string[] = [];
      const chart = (text: string) => {
        builds.push(text);
        if (!here)
          throw new modules.ModuleNotLoaded(
            loaded,
            "Drawing the chart…",
            (reason) =>
              `The chart could not be drawn: its charting library did not load (${String(reason)}). Reload the page to try again.`
          );
        return paragraph(text);
      };
      return {settle, chart, builds, loaded};
    }
    const pendingAttribute = () => document.documentElement.getAttribute("data-redraws-pending");

    it("shows a placeholder, waits on the document, and draws the chart once the module is here", async () => {
      const view = modules.ViewSlot();
      const load = moduleLoad();
      view.draw(load.chart, "chart");
      expect(view.textContent).toBe("Drawing the chart…");
      expect(pendingAttribute()).toBe("1");
      load.settle.resolve();
      await vi.waitFor(() => expect(view.textContent).toBe("chart"));
      expect(pendingAttribute()).toBeNull();
    });

    it("keeps what it shows meanwhile, and builds only the newest values once the module is here", async () => {
      const view = modules.ViewSlot();
      view.draw(paragraph, "before");
      const load = moduleLoad();
      view.draw(load.chart, "one");
      view.draw(load.chart, "two");
      expect(view.textContent).toBe("before");
      load.settle.resolve();
      await vi.waitFor(() => expect(view.textContent).toBe("two"));
      await load.loaded;
      expect(load.builds).toEqual(["one", "two", "two"]);
    });

    it("drops the wait when the view is shown something else", async () => {
      const view = modules.ViewSlot();
      const load = moduleLoad();
      view.draw(load.chart, "chart");
      view.show(paragraph("shown directly"));
      expect(pendingAttribute()).toBeNull();
      load.settle.resolve();
      await load.loaded;
      await Promise.resolve();
      expect(view.textContent).toBe("shown directly");
      expect(load.builds).toEqual(["chart"]);
    });

    it("says the chart could not be drawn when the module does not load", async () => {
      const view = modules.ViewSlot();
      const load = moduleLoad();
      view.draw(load.chart, "chart");
      load.settle.reject(new TypeError("Failed to fetch dynamically imported module"));
      await vi.waitFor(() =>
        expect(view.querySelector("[role=alert]")?.textContent).toMatch(
          /^The chart could not be drawn: its charting library did not load \(TypeError: Failed to fetch dynamically imported module\)\. Reload the page/
        )
      );
      expect(pendingAttribute()).toBeNull();
    });
  });
});
