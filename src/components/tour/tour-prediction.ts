/** A guided lesson's prediction on the page: the box the reader answers in, and an answer in words. */
import type {Prediction} from "../../../lib/tour/index.js";
import {element} from "../runtime/dom.js";

/** The answer box: a choice's radio buttons, or a whole-number box (typed text, checked on reveal). */
export function PredictionInput<Run>(
  prediction: Prediction<Run>,
  stepId: string
): {element: HTMLElement; guess: () => string | null} {
  const name = `tour-${stepId}`;
  if (prediction.kind === "choice") {
    const radios = prediction.choices.map((choice) => element("input", {type: "radio", name, value: choice.value}));
    return {
      element: element(
        "fieldset",
        {class: "tour-prediction"},
        element("legend", null, prediction.question),
        prediction.choices.map((choice, index) =>
          element("label", {class: "tour-choice"}, radios[index]!, " ", element("bdi", null, choice.label))
        )
      ),
      guess: () => radios.find((radio) => radio.checked)?.value ?? null
    };
  }
  const box = element("input", {
    type: "text",
    inputmode: "numeric",
    autocomplete: "off",
    class: "tour-number",
    id: name,
    size: 6,
    maxlength: 12
  });
  return {
    element: element(
      "div",
      {class: "tour-prediction"},
      element("label", {for: name}, prediction.question),
      element("span", {class: "tour-number-row"}, box, ` ${prediction.units[1]}`)
    ),
    guess: () => box.value
  };
}
