/**
 * `npm run demo-agent -- --receiver http://127.0.0.1:8787/hook --credentials <what the receiver printed>`:
 * runs lesson 1's task once on a real @a2a-js/sdk agent and pushes its four updates to the receiver.
 */
import {parseArgs} from "node:util";
import {runDemoAgent} from "./agent.js";

const {values} = (() => {
  try {
    return parseArgs({
      options: {
        receiver: {type: "string", default: "http://127.0.0.1:8787/hook"},
        credentials: {type: "string"},
        token: {type: "string"},
        "ms-per-second": {type: "string", default: "1000"}
      },
      strict: true
    });
  } catch (error) {
    console.error(`demo-agent: ${error instanceof Error ? error.message : String(error)}`);
    process.exit(2);
  }
})();

const receiverUrl = (() => {
  try {
    return new URL(values.receiver).href;
  } catch {
    console.error(
      `demo-agent: --receiver ${JSON.stringify(values.receiver)} is not a URL; the receiver prints the one to use`
    );
    process.exit(2);
  }
})();
const msPerSecond = Number(values["ms-per-second"]);
if (!(Number.isInteger(msPerSecond) && msPerSecond >= 1 && msPerSecond <= 1000)) {
  console.error(
    `demo-agent: --ms-per-second ${JSON.stringify(values["ms-per-second"])}: a whole number from 1 to 1000`
  );
  process.exit(2);
}
if (!values.credentials && !values.token)
  console.warn("demo-agent: no --credentials or --token: the receiver will refuse every push with 401 (as it should)");

console.log(
  `demo agent: lesson 1's task, four updates 10 s apart, pushed by @a2a-js/sdk's DefaultPushNotificationSender to ${receiverUrl}`
);
const run = await runDemoAgent(
  {receiverUrl, credentials: values.credentials, token: values.token, msPerSecond},
  (report) => console.log(`  ${report.outcome === "sent" ? "sent  " : "failed"}  ${report.line}`)
);
console.log(
  `demo agent: task ${run.taskId} finished; ${run.reports.filter((report) => report.outcome === "sent").length} of 4 pushes acknowledged`
);
