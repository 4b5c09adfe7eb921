/**
 * The live labs of lessons 1 and 4. Lesson 1's: the reader's receiver, its faults, and the model's
 * run beside the real one. The page places the lab and the details, reads the panel and the connection, and asks
 * for a drawing; the comparison is computed once per feed and sender for both views.
 */
import {
  compareLiveRun,
  liveFaultsFromInputs,
  liveInputsFromFaults,
  liveLabDefaults,
  liveLabFields,
  liveLabGroups,
  liveModelSender,
  livePortDefaults,
  livePortFields,
  type LiveLabInputs
} from "../../../lib/live/index.js";
import {remembered} from "../../../lib/shared/remembered.js";
import {ControlPanel} from "../controls/control-panel.js";
import {Lab} from "../lab.js";
import {ViewSlot} from "../runtime/view-slot.js";
import {LiveChecks, LiveDeliveryDetails, LiveDeliveryLab} from "./live-views.js";
import {ApplyFaults, ReceiverConnection, type ConnectionState} from "./receiver-connection.js";

export function DeliveryLiveLab() {
  // The live lab's inputs stay out of the lesson's link (see lib/live/live-lab-inputs.ts): the port
  // names a process on this reader's machine, and the faults are the receiver's state, not the page's.
  const panel = ControlPanel<LiveLabInputs>(liveLabFields, {
    defaults: liveLabDefaults,
    label: "Live lab inputs",
    restoreLabel: "Restore live defaults"
  });
  // The fault inputs show the receiver's own faults whenever it says them (it keeps them; Apply changes them).
  const connection = ReceiverConnection({
    port: () => panel.value.liveReceiverPort,
    onFaults: (faults) => panel.setValues(liveInputsFromFaults(faults))
  });
  const apply = ApplyFaults(connection, () => liveFaultsFromInputs(panel.value));
  const view = ViewSlot();
  const details = ViewSlot();
  const lab = Lab({
    label: "Live lab",
    stage: [view],
    controls: [panel.group(liveLabGroups.receiver), connection, panel, apply],
    onPaper:
      "The live lab runs at the screen, against a receiver on your machine (npm run receiver): open this lesson in a browser to use it."
  });
  // The model's run, the real one and their differences: computed once for both views.
  const comparison = remembered(compareLiveRun);
  const draw = (
    state: ConnectionState,
    inputs: LiveLabInputs,
    {labWidth, width}: {labWidth: number; width: number}
  ) => {
    const runs = comparison(state.feed, liveModelSender(inputs));
    view.draw(LiveDeliveryLab, state, runs, {width: labWidth});
    details.draw(LiveDeliveryDetails, state, runs, {width});
  };
  return {panel, connection, lab, details, draw};
}

/** Lesson 4's live checks: the port of the reader's receiver and each attempt's checks as it decided them. */
export function WebhookLiveChecks() {
  const panel = ControlPanel(livePortFields, {
    defaults: livePortDefaults,
    label: "Live receiver port",
    restoreLabel: "Restore the port"
  });
  const connection = ReceiverConnection({port: () => panel.value.liveReceiverPort});
  const checks = ViewSlot();
  const lab = Lab({
    label: "Live receiver checks",
    stage: [checks],
    controls: [panel, connection],
    onPaper:
      "The live receiver checks run at the screen, against a receiver on your machine (npm run receiver): open this lesson in a browser to use them."
  });
  const draw = (state: ConnectionState) => checks.draw(LiveChecks, state);
  return {connection, lab, draw};
}
