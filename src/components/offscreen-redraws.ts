/**
 * Redraws of views the reader cannot see, put off until the page is idle or the view comes
 * near the screen. An input on a lesson page changes every view drawn from the run; building a
 * chart is most of that cost, and a chart two screens away need not be built in the frame that
 * shows the reader's own change. Nothing waits long: the queue drains in idle time (and at once
 * before printing), so a view is current well before a reader can scroll to it.
 *
 * Before the observer's first report a view in a lab counts as near and any other view in the
 * document as far (see isFarFromScreen); a view not in the document, or a browser without
 * IntersectionObserver, counts as near and is drawn at once.
 */

/** How far beyond the viewport (above and below) a view still counts as near: a quarter screen, so a view scrolled into sight is drawn a little before it shows. */
const NEAR_MARGIN_FRACTION = 0.25;
const NEAR_MARGIN = `${NEAR_MARGIN_FRACTION * 100}% 0px`;
/** The longest an off-screen redraw waits for idle time while inputs keep coming. */
const IDLE_TIMEOUT_MS = 300;
/** Idle time left below which the queue hands the rest to the next idle period. */
const MIN_IDLE_MS = 4;
/** The most one idle turn spends drawing, so a slow phone (several times slower) still answers a tap within 50 ms. */
const MAX_TURN_MS = 8;

const pending = new Map<Element, () => void>();
/** Redraws waiting for something to load (Plot), by view: the token tells a stale wait from the latest. */
const awaiting = new Map<Element, object>();
const near = new WeakMap<Element, boolean>();
let observer: IntersectionObserver | null | undefined;
let idleScheduled = false;

/** Starts telling whether `view` is near the screen; views never watched count as near. */
export function watchDistance(view: Element): void {
  nearnessObserver()?.observe(view);
}

/**
 * Whether `view` is beyond the near margin, as the observer last reported. Before its first
 * report (the page's first draw), a view inside the page's first lab counts as near, so the
 * first paint shows that lab whole, and any other view as far (lesson 4's later labs too): it is drawn as soon as the observer finds it near,
 * or in idle time. Measuring it instead would force the browser to lay the page out again for
 * every view the first draw builds (35 ms of lesson 1's load). The price: a view outside a lab
 * that is on screen at load (a tall screen, a link to a section) appears a frame after the text.
 */
export function isFarFromScreen(view: Element): boolean {
  const known = near.get(view);
  if (known !== undefined) return known === false;
  if (observer === null || !view.isConnected) return false;
  const lab = view.closest(".lab");
  return lab === null || lab !== document.querySelector(".lab");
}

/**
 * The page is about to bring `view` into sight (a click that scrolls to it): it counts as near
 * from now, so a redraw the click causes is drawn in that frame, not one frame late from the
 * observer's report taken before the scroll. The observer's next report corrects it.
 */
export function expectNear(view: Element): void {
  near.set(view, true);
  runPending(view);
}

/**
 * Draws `redraw` at once while `view` is near the screen, or once it comes near or the page is
 * idle (replacing any redraw still waiting for it): how a view an input changes is redrawn.
 */
export function drawNowOrWhenSeen(view: Element, redraw: () => void): void {
  if (isFarFromScreen(view)) redrawWhenSeenOrIdle(view, redraw);
  else {
    cancelRedraw(view);
    redraw();
  }
}

/** Runs `redraw` once the page is idle or `view` comes near, replacing any redraw still waiting for it. */
export function redrawWhenSeenOrIdle(view: Element, redraw: () => void): void {
  pending.set(view, redraw);
  markPending();
  scheduleIdleDrain();
}

/**
 * Runs `redraw` (as drawNowOrWhenSeen would) once `loaded` settles, or `failed` if it rejects;
 * a later redraw or cancelRedraw for the view drops this one. Until then the view counts as
 * pending, so whoever waits for every view to be current waits for it too.
 */
export function redrawOnceLoaded(view: Element, loaded: Promise<unknown>, redraw: () => void, failed: (reason: unknown) => void): void {
  pending.delete(view);
  const token = {};
  awaiting.set(view, token);
  markPending();
  const settle = (then: () => void) => {
    if (awaiting.get(view) !== token) return;
    awaiting.delete(view);
    markPending();
    then();
  };
  loaded.then(() => settle(() => drawNowOrWhenSeen(view, redraw)), (reason: unknown) => settle(() => failed(reason)));
}

/** Forgets a waiting redraw (the view was drawn since, or its wait was undone). */
export function cancelRedraw(view: Element): void {
  // Both: a view can wait for idle time and for Plot at once.
  const cancelled = [pending.delete(view), awaiting.delete(view)];
  if (cancelled.includes(true)) markPending();
}

/**
 * While any redraw waits, the document says so (`data-redraws-pending` on <html>), so a test or
 * a tool that reads the whole page can wait until every view is current.
 */
export const REDRAWS_PENDING_ATTRIBUTE = "data-redraws-pending";

// Work a view waits for that is not a redraw of its own: a storm computing in a worker.
const working = new Set<object>();

/** Counts `owner`'s work in progress among the pending redraws (true while it works, false once its results are drawn). */
export function markWorking(owner: object, busy: boolean): void {
  if (busy === working.has(owner)) return;
  if (busy) working.add(owner);
  else working.delete(owner);
  markPending();
}

function markPending() {
  if (typeof document === "undefined") return;
  const waiting = pending.size + awaiting.size + working.size;
  if (waiting > 0) document.documentElement.setAttribute(REDRAWS_PENDING_ATTRIBUTE, String(waiting));
  else document.documentElement.removeAttribute(REDRAWS_PENDING_ATTRIBUTE);
}

/** Runs every waiting redraw now: before printing, and for anything that needs the whole page current. */
export function flushRedraws(): void {
  for (const view of [...pending.keys()]) runPending(view);
}

function runPending(view: Element) {
  const redraw = pending.get(view);
  if (!redraw) return;
  pending.delete(view);
  markPending();
  redraw();
}

function nearnessObserver(): IntersectionObserver | null {
  if (observer !== undefined) return observer;
  if (typeof IntersectionObserver === "undefined") return (observer = null);
  observer = new IntersectionObserver((entries) => {
    for (const entry of entries) {
      near.set(entry.target, entry.isIntersecting);
      if (entry.isIntersecting) runPending(entry.target);
    }
  }, {rootMargin: NEAR_MARGIN});
  if (typeof window !== "undefined") window.addEventListener("beforeprint", flushRedraws);
  return observer;
}

type IdleDeadlineLike = {timeRemaining(): number};

function scheduleIdleDrain() {
  if (idleScheduled) return;
  idleScheduled = true;
  const drain = (deadline: IdleDeadlineLike) => {
    idleScheduled = false;
    const started = performance.now();
    let drawn = 0;
    for (const view of [...pending.keys()]) {
      if (drawn > 0 && (deadline.timeRemaining() < MIN_IDLE_MS || performance.now() - started > MAX_TURN_MS)) break;
      runPending(view);
      drawn++;
    }
    if (pending.size > 0) scheduleIdleDrain();
  };
  if (typeof requestIdleCallback === "function") requestIdleCallback(drain, {timeout: IDLE_TIMEOUT_MS});
  // Safari has no requestIdleCallback: a short timer, one view per turn.
  else setTimeout(() => drain({timeRemaining: () => 0}), 50);
}
