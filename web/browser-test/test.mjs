// The web edition in a real headless Chromium: each case opens the page
// at a link, drives it by keys where a person would, and waits for the
// ARIA status region (#status, the app's status line) to say what a
// person would read. Any console error or page error fails the run.
// Screenshots of each step go to the artefacts folder.
//
//   node test.mjs <site folder> <artefacts folder>
import http from "node:http";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { fileURLToPath } from "node:url";
import puppeteer from "puppeteer-core";

const [site, artefacts] = process.argv.slice(2).map((p) => path.resolve(p));
fs.mkdirSync(artefacts, { recursive: true });

const types = { ".html": "text/html", ".js": "text/javascript", ".wasm": "application/wasm" };
const server = http.createServer((req, res) => {
  const file = path.join(site, decodeURIComponent(new URL(req.url, "http://x").pathname));
  if (!file.startsWith(site) || !fs.existsSync(file) || fs.statSync(file).isDirectory()) {
    const index = path.join(site, "index.html");
    if (new URL(req.url, "http://x").pathname === "/") {
      res.writeHead(200, { "content-type": types[".html"] });
      return fs.createReadStream(index).pipe(res);
    }
    res.writeHead(404);
    return res.end();
  }
  res.writeHead(200, { "content-type": types[path.extname(file)] ?? "application/octet-stream" });
  fs.createReadStream(file).pipe(res);
});
await new Promise((ok) => server.listen(0, "127.0.0.1", ok));
const base = `http://127.0.0.1:${server.address().port}/`;

const browser = await puppeteer.launch({
  executablePath: process.env.CHROMIUM ?? "/usr/bin/chromium",
  headless: true,
  args: ["--no-sandbox", "--enable-unsafe-swiftshader", "--use-angle=swiftshader",
         "--disable-background-networking", "--disable-component-update", "--disable-sync",
         "--no-first-run", "--disable-quic"],
});

const problems = [];
let failures = 0;
const status = (page) => page.$eval("#status", (e) => e.textContent);

async function open(query, name) {
  const page = await browser.newPage();
  await page.setViewport({ width: 1280, height: 800 });
  page.on("console", (m) => {
    if (m.type() === "error") problems.push(`${name}: console error: ${m.text()}`);
  });
  page.on("pageerror", (e) => problems.push(`${name}: page error: ${e.message}`));
  const loaded = Date.now();
  await page.goto(base + query, { waitUntil: "load" });
  await page.waitForFunction(() => !document.getElementById("message"), { timeout: 30000 });
  // The first status line is shown with the first board.
  await page.waitForFunction(() => document.getElementById("status").textContent !== "", { timeout: 30000 });
  return { page, shown: Date.now() - loaded };
}

async function until(page, pattern, what, timeout = 60000) {
  const started = Date.now();
  try {
    await page.waitForFunction(
      (source) => new RegExp(source).test(document.getElementById("status").textContent),
      { timeout },
      pattern.source,
    );
  } catch {
    throw new Error(`${what}: the status never matched ${pattern}; it says "${await status(page)}"`);
  }
  return Date.now() - started;
}

// egui draws a menu the frame after the click that opens it.
const frames = (page, n) => page.evaluate((n) => new Promise((done) => {
  let seen = 0;
  const tick = () => (++seen >= n ? done() : requestAnimationFrame(tick));
  requestAnimationFrame(tick);
}), n);

// Where the File menu and its items are drawn in a 1280×800 page.
const FILE_MENU = [19, 12], OPEN_ITEM = [39, 39], SAVE_ITEM = [36, 62], SOLVE_BUTTON = [31, 757];
// And the compare view's switch and its Run batch, the race's switch, and
// (the left panel scrolled to its end) the Picture toggle and Choose picture.
const COMPARE = [421, 37], RUN_BATCH = [316, 364], RACE = [515, 37];
const PICTURE = [15, 643], CHOOSE_PICTURE = [192, 666];

// Click `at` until the browser's file chooser comes (a click on a button
// egui has not drawn yet is lost: it is tried again, after `before` and
// some frames), and pick `file` in it; `what` names the button.
async function choose(page, at, file, what, before) {
  for (let attempt = 0; attempt < 5; attempt++) {
    await before();
    await frames(page, 10);
    const [chooser] = await Promise.all([
      page.waitForFileChooser({ timeout: 5000 }).catch(() => null),
      page.mouse.click(...at),
    ]);
    if (chooser) return chooser.accept([file]);
  }
  throw new Error(`${what} never brought the browser's file chooser`);
}

async function step(name, body) {
  try {
    const figures = await body();
    console.log(`ok   ${name}${figures ? " — " + figures : ""}`);
  } catch (e) {
    failures++;
    console.log(`FAIL ${name}: ${e.message}`);
  }
}

await step("the 8-puzzle's 31-mover solved by A* from a link", async () => {
  const { page, shown } = await open(
    "?puzzle=3x3&state=8,6,7,2,5,4,3,0,1&strategy=astar&heuristic=manhattan&solve", "astar");
  const took = await until(page, /\b31 moves\b.*optimal|optimal.*\b31 moves\b/, "A* solve");
  await page.screenshot({ path: path.join(artefacts, "1-astar-solved.png") });
  await page.close();
  return `board shown ${shown} ms after load, solved ${took} ms later`;
});

await step("a move played with the keyboard solves a board one move from its goal", async () => {
  const { page } = await open("?puzzle=3x3&state=1,2,3,4,5,6,7,0,8", "keys");
  const before = await status(page);
  await page.focus("#huarong_canvas");
  // The arrow moves the tile beside the blank into it: 8 slides left.
  await page.keyboard.press("ArrowLeft");
  await until(page, /Solved by hand in 1 move\b/, `the key press (before: "${before}")`, 10000);
  await page.screenshot({ path: path.join(artefacts, "2-keys.png") });
  const after = await status(page);
  await page.close();
  return `"${before}" → "${after}"`;
});

await step("横刀立马 in the moves metric: 81 moves", async () => {
  const { page } = await open("?puzzle=klotski&layout=1&metric=moves&strategy=bfs&solve", "klotski");
  const took = await until(page, /\b81 moves\b/, "Klotski solve");
  await page.screenshot({ path: path.join(artefacts, "3-klotski-solved.png") });
  await page.close();
  return `solved in ${took} ms`;
});

await step("the inspector opened by the link steps by keys and runs to the end", async () => {
  const { page } = await open(
    "?puzzle=3x3&state=8,6,7,2,5,4,3,0,1&strategy=astar&heuristic=manhattan&inspect", "inspector");
  await until(page, /^Inspecting A\*/, "the inspector's first line", 10000);
  await page.focus("#huarong_canvas");
  for (let i = 0; i < 3; i++) await page.keyboard.press("KeyN");
  await page.screenshot({ path: path.join(artefacts, "5-inspector-stepped.png") });
  await page.keyboard.press("KeyE");
  const took = await until(page, /^The run is over\. .*31 moves/, "Run to end", 60000);
  await page.screenshot({ path: path.join(artefacts, "6-inspector-ended.png") });
  const said = await status(page);
  await page.close();
  return `"${said.slice(0, 90)}…" ${took} ms after E`;
});

await step("a puzzle saved downloads its file, and that file opened in another page is the puzzle", async () => {
  const { page } = await open("?puzzle=3x3&state=8,6,7,2,5,4,3,0,1", "save");
  const downloads = fs.mkdtempSync(path.join(os.tmpdir(), "huarong-downloads-"));
  const cdp = await page.createCDPSession();
  await cdp.send("Browser.setDownloadBehavior", { behavior: "allow", downloadPath: downloads });
  await page.mouse.click(...FILE_MENU);
  await frames(page, 10);
  await page.mouse.click(...SAVE_ITEM);
  await until(page, /^Saved puzzle\.ron\.$/, "the save", 10000);
  const file = path.join(downloads, "puzzle.ron");
  for (let waited = 0; !fs.existsSync(file); waited += 50) {
    if (waited > 10000) throw new Error("no puzzle.ron was downloaded");
    await new Promise((r) => setTimeout(r, 50));
  }
  const saved = fs.readFileSync(file, "utf8");
  await page.close();
  // A page on the goal opens it: solved, it is the 31-mover saved.
  const other = (await open("?puzzle=3x3", "open")).page;
  // The menu is drawn a frame or two after the click that opens it (egui
  // sizes a popup first): each try opens it again.
  await choose(other, OPEN_ITEM, file, "File › Open…", () => other.mouse.click(...FILE_MENU));
  await until(other, /^Opened puzzle\.ron\.$/, "the open", 10000);
  await other.mouse.click(...SOLVE_BUTTON);
  await until(other, /\b31 moves\b.*optimal/, "a solve of the opened puzzle", 60000);
  await other.screenshot({ path: path.join(artefacts, "7-opened-and-solved.png") });
  await other.close();
  fs.rmSync(downloads, { recursive: true });
  return `${saved.length} bytes downloaded and opened again`;
});

await step("a batch of 20 random starts runs in a worker and says when it is done", async () => {
  const { page } = await open("?puzzle=3x3", "batch");
  await page.mouse.click(...COMPARE);
  await frames(page, 10);
  await page.mouse.click(...RUN_BATCH);
  const took = await until(page, /^Batch done: 20 starts, \d+ strategies on each\.$/, "the batch", 120000);
  await page.screenshot({ path: path.join(artefacts, "8-batch.png") });
  const said = await status(page);
  await page.close();
  return `"${said}" ${took} ms after Run batch`;
});

await step("a picture chosen in the browser's dialog is decoded in a worker and shown", async () => {
  const { page } = await open("?puzzle=3x3", "picture");
  await page.mouse.move(140, 600);
  await page.mouse.wheel({ deltaY: 2000 });
  await frames(page, 10);
  await page.mouse.click(...PICTURE);
  await frames(page, 10);
  const picture = fileURLToPath(new URL("../../screenshots/annealing.png", import.meta.url));
  await choose(page, CHOOSE_PICTURE, picture, "Choose picture…", async () => {});
  const took = await until(page, /^Picture: annealing\.png\.$/, "the picture", 30000);
  await page.screenshot({ path: path.join(artefacts, "9-picture.png") });
  await page.close();
  return `shown ${took} ms after it was chosen`;
});

await step("the race says what its clock does", async () => {
  const { page } = await open("?puzzle=3x3", "race");
  await page.mouse.click(...RACE);
  await until(page, /^Press New scramble/, "the race's first line", 10000);
  await page.focus("#huarong_canvas");
  await page.keyboard.press("Space");
  await until(page, /^(Inspecting|Ready)/, "a scramble", 10000);
  await page.screenshot({ path: path.join(artefacts, "10-race.png") });
  const said = await status(page);
  await page.close();
  return `"${said}"`;
});

await step("a bad parameter gets its one line", async () => {
  const { page } = await open("?puzzle=3x3&state=1,2,3&solve", "refused");
  await until(page, /state=1,2,3 cannot be used/, "refusal", 10000);
  await page.screenshot({ path: path.join(artefacts, "4-refused.png") });
  await page.close();
});

await browser.close();
server.close();
for (const p of problems) console.log(`FAIL ${p}`);
if (failures || problems.length) {
  console.log(`browser test: ${failures} failed, ${problems.length} console problems`);
  process.exit(1);
}
console.log("browser test: all passed");
