import {launchBrowser, serveSite} from "../test/browser/browser.js";
const server = await serveSite(); const browser = await launchBrowser();
const ctx = await browser.newContext(); const page = await ctx.newPage();
await page.goto(`${server.url}push-delivery`); await page.waitForLoadState("networkidle");
const cdp = await ctx.newCDPSession(page);
await cdp.send("Profiler.enable"); await cdp.send("Profiler.setSamplingInterval", {interval: 50}); await cdp.send("Profiler.start");
for (const v of [1,2,3,4,1,2,3,4,1,2,3,4,5,6,1,2,3,4,5,6]) {
  await page.evaluate(async (v) => { const s = document.querySelector<HTMLInputElement>('input[type=range][aria-label^="Sender timeout"]')!; s.value = String(v); s.dispatchEvent(new Event("input", {bubbles: true})); await new Promise(r => setTimeout(r, 200)); }, v);
}
const {profile} = await cdp.send("Profiler.stop") as any;
// total (inclusive) time per function name
const nodes = new Map<number, any>(profile.nodes.map((n: any) => [n.id, n]));
const parent = new Map<number, number>(); for (const n of profile.nodes) for (const c of n.children ?? []) parent.set(c, n.id);
const total = new Map<string, number>();
const interval = (profile.endTime - profile.startTime) / profile.samples.length / 1000;
for (const s of profile.samples) { const seen = new Set<string>(); let id: number | undefined = s; while (id !== undefined) { const n = nodes.get(id); const k = `${n.callFrame.functionName || "(anon)"} ${n.callFrame.url.split("/").pop()}:${n.callFrame.lineNumber}`; if (!seen.has(k)) { seen.add(k); total.set(k, (total.get(k) ?? 0) + interval); } id = parent.get(id); } }
console.log([...total].filter(([k]) => !k.startsWith("(root)") && !k.startsWith("(idle)")).sort((a, b) => b[1] - a[1]).slice(0, 40).map(([k, v]) => `${(v/20).toFixed(2)}ms/move ${k}`).join("\n"));
await browser.close(); await server.close();
