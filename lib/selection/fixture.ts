import registryJson from "../../data/selection/registry.json" with {type: "json"};
import {loadRegistry, type Registry} from "./registry.js";

/** The lesson's registry: 13 agents in 2 tenants, validated when this module loads. */
export const defaultRegistry: Registry = loadRegistry(registryJson, "data/selection/registry.json");

/** Shown beside any view of the registry: what the data is and is not. */
export const registryNotice: string = defaultRegistry.notice;
