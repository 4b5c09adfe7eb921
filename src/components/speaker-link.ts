/**
 * The class deck's side of its speaker notes: a BroadcastChannel of the lesson (two windows of
 * one origin, as reveal.js's speaker view keeps its windows in step with messages), and the
 * notes window, opened by the teacher. Commands from the channel are checked (lib's
 * speaker-message.ts) before the deck acts on them; anything else is ignored.
 */
import {readSpeakerCommand, speakerChannelName, type SlideMessage, type SpeakerCommand} from "../../lib/tour/index.js";
import {addressLessonSlug} from "./page-address.js";

export interface SpeakerLink {
  post(message: SlideMessage): void;
  /** Opens (or brings back) the notes window; it asks the deck for its slide once it is ready. */
  openNotes(): void;
  close(): void;
}

export const SPEAKER_NOTES_PATH = "./speaker-notes";

export function SpeakerLink(onCommand: (command: SpeakerCommand) => void): SpeakerLink {
  const slug = addressLessonSlug();
  const channel = typeof BroadcastChannel === "undefined" ? null : new BroadcastChannel(speakerChannelName(slug));
  if (channel) {
    channel.onmessage = (event: MessageEvent) => {
      const command = readSpeakerCommand(event.data);
      if (command !== null) onCommand(command);
    };
  }
  return {
    post(message) {
      channel?.postMessage(message);
    },
    openNotes() {
      window.open(`${SPEAKER_NOTES_PATH}?lesson=${encodeURIComponent(slug)}`, "a2a-workbench-speaker-notes", "popup,width=960,height=720");
    },
    close() {
      channel?.close();
    }
  };
}
