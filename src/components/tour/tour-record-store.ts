/**
 * A guided lesson's progress, kept in the browser (localStorage, through page-address.ts) under
 * the lesson's name, so it survives a reload and a move to another lesson: the predictions
 * revealed, and the step the reader was on (lib/tour/course-progress.ts names the keys). What is
 * read back is untrusted text: only values each step could have produced are kept
 * (readStoredTourRecord, readStoredPosition), and what was left out is named, never quoted raw.
 *
 * Two tabs of one lesson share the record: a save re-reads storage and merges this tab's change
 * step by step (mergeTourRecord), and another tab's saves are taken in as they happen (the
 * browser's `storage` event), so neither tab's predictions are lost.
 */
import {
  mergeTourRecord,
  progressKeys,
  readStoredPosition,
  readStoredTourRecord,
  serializeTourRecord,
  storedPositionText,
  type TourPosition,
  type TourRecord,
  type TourStep
} from "../../../lib/tour/index.js";
import {element} from "../runtime/dom.js";
import {keptStorage} from "../links/page-address.js";

export interface TourRecordStore {
  /** The predictions revealed so far, by step id. */
  readonly record: TourRecord;
  /** The step (or the recap) the reader was on last, kept from an earlier visit too; null when none. */
  readonly leftOffAt: TourPosition | null;
  /** The stored progress that could not be read back, each named. */
  readonly dropped: readonly string[];
  save(next: TourRecord): void;
  /** Keeps where the reader is (the start is not kept: the step before it stays where they left off). */
  savePosition(position: TourPosition): void;
}

export function TourRecordStore<Run>(lesson: string, steps: readonly TourStep<Run>[]): TourRecordStore {
  const keys = progressKeys(lesson);
  const recordStorage = keptStorage(keys.record);
  const positionStorage = keptStorage(keys.position);
  const stored = readStoredTourRecord(recordStorage.read(), steps);
  const storedPosition = readStoredPosition(positionStorage.read(), steps);
  let record = stored.record;
  let leftOffAt = storedPosition.position;
  const readBack = () => readStoredTourRecord(recordStorage.read(), steps).record;
  if (typeof window !== "undefined") {
    window.addEventListener("storage", (event) => {
      if (event.key === keys.record) record = readBack();
    });
  }
  const savePosition = (position: TourPosition) => {
    const text = storedPositionText(position, steps);
    if (text === null) return;
    leftOffAt = position;
    positionStorage.write(text);
  };
  return {
    get record() {
      return record;
    },
    get leftOffAt() {
      return leftOffAt;
    },
    dropped: [...stored.dropped, ...storedPosition.dropped],
    save(next) {
      // A step just revealed is where the reader is, also when they arrived at it by a link rather than by moving.
      const revealed = steps.findIndex((step) => next[step.id] !== undefined && next[step.id] !== record[step.id]);
      record = mergeTourRecord(readBack(), record, next);
      recordStorage.write(serializeTourRecord(record));
      if (revealed >= 0) savePosition({kind: "step", index: revealed});
    },
    savePosition
  };
}

/** The progress left out when read back, each named (never quoted raw) and isolated. */
export function StorageNotice(dropped: readonly string[]): HTMLElement {
  const items = dropped.flatMap((text, index) => [index > 0 ? "; " : null, element("bdi", null, text)]);
  return element(
    "p",
    {class: "tour-storage-notice", role: "status"},
    "Some of the progress kept in this browser could not be read and is left out: ",
    ...items,
    "."
  );
}
