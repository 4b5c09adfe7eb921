import {checkCallbackUrl, type CallbackUrlCheck} from "./callback-url.js";
import type {DeliveryConfig} from "./config.js";

/**
 * The checks made before anything is dispatched, in this order: the agent card
 * must advertise push notifications, then the callback URL must be the exact
 * allowed one. If either fails, nothing is ever sent.
 */
export interface DispatchGate {
  pushAdvertised: boolean;
  url: CallbackUrlCheck;
  /** Why nothing is sent (the first failing check), or null when dispatch may proceed. */
  blockedReason: string | null;
}

export const pushNotAdvertisedReason =
  "The agent card does not advertise capabilities.pushNotifications, so no push config is accepted and nothing is sent.";

export function checkDispatchGate(config: Pick<DeliveryConfig, "agentAdvertisesPush" | "callbackUrl">): DispatchGate {
  const url = checkCallbackUrl(config.callbackUrl);
  const blockedReason = !config.agentAdvertisesPush
    ? pushNotAdvertisedReason
    : url.allowed
      ? null
      : `The callback URL is rejected (${url.category}): ${url.reason}`;
  return {pushAdvertised: config.agentAdvertisesPush, url, blockedReason};
}
