/**
 * One check of a receiver-check report as a swimlane: the check's lane above (what it sent, copies
 * sent together as one step) and your receiver's lane below (what came back, and how long it took),
 * an arrow from each send to its answer, steps left to right in the order they were sent. Colour
 * says the kind of answer; the text says the answer itself, so nothing rests on colour alone.
 */
import {withLegends} from "../chart/legend.js";
import type {AnswerKind, SwimlaneStep} from "../../../lib/receiver-check/report-file.js";
import {toVisible} from "../../../lib/text/visible-text.js";
import {chartFrame, type ChartGroup} from "../chart/chart-frame.js";
import type {TypeScale} from "../chart/type-scale.js";

/** Each step's column: room for two short lines of label at the page's type size. */
const STEP_WIDTH = 138;
const LANE_LABEL_WIDTH = 58;
const BOX_HEIGHT = 40;
const ARROW_GAP = 22;

const ANSWER_COLOURS: Record<AnswerKind, string> = {
  "2xx": "#2da44e",
  "3xx": "#bf8700",
  "4xx": "#4c8dde",
  "5xx": "#d1242f",
  none: "#8c959f"
};

/** The label in lines of at most two parts: "working, wrong credential" → ["working", "wrong credential"]. */
function labelLines(step: SwimlaneStep): string[] {
  const parts = toVisible(step.label).split(", ");
  const lines = [parts[0] ?? "", parts.slice(1).join(", ")].filter(Boolean);
  if (step.copies > 1) lines.push(`${step.copies} copies at once`);
  return lines.slice(0, 3);
}

const answerLines = (step: SwimlaneStep) => [
  ...step.answers
    .slice(0, 2)
    .map((answer) => `${toVisible(answer.text)}${answer.count > 1 ? ` ×${answer.count}` : ""}`),
  `${step.answers.length > 2 ? "…, " : ""}${Math.round(step.ms)} ms`
];

export function CheckSwimlane(steps: readonly SwimlaneStep[], {title}: {title: string}): HTMLElement {
  const width = LANE_LABEL_WIDTH + Math.max(1, steps.length) * STEP_WIDTH;
  const height = 2 * (BOX_HEIGHT + 8) + ARROW_GAP + 8;
  const frame = chartFrame({
    width,
    height,
    margin: {top: 4, right: 4, bottom: 4, left: LANE_LABEL_WIDTH},
    label: `${title}: what the check sent and what your receiver answered`,
    className: "check-swimlane"
  });
  const {svg, type, top} = frame;
  const sentY = top + 4;
  const answerY = sentY + BOX_HEIGHT + ARROW_GAP;
  const lanes = svg.append("g").attr("class", "lane-labels").attr("text-anchor", "start").attr("font-size", type.small);
  lanes
    .append("text")
    .attr("x", 0)
    .attr("y", sentY + BOX_HEIGHT / 2)
    .attr("dy", "0.32em")
    .text("Sent");
  lanes
    .append("text")
    .attr("x", 0)
    .attr("y", answerY + BOX_HEIGHT / 2)
    .attr("dy", "0.32em")
    .text("Answer");
  steps.forEach((step, index) => {
    const x = LANE_LABEL_WIDTH + index * STEP_WIDTH + 4;
    const g = svg.append("g").attr("class", "swimlane-step");
    g.append("rect")
      .attr("x", x)
      .attr("y", sentY)
      .attr("width", STEP_WIDTH - 12)
      .attr("height", BOX_HEIGHT)
      .attr("rx", 4)
      .attr("fill", "none")
      .attr("stroke", "currentColor")
      .attr("stroke-opacity", 0.45);
    textLines(g, labelLines(step), x + (STEP_WIDTH - 12) / 2, sentY + BOX_HEIGHT / 2, type);
    g.append("line")
      .attr("x1", x + (STEP_WIDTH - 12) / 2)
      .attr("x2", x + (STEP_WIDTH - 12) / 2)
      .attr("y1", sentY + BOX_HEIGHT)
      .attr("y2", answerY - 3)
      .attr("stroke", "currentColor")
      .attr("stroke-opacity", 0.6);
    g.append("path")
      .attr("d", `M${x + (STEP_WIDTH - 12) / 2 - 4},${answerY - 7}l4,6l4,-6z`)
      .attr("fill", "currentColor")
      .attr("fill-opacity", 0.6);
    const colour = ANSWER_COLOURS[step.answers[0]?.kind ?? "none"];
    g.append("rect")
      .attr("class", `swimlane-answer answer-${step.answers[0]?.kind ?? "none"}`)
      .attr("x", x)
      .attr("y", answerY)
      .attr("width", STEP_WIDTH - 12)
      .attr("height", BOX_HEIGHT)
      .attr("rx", 4)
      .attr("fill", colour)
      .attr("fill-opacity", 0.18)
      .attr("stroke", colour);
    textLines(g, answerLines(step), x + (STEP_WIDTH - 12) / 2, answerY + BOX_HEIGHT / 2, type);
    g.append("title").text(
      `Sent: ${toVisible(step.label)}${step.copies > 1 ? ` (${step.copies} copies at once)` : ""}. Answered: ${step.answers.map((answer) => `${toVisible(answer.text)} ×${answer.count}`).join(", ")}, the slowest after ${Math.round(step.ms)} ms.`
    );
  });
  return withLegends(svg.node()!, []);
}

/** Lines of text centred on (x, y), one line height apart, each cut to the box's width. */
function textLines(g: ChartGroup, lines: readonly string[], x: number, y: number, type: TypeScale): void {
  const size = type.small;
  const lineHeight = size * 1.2;
  const first = y - ((lines.length - 1) * lineHeight) / 2;
  const text = g.append("text").attr("font-size", size).attr("text-anchor", "middle");
  lines.forEach((line, index) =>
    text
      .append("tspan")
      .attr("x", x)
      .attr("y", first + index * lineHeight)
      .attr("dy", "0.32em")
      .text(fitted(line, STEP_WIDTH - 18, type))
  );
}

/** The line, cut with an ellipsis where it would not fit `width`. */
function fitted(line: string, width: number, type: TypeScale): string {
  if (type.widthOf(line, type.small) <= width) return line;
  const chars = Math.max(1, Math.floor(width / type.widthOf("x", type.small)) - 1);
  return `${line.slice(0, chars)}…`;
}
