// One job of the Huarong page: it posts {module, order}; this worker runs
// the order's task with the same module and posts reports (JSON text)
// until the last, Done or Failed. The page ends the worker to cancel.
import init, { run_order } from "./huarong.js";

self.onmessage = async (event) => {
  const { module, order } = event.data;
  try {
    await init({ module_or_path: module });
    run_order(order, (report) => self.postMessage(report));
  } catch (e) {
    // A panic's message was posted first by its hook; this one is then
    // ignored by the page.
    self.postMessage(JSON.stringify({ Failed: "the worker stopped: " + e }));
  }
};
