import fc from "fast-check";
import {describe, expect, it} from "vitest";
import {
  createDedupStore,
  evictOldest,
  insertIfAbsent,
  lookupRecord,
  purgeExpired,
  releaseRecord,
  type DedupStore
} from "../../lib/webhook-auth/index.js";

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
    const ops = fc.array(fc.record({key: fc.constantFrom("a", "b", "c"), dt: fc.integer({min: 0, max: 40})}), {
      maxLength: 60
    });
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

describe("a store changed in place (a long-running receiver's)", () => {
  it("answers every sequence of operations as a value store does, and is the same object throughout", () => {
    const operation = fc.oneof(
      fc.record({
        kind: fc.constant("insert" as const),
        key: fc.constantFrom("a", "b", "c", "d"),
        at: fc.integer({min: 0, max: 50})
      }),
      fc.record({kind: fc.constant("release" as const), key: fc.constantFrom("a", "b", "c", "d")}),
      fc.record({kind: fc.constant("purge" as const), at: fc.integer({min: 0, max: 80})}),
      fc.record({kind: fc.constant("evict" as const), count: fc.integer({min: 0, max: 3})})
    );
    fc.assert(
      fc.property(fc.array(operation, {maxLength: 40}), (operations) => {
        let value = createDedupStore(20);
        const inPlace = createDedupStore(20, {inPlace: true});
        let changed: DedupStore = inPlace;
        for (const op of operations) {
          if (op.kind === "insert") {
            const [one, other] = [insertIfAbsent(value, op.key, op.at), insertIfAbsent(changed, op.key, op.at)];
            expect(other.inserted).toBe(one.inserted);
            [value, changed] = [one.store, other.store];
          } else if (op.kind === "release")
            [value, changed] = [releaseRecord(value, op.key), releaseRecord(changed, op.key)];
          else if (op.kind === "purge")
            [value, changed] = [purgeExpired(value, op.at).store, purgeExpired(changed, op.at).store];
          else [value, changed] = [evictOldest(value, op.count), evictOldest(changed, op.count)];
          expect(changed).toBe(inPlace);
          expect([...changed.records.entries()]).toEqual([...value.records.entries()]);
        }
      })
    );
  });

  it("evictOldest forgets the records recorded first; a value store is left as it was", () => {
    const store = ["a", "b", "c"].reduce(
      (current, key, index) => insertIfAbsent(current, key, index).store,
      createDedupStore(100)
    );
    expect([...evictOldest(store, 2).records.keys()]).toEqual(["c"]);
    expect([...store.records.keys()]).toEqual(["a", "b", "c"]);
  });
});
