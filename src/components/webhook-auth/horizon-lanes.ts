/** The retry horizon's two lanes, as the chart and its summary table name them. */
export const LANE_LABELS = {"re-signed": "re-signed each attempt", reused: "timestamp of attempt 1 reused"} as const;
