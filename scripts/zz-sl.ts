import {launchBrowser, serveSite} from "../test/browser/browser.js";
import {measureSliderRender} from "../bench/slider-render.js";
const server = await serveSite(); const browser = await launchBrowser();
console.log(await measureSliderRender(browser, `${server.url}push-delivery`, "Sender timeout", [0.5, 1, 1.5, 2, 2.5, 3.5, 4, 5, 6, 2, 3, 0.5, 4.5, 3, 1, 2.5, 5.5, 3, 2, 3]));
await browser.close(); await server.close();
