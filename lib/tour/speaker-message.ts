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

/** The channel of one lesson's deck: a deck and notes of different lessons do not hear each other. */
export function speakerChannelName(lesson: string): string {
  return `a2a-workbench:class-deck:${lesson}`;
}

const TEXT = 2_000;
const text = z.string().check(z.maxLength(TEXT));

const slideSchema = z.strictObject({
  kind: z.literal("slide"),
  lesson: text,
  /** "Step 3 of 11", "Title", "Recap". */
  where: text,
  title: text,
  question: z.nullable(text),
  /** The run's answer in words (computed by lib from the run on show), or null while the run is computed. */
  answer: z.nullable(text),
  why: z.nullable(text),
  lookAt: z.nullable(text),
  /** What the deck shows now: whether the step's answer is revealed to the class. */
  revealed: z.boolean(),
  /** The next slide's title, or null on the last. */
  next: z.nullable(text),
  /** When the deck was opened (ms since the epoch, the deck's clock): the notes show the time since. */
  startedAt: z.number().check(z.minimum(0)),
  /** The inputs the step sets, in the lesson's words. */
  inputs: z.nullable(text)
});

const commandSchema = z.union([
  z.strictObject({kind: z.literal("go"), by: z.union([z.literal(-1), z.literal(1)])}),
  z.strictObject({kind: z.literal("reveal")}),
  /** Sent by notes that just opened: the deck answers with its slide. */
  z.strictObject({kind: z.literal("hello")})
]);

export type SlideMessage = z.infer<typeof slideSchema>;
export type SpeakerCommand = z.infer<typeof commandSchema>;

/** A message from the deck, or null when `data` is not one. */
export function readSlideMessage(data: unknown): SlideMessage | null {
  const parsed = slideSchema.safeParse(data);
  return parsed.success ? parsed.data : null;
}

/** A command from the notes, or null when `data` is not one. */
export function readSpeakerCommand(data: unknown): SpeakerCommand | null {
  const parsed = commandSchema.safeParse(data);
  return parsed.success ? parsed.data : null;
}

/** Shortens a text to what a message carries. */
export function messageText(value: string): string {
  return value.length > TEXT ? `${value.slice(0, TEXT - 1)}…` : value;
}
