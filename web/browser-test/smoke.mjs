import puppeteer from "puppeteer-core";
const browser = await puppeteer.launch({
  executablePath: "/usr/bin/chromium", headless: true,
  args: ["--no-sandbox", "--enable-unsafe-swiftshader", "--use-angle=swiftshader", "--disable-background-networking",
         "--disable-component-update", "--disable-sync", "--no-first-run", "--window-size=1280,800"],
});
const page = await browser.newPage();
await page.setViewport({ width: 1280, height: 800 });
page.on("console", (m) => console.log("console:", m.type(), m.text()));
page.on("pageerror", (e) => console.log("pageerror:", e.message));
const t0 = Date.now();
await page.goto("http://127.0.0.1:8765/" + (process.argv[2] || ""), { waitUntil: "load" });
await page.waitForFunction(() => !document.getElementById("message"), { timeout: 60000 }).catch(e => console.log("no start", e.message));
console.log("started after", Date.now() - t0, "ms");
await new Promise(r => setTimeout(r, 3000));
console.log("status:", await page.$eval("#status", e => e.textContent));
await page.screenshot({ path: "/tmp/web1.png" });
await browser.close();
