import {maxEventIdLength, maxSequence, maxUpdateAtSeconds} from "./bounds.js";
import {a2aTaskStates, type A2aTaskState} from "./task-state.js";
import type {TaskUpdate} from "./updates.js";

/*
 * The emitted updates as text, so the page can offer them as an input and a permalink can
 * carry them: updates separated by new lines or ";", each written
 * "<time s> <event id> <sequence> <task state>", e.g. "2 evt-1 1 submitted; 12 evt-2 2 working".
 */

export const updateListSyntax = "<time s> <event id> <sequence> <task state>";

/** The longest text the page's control takes: about two dozen updates, plenty for one lesson task. */
export const maxUpdateListLength = 600;

/**
 * One line with "; " between updates, or `separator` (the page uses a new line per update).
 * Times are written as JavaScript writes numbers: the shortest digits that read back to the
 * same number. That is a plain decimal for every time from a microsecond up to the bound,
 * and an exponent below it ("1e-7"), where a plain decimal would be unreadable and long
 * (the smallest positive time, 5e-324, would take 326 of the control's 600 characters).
 * -0 is written "0" and reads back as 0: the same instant.
 */
export function formatUpdateList(updates: readonly TaskUpdate[], separator = "; "): string {
  return updates
    .map((update) => `${update.atSeconds} ${update.eventId} ${update.sequence} ${update.taskState}`)
    .join(separator);
}

export type UpdateListParseResult = {ok: true; updates: TaskUpdate[]} | {ok: false; message: string};

/** A decimal with an optional exponent: every time the formatter writes, and "1e3" or "2.5E-3" typed by a reader. */
const decimal = /^\d+(\.\d+)?([eE][+-]?\d+)?$/;
const whole = /^\d+$/;

/** Reads the text form; a refusal names the update, the part, the rule and what is accepted. */
export function parseUpdateList(text: string): UpdateListParseResult {
  if (text.length > maxUpdateListLength) {
    return {
      ok: false,
      message: `The update list has ${text.length} characters; accepted: at most ${maxUpdateListLength}.`
    };
  }
  const entries = text
    .split(/[;\n]/)
    .map((entry) => entry.trim())
    .filter((entry) => entry !== "");
  const updates: TaskUpdate[] = [];
  for (const [index, entry] of entries.entries()) {
    const where = `Update ${index + 1} ("${entry.length > 40 ? `${entry.slice(0, 37)}...` : entry}")`;
    const parts = entry.split(/\s+/);
    if (parts.length !== 4) {
      return {
        ok: false,
        message: `${where} has ${parts.length} ${parts.length === 1 ? "part" : "parts"}; write each update as ${updateListSyntax}, e.g. "12 evt-2 2 working", separated by ";".`
      };
    }
    const [time, eventId, sequence, taskState] = parts as [string, string, string, string];
    const atSeconds = Number(time);
    if (!decimal.test(time) || atSeconds > maxUpdateAtSeconds) {
      return {
        ok: false,
        message: `${where}: the time "${time}" must be a number of seconds from 0 to ${maxUpdateAtSeconds}, e.g. 12.5 or 1e-7.`
      };
    }
    if (eventId.length > maxEventIdLength) {
      return {
        ok: false,
        message: `${where}: the event id has ${eventId.length} characters; accepted: 1 to ${maxEventIdLength}, no spaces or ";".`
      };
    }
    if (!whole.test(sequence) || Number(sequence) > maxSequence) {
      return {
        ok: false,
        message: `${where}: the sequence "${sequence}" must be a whole number from 0 to ${maxSequence}.`
      };
    }
    if (!(a2aTaskStates as readonly string[]).includes(taskState)) {
      return {
        ok: false,
        message: `${where}: the task state "${taskState}" must be one of ${a2aTaskStates.join(", ")}.`
      };
    }
    updates.push({atSeconds, eventId, sequence: Number(sequence), taskState: taskState as A2aTaskState});
  }
  return {ok: true, updates};
}
