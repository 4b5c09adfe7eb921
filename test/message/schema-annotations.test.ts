/**
 * A page's bundle carries the v0.3.0 schema without its annotations (scripts/bundle.ts): the lab
 * must judge every example exactly as it does with the unmodified schema, and no property named
 * like an annotation (an AgentCard's `description`) may go with them.
 */
import {readFileSync} from "node:fs";
import {describe, expect, it, vi} from "vitest";
import {DROPPED_ANNOTATIONS, withoutAnnotations} from "../../lib/message/schema-annotations.js";
import {ANNOTATION_KEYWORDS} from "../../lib/message/schema-validator.js";

const SCHEMA_PATH = "../../data/message/spec/a2a-v0.3.0.json";
const schema: unknown = JSON.parse(readFileSync(new URL(SCHEMA_PATH, import.meta.url), "utf8"));
const definitions = (value: unknown) =>
  (value as {definitions: Record<string, {properties?: Record<string, unknown>}>}).definitions;

describe("withoutAnnotations", () => {
  it("drops annotations where they are keywords and keeps them where they are property names", () => {
    const stripped = withoutAnnotations(schema);
    expect(JSON.stringify(stripped).length).toBeLessThan(JSON.stringify(schema).length / 2);
    expect(Object.keys(definitions(stripped))).toEqual(Object.keys(definitions(schema)));
    for (const [name, definition] of Object.entries(definitions(schema)))
      expect(Object.keys(definitions(stripped)[name]?.properties ?? {}), name).toEqual(
        Object.keys(definition.properties ?? {})
      );
    expect(Object.keys(definitions(stripped)["AgentCard"]?.properties ?? {})).toContain("description");
    expect(definitions(stripped)["AgentCard"]).not.toHaveProperty("description");
  });

  it("judges every example exactly as the unmodified schema does", async () => {
    const judged = async () => {
      const lesson = await import("../../lib/message/index.js");
      const spec = await import("../../lib/message/spec.js");
      // Which schema the lab read: the unmodified one describes its definitions, the page's copy does not.
      const described = "description" in (spec.a2aDefinition("AgentCard") ?? {});
      return [
        `described: ${described}`,
        ...lesson.MESSAGE_EXAMPLES.flatMap((example) =>
          (["0.3.0", "1.0"] as const).map((version) =>
            JSON.stringify(lesson.runMessageTransaction(example.requestText, {version}))
          )
        )
      ];
    };
    const withAnnotations = await judged();
    vi.resetModules();
    vi.doMock(SCHEMA_PATH, () => ({default: withoutAnnotations(schema)}));
    const stripped = await judged();
    vi.doUnmock(SCHEMA_PATH);
    vi.resetModules();
    expect(withAnnotations[0]).toBe("described: true");
    expect(stripped[0]).toBe("described: false");
    expect(stripped.slice(1)).toEqual(withAnnotations.slice(1));
    expect(stripped.length).toBeGreaterThan(10);
  });
});

it("drops only annotations the validator reads past", () => {
  for (const annotation of DROPPED_ANNOTATIONS) expect(ANNOTATION_KEYWORDS).toContain(annotation);
});
