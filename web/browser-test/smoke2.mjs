import puppeteer from "puppeteer-core";
const browser = await puppeteer.launch({
  executablePath: "/usr/bin/chromium", headless: true,
  args: ["--no-sandbox", "--enable-unsafe-swiftshader", "--use-angle=swiftshader", "--disable-background-networking",
         "--disable-component-update", "--disable-sync", "--no-first-run"],
});
const page = await browser.newPage();
await page.setViewport({ width: 1280, height: 800 });
page.on("console", (m) => console.log("console:", m.type(), m.text()));
page.on("pageerror", (e) => console.log("pageerror:", e.message));
await page.goto("http://127.0.0.1:8765/", { waitUntil: "load" });
await page.waitForFunction(() => !document.getElementById("message"), { timeout: 60000 });
await new Promise(r => setTimeout(r, 1500));
await page.mouse.click(31, 757);
const t0 = Date.now();
await page.waitForFunction(() => /Solved|solved|optimal/.test(document.getElementById("status").textContent), { timeout: 60000 }).catch(e => console.log(e.message));
console.log("after", Date.now() - t0, "ms status:", await page.$eval("#status", e => e.textContent));
await page.screenshot({ path: "/tmp/web2.png" });
await browser.close();
