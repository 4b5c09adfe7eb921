/**
 * Lesson 5's worker: runs storms off the page's main thread (lib/storm/worker-protocol.ts), one
 * step per task, so the messages that cancel or replace a run are read between steps.
 */
import {awsAnswers, stormAnswers, type StormAnswer, type StormMessage} from "../../lib/storm/worker-protocol.js";

const scope = globalThis as unknown as {
  onmessage: ((event: MessageEvent<StormMessage>) => void) | null;
  postMessage(message: unknown): void;
};
let running: Generator<void, void, void> | null = null;
let runningId = 0;
// A message to itself schedules the next step as a task without setTimeout's clamping.
const nextStep = new MessageChannel();
let scheduled = false;
const schedule = () => {
  if (scheduled || running === null) return;
  scheduled = true;
  nextStep.port2.postMessage(null);
};
nextStep.port1.onmessage = () => {
  scheduled = false;
  if (running?.next().done) running = null;
  schedule();
};
// A run dropped unfinished says so: the page counts the runs a newer input stopped.
const drop = () => {
  if (running !== null) scope.postMessage({id: runningId, kind: "cancelled"} satisfies StormAnswer);
  running = null;
};
scope.onmessage = (event) => {
  const message = event.data;
  const post = (answer: StormAnswer) => scope.postMessage(answer);
  drop();
  if (message.kind === "cancel") return;
  runningId = message.id;
  running = message.kind === "run" ? stormAnswers(message, post) : awsAnswers(message, post);
  schedule();
};
