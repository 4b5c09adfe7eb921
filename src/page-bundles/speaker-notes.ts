/** What the speaker notes page imports: the notes view alone. */
export {SpeakerNotes} from "../components/class/speaker-notes.js";
