/**
 * Values a lesson did not use (lib's RefusedInput: a value checkInputs or the lesson's own
 * model refused), each naming the input, the value, what is accepted and what the run used
 * instead. Every lesson shows them the same way, above its figures. Text only.
 */
import type {RefusedInput} from "../../../lib/lesson-inputs/check.js";
import {element} from "../runtime/dom.js";

export function InputNotices(refused: readonly RefusedInput[]): HTMLElement {
  // Always an element, so a page can display it (and a ViewSlot morph it) whether or not there is anything to say.
  if (refused.length === 0) return element("div", {class: "input-notices-none"});
  return element(
    "div",
    {class: "permalink-notices input-notices", role: "alert"},
    element(
      "p",
      null,
      refused.length === 1 ? "One input could not be used:" : `${refused.length} inputs could not be used:`
    ),
    element(
      "ul",
      null,
      refused.map((input) =>
        element(
          "li",
          null,
          element("strong", null, input.label),
          " ",
          element("code", null, element("bdi", null, input.value)),
          `: ${input.problem.replace(/\.$/, "")}; using ${input.fallback}.`
        )
      )
    )
  );
}
