/** Lesson 5's worker: runs storms off the page's main thread (lib/storm/worker-protocol.ts). */
import {answerStormRequest, type StormRequest} from "../../lib/storm/worker-protocol.js";

const scope = globalThis as unknown as {onmessage: ((event: MessageEvent<StormRequest>) => void) | null; postMessage(message: unknown): void};
scope.onmessage = (event) => answerStormRequest(event.data, (answer) => scope.postMessage(answer));
