import {chromium} from "playwright-core";
import {startStaticServer} from "./static-server.js";
const server = await startStaticServer({root: "dist", port: 0, gzip: false});
const browser = await chromium.launch({executablePath: "/usr/bin/chromium", args: ["--no-sandbox"]});
const widths = (process.env.WIDTHS ?? "1280,1024,390,320").split(",").map(Number);
const schemes = (process.env.SCHEMES ?? "light,dark").split(",");
const selector = process.env.SEL ?? ".check-report-loader";
const path = process.env.PAGE ?? "/webhook-authentication";
const errors: string[] = [];
for (const scheme of schemes) for (const width of widths) {
  const page = await browser.newPage({viewport: {width, height: 900}, colorScheme: scheme as "light" | "dark"});
  page.on("response", (r) => { if (r.status() >= 400) errors.push(`${r.status()} ${r.url()}`); });
  page.on("pageerror", (e) => errors.push(`${width} ${scheme} pageerror ${e.message}`));
  page.on("console", (m) => { if (m.type() === "error") errors.push(`${width} ${scheme} console ${m.text()}`); });
  await page.goto(new URL(path, server.url).href, {waitUntil: "load"});
  const el = page.locator(selector).first();
  await el.waitFor({timeout: 20000}).catch(async () => { console.log(errors.join("\n")); console.log(await page.evaluate("[...document.querySelectorAll('.observablehq--error')].map(e=>e.textContent).join('|')")); process.exit(1); });
  if (process.env.FILE) { await page.locator(".check-report-file").setInputFiles(process.env.FILE); await page.waitForTimeout(300); }
  if (process.env.OPENALL) await page.evaluate("document.querySelectorAll('.check-report-item').forEach(d => d.open = true)");
  await el.scrollIntoViewIfNeeded();
  const overflow = await page.evaluate("document.documentElement.scrollWidth - document.documentElement.clientWidth");
  if (overflow > 0) console.log(await page.evaluate("[...document.querySelectorAll('body *')].filter(e => e.getBoundingClientRect().right > document.documentElement.clientWidth + 0.5 && !e.closest('.table-scroll')).slice(0,5).map(e => e.tagName + '.' + e.className + ' ' + Math.round(e.getBoundingClientRect().right)).join(' | ')"));
  const section = process.env.SECTION ? page.locator(process.env.SECTION).first() : el;
  await section.screenshot({path: `/tmp/shots/${process.env.NAME ?? "shot"}-${width}-${scheme}.png`});
  console.log(width, scheme, "page overflow px:", overflow);
  await page.close();
}
console.log(errors.join("\n") || "no errors");
await browser.close(); await server.close();
