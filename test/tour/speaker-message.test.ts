import fc from "fast-check";
import {describe, expect, it} from "vitest";
import {
  messageText,
  readDeckMessage,
  readSlideMessage,
  readSpeakerCommand,
  speakerChannelName,
  type SlideMessage
} from "../../lib/tour/speaker-message.js";

const slide: SlideMessage = {
  kind: "slide",
  lesson: "push delivery",
  where: "Step 2 of 11",
  title: "Deduplication off",
  question: "How many effects?",
  choices: null,
  answer: "8 effects",
  why: "Nothing stops a second apply.",
  lookAt: "The effects lane.",
  revealed: false,
  next: "Wrong credential",
  nextQuestion: "How many attempts?",
  startedAt: 1_764_800_000_000,
  slideStartedAt: 1_764_800_060_000,
  plannedMinutes: 52,
  slideMinutes: 4,
  inputs: "Receiver ignores seen event ids: off"
};

describe("messages between the class deck and its speaker notes", () => {
  it("a slide and each command are read back as sent", () => {
    expect(readSlideMessage(slide)).toEqual(slide);
    expect(
      readSlideMessage({
        ...slide,
        question: null,
        answer: null,
        why: null,
        lookAt: null,
        next: null,
        nextQuestion: null,
        inputs: null
      })
    ).not.toBeNull();
    expect(readSlideMessage({...slide, choices: ["It is accepted", "No signature matches"]})).not.toBeNull();
    expect(readDeckMessage({kind: "closed", lesson: "Push delivery"})).toEqual({
      kind: "closed",
      lesson: "Push delivery"
    });
    expect(readDeckMessage(slide)).toEqual(slide);
    for (const command of [{kind: "go", by: 1}, {kind: "go", by: -1}, {kind: "reveal"}, {kind: "hello"}])
      expect(readSpeakerCommand(command)).toEqual(command);
  });

  it.each([
    ["a command as a slide", {kind: "reveal"}],
    ["a slide missing its title", {...slide, title: undefined}],
    ["a slide with an extra field", {...slide, html: "<b>x</b>"}],
    ["a slide whose text is too long", {...slide, why: "x".repeat(2_001)}],
    ["a negative start", {...slide, startedAt: -1}],
    ["a start no clock reaches", {...slide, slideStartedAt: 1e306}],
    ["planned minutes that are not a number", {...slide, plannedMinutes: Number.NaN}],
    ["a hundred choices", {...slide, choices: Array.from({length: 100}, (_, index) => String(index))}]
  ])("%s is not a slide", (_name, data) => {
    expect(readSlideMessage(data)).toBeNull();
  });

  it.each([
    ["a move of 5 slides", {kind: "go", by: 5}],
    ["a slide as a command", slide],
    // biome-ignore lint/suspicious/noThenProperty: a field named then is what this case refuses
    ["a command with an extra field", {kind: "reveal", then: "go"}],
    ["text", "reveal"]
  ])("%s is not a command", (_name, data) => {
    expect(readSpeakerCommand(data)).toBeNull();
  });

  it("any value is read without throwing, and only a checked message comes back", () => {
    fc.assert(
      fc.property(fc.anything(), (data) => {
        const read = readSlideMessage(data);
        const command = readSpeakerCommand(data);
        expect(read === null || read.kind === "slide").toBe(true);
        expect(command === null || ["go", "reveal", "hello"].includes(command.kind)).toBe(true);
      })
    );
  });

  it("each lesson has a channel of its own, and a long text is shortened to what a message carries", () => {
    expect(speakerChannelName("push-delivery")).not.toBe(speakerChannelName("retry-storms"));
    expect(messageText("x".repeat(5_000))).toHaveLength(2_000);
    expect(readSlideMessage({...slide, why: messageText("y".repeat(5_000))})).not.toBeNull();
  });

  it("text that prints nothing or reorders a line is written as ⟨U+XXXX⟩", () => {
    expect(messageText("a\u202Eb\u0000c")).toBe("a⟨U+202E⟩b⟨U+0000⟩c");
  });
});
