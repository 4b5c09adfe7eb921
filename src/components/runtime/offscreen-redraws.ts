/**
 * Redraws of views the reader cannot see. An input on a lesson page changes every view drawn
 * from the run; building a chart is most of that cost, and a chart two screens away need not be
 * built until the reader can see it. So:
 *
 * - a view near the screen (or in the first lab, before the observer's first report) is drawn at once;
 * - a far view's first drawing waits for idle time (or for the view to come near), so every
 *   view has its content, and its height, soon after load;
 * - a far view already drawn is redrawn once it comes near (a quarter screen before it shows),
 *   when the page brings it into sight (expectNear), before printing, or in idle time once the reader
 *   has paused (UNSEEN_AFTER_PAUSE_MS without a redraw asked for). While a reader drags a slider only
 *   what they see is redrawn: far views redrawn in idle time between two steps were most of what a
 *   step cost a slow phone (4x CPU throttle, docs/performance.md).
 *
 * `data-redraws-pending` on <html> counts work the page will do without being asked (first
 * drawings, a module loading, a storm computing); `data-redraws-unseen` counts far views waiting to be
 * seen or for the reader's pause, and work only they will show (markWorkingOutOfSight).
 * A view not in the document, or a browser without IntersectionObserver, counts as near and is
 * drawn at once.
 */

/** How far beyond the viewport (above and below) a view still counts as near: a quarter screen, so a view scrolled into sight is drawn a little before it shows. */
const NEAR_MARGIN_FRACTION = 0.25;
const NEAR_MARGIN = `${NEAR_MARGIN_FRACTION * 100}% 0px`;
/** The longest an off-screen first drawing waits for idle time while inputs keep coming. */
const IDLE_TIMEOUT_MS = 300;
/** Idle time left below which the queue hands the rest to the next idle period. */
const MIN_IDLE_MS = 4;
/** How long after the last redraw asked for the page redraws far views out of sight: longer than a reader's pause between two slider steps. */
export const UNSEEN_AFTER_PAUSE_MS = 1000;
/** The most one idle turn spends drawing, so a slow phone (several times slower) still answers a tap within 50 ms. */
const MAX_TURN_MS = 8;

/** First drawings waiting for idle time or sight, and redraws waiting for sight or the reader's pause. */
const pending = new Map<Element, () => void>();
const unseen = new Map<Element, () => void>();
/** Views drawn at least once: a far one's next drawing waits until it is seen. */
const drawn = new WeakSet<Element>();
/** Redraws waiting for a module to load (on-demand.ts), by view: the token tells a stale wait from the latest. */
const awaiting = new Map<Element, object>();
const near = new WeakMap<Element, boolean>();
let observer: IntersectionObserver | null | undefined;
let idleScheduled = false;
let pauseTimer: ReturnType<typeof setTimeout> | null = null;
/** When a redraw was last asked for (performance.now()): the reader's pause runs from there. */
let lastAsked = 0;

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
 * Draws `redraw` at once while `view` is near the screen; a far view's first drawing once the
 * page is idle or it comes near, a later one once it comes near or the reader has paused
 * (replacing any drawing still waiting for it): how a view an input changes is redrawn.
 */
export function drawNowOrWhenSeen(view: Element, redraw: () => void): void {
  cancelRedraw(view);
  lastAsked = performance.now();
  if (!isFarFromScreen(view)) draw(view, redraw);
  else if (drawn.has(view)) {
    unseen.set(view, redraw);
    markPending();
  } else {
    pending.set(view, redraw);
    markPending();
    scheduleIdleDrain();
  }
  // Any redraw asked for restarts the pause far views wait for (a near one too).
  if (unseen.size > 0) waitForPause();
}

function draw(view: Element, redraw: () => void) {
  drawn.add(view);
  redraw();
}

/**
 * Runs `redraw` (as drawNowOrWhenSeen would) once `loaded` settles, or `failed` if it rejects;
 * a later redraw or cancelRedraw for the view drops this one. Until then the view counts as
 * pending, so whoever waits for every view to be current waits for it too.
 */
export function redrawOnceLoaded(
  view: Element,
  loaded: Promise<unknown>,
  redraw: () => void,
  failed: (reason: unknown) => void
): void {
  pending.delete(view);
  // What it shows meanwhile may be only a stand-in: its drawing, once loaded, is drawn as a first one.
  drawn.delete(view);
  const token = {};
  awaiting.set(view, token);
  markPending();
  const settle = (then: () => void) => {
    if (awaiting.get(view) !== token) return;
    awaiting.delete(view);
    markPending();
    then();
  };
  loaded.then(
    () => settle(() => drawNowOrWhenSeen(view, redraw)),
    (reason: unknown) => settle(() => failed(reason))
  );
}

/** Forgets a waiting redraw (the view was drawn since, or its wait was undone). */
export function cancelRedraw(view: Element): void {
  // All: a view can wait for idle time or sight and for a module at once.
  const cancelled = [pending.delete(view), unseen.delete(view), awaiting.delete(view)];
  if (cancelled.includes(true)) markPending();
}

/**
 * While the page has work of its own to do (a first drawing, a module loading, a storm computing),
 * the document says so (`data-redraws-pending` on <html>), so a test or a tool waits for it.
 */
export const REDRAWS_PENDING_ATTRIBUTE = "data-redraws-pending";
/** How many far views wait to be seen or for the reader's pause, and work only they will show: a tool that reads the whole page waits for this too. */
export const REDRAWS_UNSEEN_ATTRIBUTE = "data-redraws-unseen";

// Work a view waits for that is not a redraw of its own: a storm computing in a worker.
const working = new Set<object>();

// Work whose results only views out of sight show (lesson 5's other strategies): counted with the unseen views.
const workingOutOfSight = new Set<object>();

/** Counts `owner`'s work in progress among the pending redraws (true while it works, false once its results are drawn). */
export function markWorking(owner: object, busy: boolean): void {
  mark(working, owner, busy);
}

/**
 * Counts `owner`'s work in progress among the unseen redraws: work whose results only far views
 * show, so the page the reader sees has stopped changing while it runs.
 */
export function markWorkingOutOfSight(owner: object, busy: boolean): void {
  mark(workingOutOfSight, owner, busy);
}

function mark(set: Set<object>, owner: object, busy: boolean) {
  if (busy === set.has(owner)) return;
  if (busy) set.add(owner);
  else set.delete(owner);
  markPending();
}

function markPending() {
  if (typeof document === "undefined") return;
  writeCount(REDRAWS_PENDING_ATTRIBUTE, pending.size + awaiting.size + working.size);
  writeCount(REDRAWS_UNSEEN_ATTRIBUTE, unseen.size + workingOutOfSight.size);
}

function writeCount(attribute: string, count: number) {
  if (count > 0) document.documentElement.setAttribute(attribute, String(count));
  else document.documentElement.removeAttribute(attribute);
}

/** Runs every waiting redraw now: before printing, and for anything that needs the whole page current. */
export function flushRedraws(): void {
  for (const view of [...pending.keys(), ...unseen.keys()]) runPending(view);
}

function runPending(view: Element) {
  const redraw = pending.get(view) ?? unseen.get(view);
  if (!redraw) return;
  pending.delete(view);
  unseen.delete(view);
  markPending();
  draw(view, redraw);
}

function nearnessObserver(): IntersectionObserver | null {
  if (observer !== undefined) return observer;
  if (typeof IntersectionObserver === "undefined") return (observer = null);
  observer = new IntersectionObserver(
    (entries) => {
      for (const entry of entries) {
        near.set(entry.target, entry.isIntersecting);
        if (entry.isIntersecting) runPending(entry.target);
      }
    },
    {rootMargin: NEAR_MARGIN}
  );
  if (typeof window !== "undefined") window.addEventListener("beforeprint", flushRedraws);
  return observer;
}

/**
 * Waits for the reader's pause while far views wait: one timer, not one per redraw asked for (a
 * timer per drawing at load cost lesson 1 its Lighthouse score: the simulated page counted them as
 * work still to come). When it fires early, because a redraw was asked for meanwhile, it waits again
 * for what is left of the pause.
 */
function waitForPause() {
  if (pauseTimer === null) pauseTimer = setTimeout(pauseTimerFired, UNSEEN_AFTER_PAUSE_MS);
}

function pauseTimerFired() {
  pauseTimer = null;
  if (unseen.size === 0) return;
  const left = lastAsked + UNSEEN_AFTER_PAUSE_MS - performance.now();
  if (left > 0) pauseTimer = setTimeout(pauseTimerFired, left);
  else scheduleIdleDrain();
}

/** Whether no redraw was asked for during the last UNSEEN_AFTER_PAUSE_MS: idle time may then redraw far views. */
const readerPaused = () => performance.now() - lastAsked >= UNSEEN_AFTER_PAUSE_MS;

type IdleDeadlineLike = {timeRemaining(): number};

function scheduleIdleDrain() {
  if (idleScheduled) return;
  idleScheduled = true;
  const drain = (deadline: IdleDeadlineLike) => {
    idleScheduled = false;
    const started = performance.now();
    let redrawn = 0;
    const paused = readerPaused();
    for (const view of [...pending.keys(), ...(paused ? unseen.keys() : [])]) {
      if (redrawn > 0 && (deadline.timeRemaining() < MIN_IDLE_MS || performance.now() - started > MAX_TURN_MS)) break;
      runPending(view);
      redrawn++;
    }
    if (pending.size > 0 || (paused && unseen.size > 0)) scheduleIdleDrain();
  };
  if (typeof requestIdleCallback === "function") requestIdleCallback(drain, {timeout: IDLE_TIMEOUT_MS});
  // Safari has no requestIdleCallback: a short timer, one view per turn.
  else setTimeout(() => drain({timeRemaining: () => 0}), 50);
}
