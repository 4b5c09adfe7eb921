/** The one debounce the link writer and the editor's check share: later() waits for calls to settle, flush() and now() do not. */
import {afterEach, beforeEach, describe, expect, it, vi} from "vitest";
import {debounced} from "../../src/components/runtime/debounced.js";

describe("debounced", () => {
  beforeEach(() => vi.useFakeTimers());
  afterEach(() => vi.useRealTimers());

  it("runs once the calls to later() have settled for the delay, once", () => {
    const action = vi.fn();
    const run = debounced(action, 100);
    run.later();
    vi.advanceTimersByTime(99);
    run.later();
    vi.advanceTimersByTime(99);
    expect(action).not.toHaveBeenCalled();
    vi.advanceTimersByTime(1);
    expect(action).toHaveBeenCalledTimes(1);
    vi.advanceTimersByTime(1000);
    expect(action).toHaveBeenCalledTimes(1);
  });

  it("flush() runs only a waiting run, now() always, and cancel() drops the waiting one", () => {
    const action = vi.fn();
    const run = debounced(action, 100);
    run.flush();
    expect(action).toHaveBeenCalledTimes(0);
    run.later();
    run.flush();
    expect(action).toHaveBeenCalledTimes(1);
    vi.advanceTimersByTime(100);
    expect(action).toHaveBeenCalledTimes(1);
    run.now();
    expect(action).toHaveBeenCalledTimes(2);
    run.later();
    run.cancel();
    vi.advanceTimersByTime(100);
    expect(action).toHaveBeenCalledTimes(2);
  });
});
