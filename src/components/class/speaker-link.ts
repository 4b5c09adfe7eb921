/**
 * The class deck's side of its speaker notes: a BroadcastChannel of the lesson (two windows of
 * one origin, as reveal.js's speaker view keeps its windows in step with messages), and the
 * notes window, opened by the teacher. Commands from the channel are checked (lib's
 * speaker-message.ts) before the deck acts on them; anything else is ignored.
 *
 * Any page of the origin can post on the channel, as fast as it likes. A command costs only its
 * check and a sum; the deck acts once a frame on what arrived since (the moves added up, a reveal,
 * a hello), so ten thousand "go" messages are one move, never ten thousand slides drawn.
 */
import {
  readSpeakerCommand,
  speakerChannelName,
  type ClosedMessage,
  type SlideMessage
} from "../../../lib/tour/index.js";
import {addressLessonSlug} from "../links/page-address.js";

export interface SpeakerLink {
  post(message: SlideMessage | ClosedMessage): void;
  /** Opens (or brings back) the notes window; it asks the deck for its slide once it is ready. */
  openNotes(): void;
  close(): void;
}

/** What the notes asked for since the deck last acted: moves added up, and whether to reveal or say hello. */
export interface MergedCommands {
  by: number;
  reveal: boolean;
  hello: boolean;
}

export const SPEAKER_NOTES_PATH = "./speaker-notes";

export function SpeakerLink(act: (commands: MergedCommands) => void): SpeakerLink {
  const slug = addressLessonSlug();
  const channel = typeof BroadcastChannel === "undefined" ? null : new BroadcastChannel(speakerChannelName(slug));
  let pending: MergedCommands | null = null;
  const flush = () => {
    const commands = pending;
    pending = null;
    if (commands !== null) act(commands);
  };
  if (channel) {
    channel.onmessage = (event: MessageEvent) => {
      const command = readSpeakerCommand(event.data);
      if (command === null) return;
      if (pending === null) {
        pending = {by: 0, reveal: false, hello: false};
        requestAnimationFrame(flush);
      }
      if (command.kind === "go") pending.by += command.by;
      else if (command.kind === "reveal") pending.reveal = true;
      else pending.hello = true;
    };
  }
  return {
    post(message) {
      channel?.postMessage(message);
    },
    openNotes() {
      window.open(
        `${SPEAKER_NOTES_PATH}?lesson=${encodeURIComponent(slug)}`,
        "a2a-workbench-speaker-notes",
        "popup,width=960,height=720"
      );
    },
    close() {
      pending = null;
      channel?.close();
    }
  };
}
