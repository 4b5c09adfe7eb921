import fc from "fast-check";
import {describe, expect, it} from "vitest";
import {createDedupStore, insertIfAbsent, lookupRecord, purgeExpired, releaseRecord} from "../../lib/webhook-auth/index.js";

describe("dedup store", () => {
  it("inserts once, then reports duplicates while the record is live", () => {
    const empty = createDedupStore(100);
    const first = insertIfAbsent(empty, "k", 10);
    expect(first.inserted).toBe(true);
    expect(first.record).toEqual({key: "k", recordedAtSeconds: 10, expiresAtSeconds: 110});
    const again = insertIfAbsent(first.store, "k", 109);
    expect(again.inserted).toBe(false);
    expect(again.record.recordedAtSeconds).toBe(10);
    expect(insertIfAbsent(first.store, "other", 11).inserted).toBe(true);
  });

  it("ignores an expired record (expiry at recordedAt + retention, exclusive)", () => {
    const {store} = insertIfAbsent(createDedupStore(100), "k", 10);
    expect(lookupRecord(store, "k", 109)).toBeDefined();
    expect(lookupRecord(store, "k", 110)).toBeUndefined();
    const late = insertIfAbsent(store, "k", 110);
    expect(late.inserted).toBe(true);
    expect(late.inserted && late.replacedExpired?.recordedAtSeconds).toBe(10);
  });

  it("is an immutable value", () => {
    const empty = createDedupStore(100);
    const {store} = insertIfAbsent(empty, "k", 0);
    expect(empty.records.size).toBe(0);
    expect(store.records.size).toBe(1);
    expect(releaseRecord(store, "k").records.size).toBe(0);
    expect(store.records.size).toBe(1);
    expect(releaseRecord(store, "absent")).toBe(store);
  });

  it("purges expired records only", () => {
    let store = createDedupStore(50);
    store = insertIfAbsent(store, "a", 0).store;
    store = insertIfAbsent(store, "b", 30).store;
    const {store: purged, purged: removed} = purgeExpired(store, 60);
    expect(removed.map((r) => r.key)).toEqual(["a"]);
    expect([...purged.records.keys()]).toEqual(["b"]);
  });

  it("rejects a negative retention", () => {
    expect(() => createDedupStore(-1)).toThrow(RangeError);
  });

  it("agrees with a log-based reference model", () => {
    // Reference: an insert at t is a duplicate iff the latest *accepted* insert of the key happened at s with t < s + retention.
    const ops = fc.array(fc.record({key: fc.constantFrom("a", "b", "c"), dt: fc.integer({min: 0, max: 40})}), {maxLength: 60});
    fc.assert(
      fc.property(fc.integer({min: 0, max: 100}), ops, (retention, list) => {
        let store = createDedupStore(retention);
        const accepted: {key: string; at: number}[] = [];
        let t = 0;
        for (const {key, dt} of list) {
          t += dt;
          const last = [...accepted].reverse().find((entry) => entry.key === key);
          const duplicate = last !== undefined && t < last.at + retention;
          const outcome = insertIfAbsent(store, key, t);
          expect(outcome.inserted).toBe(!duplicate);
          if (outcome.inserted) accepted.push({key, at: t});
          store = outcome.store;
        }
      }),
      {numRuns: 300}
    );
  });
});
