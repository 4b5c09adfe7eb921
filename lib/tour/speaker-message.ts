/**
 * What the class deck and its speaker notes say to each other, two windows of one origin on a
 * BroadcastChannel. reveal.js's speaker view keeps its two windows in step with messages too
 * (hakimel/reveal.js plugin/notes/plugin.js: the deck posts "connect", the notes answer
 * "connected", then the deck sends its state); here the notes say "hello" and the deck answers with
 * its slide, and neither window needs a reference to the other.
 * The deck tells the notes where it is and what the teacher needs there; the notes ask the deck
 * to move or reveal. Any page of the origin can post on the channel, so a message is checked
 * before it is used: a message that is not one of these is ignored, and its text is only ever
 * shown as text.
 */
import * as z from "zod/mini";
import {toVisible} from "../text/visible-text.js";

/** The channel of one lesson's deck: a deck and notes of different lessons do not hear each other. */
export function speakerChannelName(lesson: string): string {
  return `a2a-workbench:class-deck:${lesson}`;
}

const TEXT = 2_000;
const text = z.string().check(z.maxLength(TEXT));
/** A choice question offers a handful of answers; a message carries at most this many. */
const MAX_CHOICES = 20;
/** Minutes and times: finite, never negative, bounded (a message with 1e306 would draw nothing sensible). */
const minutes = z.number().check(z.minimum(0), z.maximum(24 * 60));
const time = z.number().check(z.minimum(0), z.maximum(8.64e15));

const slideSchema = z.strictObject({
  kind: z.literal("slide"),
  lesson: text,
  /** "Step 3 of 11", "Title", "Recap". */
  where: text,
  title: text,
  question: z.nullable(text),
  /** The answers a choice question offers, in order (null for a number). */
  choices: z.nullable(z.array(text).check(z.maxLength(MAX_CHOICES))),
  /** The run's answer in words (computed by lib from the run on show), or null while the run is computed. */
  answer: z.nullable(text),
  why: z.nullable(text),
  lookAt: z.nullable(text),
  /** What the deck shows now: whether the step's answer is revealed to the class. */
  revealed: z.boolean(),
  /** The next slide's title, or null on the last. */
  next: z.nullable(text),
  /** The next slide's question, if it is a step. */
  nextQuestion: z.nullable(text),
  /** When the deck was opened (ms since the epoch, the deck's clock): the notes show the time since. */
  startedAt: time,
  /** When this slide was first shown. */
  slideStartedAt: time,
  /** The plan's minutes for the whole deck, and for this slide (class-plan.ts). */
  plannedMinutes: minutes,
  slideMinutes: minutes,
  /** The inputs the step sets, in the lesson's words. */
  inputs: z.nullable(text)
});

/** Said by a deck as it closes: the notes say so instead of showing its last slide as if it were on. */
const closedSchema = z.strictObject({kind: z.literal("closed"), lesson: text});

const commandSchema = z.union([
  z.strictObject({kind: z.literal("go"), by: z.union([z.literal(-1), z.literal(1)])}),
  z.strictObject({kind: z.literal("reveal")}),
  /** Sent by notes that just opened: the deck answers with its slide. */
  z.strictObject({kind: z.literal("hello")})
]);

export type SlideMessage = z.infer<typeof slideSchema>;
export type ClosedMessage = z.infer<typeof closedSchema>;
export type SpeakerCommand = z.infer<typeof commandSchema>;

/** A message from the deck, or null when `data` is not one. */
export function readSlideMessage(data: unknown): SlideMessage | null {
  const parsed = slideSchema.safeParse(data);
  return parsed.success ? parsed.data : null;
}

/** A deck's message (its slide, or that it closed), or null when `data` is not one. */
export function readDeckMessage(data: unknown): SlideMessage | ClosedMessage | null {
  const closed = closedSchema.safeParse(data);
  return closed.success ? closed.data : readSlideMessage(data);
}

/** A command from the notes, or null when `data` is not one. */
export function readSpeakerCommand(data: unknown): SpeakerCommand | null {
  const parsed = commandSchema.safeParse(data);
  return parsed.success ? parsed.data : null;
}

/**
 * A text as a message carries it: characters that print nothing or reorder a line (NUL, a bidi
 * override) written as ⟨U+XXXX⟩, as every notice of the course shows them, then shortened.
 */
export function messageText(value: string): string {
  const visible = toVisible(value);
  return visible.length > TEXT ? `${visible.slice(0, TEXT - 1)}…` : visible;
}
