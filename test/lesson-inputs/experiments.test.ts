import {describe, expect, it} from "vitest";
import {checkInputs} from "../../lib/lesson-inputs/check.js";
import type {FieldSpec, FieldValues} from "../../lib/lesson-inputs/fields.js";
import {deliveryExperiments, deliveryInputDefaults, deliveryInputFields} from "../../lib/delivery/index.js";
import {selectionExperiments, selectionInputDefaults, selectionInputFields} from "../../lib/selection/index.js";
import {webhookExperiments, webhookLessonDefaults, webhookLessonFields} from "../../lib/webhook-auth/index.js";

const lessons: [string, readonly {id: string; overrides: object}[], readonly FieldSpec[], FieldValues][] = [
  ["push delivery", deliveryExperiments, deliveryInputFields, deliveryInputDefaults],
  ["agent selection", selectionExperiments, selectionInputFields, selectionInputDefaults],
  ["webhook authentication", webhookExperiments, webhookLessonFields, webhookLessonDefaults]
];

describe("every experiment passes the shared check its lesson's panel and links use", () => {
  it.each(lessons)("%s", (_, experiments, fields, defaults) => {
    expect(experiments.length).toBeGreaterThan(0);
    for (const experiment of experiments) {
      const {refused} = checkInputs({...defaults, ...experiment.overrides}, fields, defaults);
      expect([experiment.id, refused]).toEqual([experiment.id, []]);
    }
  });

  it("the check does refuse an override no row accepts", () => {
    expect(
      checkInputs({...deliveryInputDefaults, maxAttemptsPerUpdate: 2.5}, deliveryInputFields, deliveryInputDefaults)
        .refused
    ).toHaveLength(1);
  });
});
