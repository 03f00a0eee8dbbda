//! The web edition's two entry points, called from web/index.html and
//! web/worker.js: [`start`] runs the app in the page's canvas, and
//! [`run_order`] runs one job's task in a Web Worker (see
//! [`super::jobs::web`]). Everything else is the desktop app's code.

use std::path::PathBuf;
use std::sync::Arc;

use wasm_bindgen::prelude::*;

use super::HuarongApp;
use super::jobs::web::{Order, Report};
use super::jobs::{DatabasePool, DbWork, TaskEnv};
use super::tasks::runner;
use crate::engine::Control;
use crate::engine::observe::{Event, EventOf, StateKey};

/// Where the web edition says its pattern databases live: nowhere (the
/// browser has no files), so each is built in the worker that needs it.
const NO_FOLDER: &str = "/no-files-in-a-browser";

/// Run the app in the canvas with id `canvas_id`; the status line is
/// mirrored into the element with id `status_id` (an ARIA live region).
#[wasm_bindgen]
pub async fn start(canvas_id: String, status_id: String) -> Result<(), JsValue> {
    let document = web_sys::window()
        .and_then(|w| w.document())
        .ok_or_else(|| internal("no document"))?;
    let canvas = document
        .get_element_by_id(&canvas_id)
        .ok_or_else(|| internal(&format!("no element '{canvas_id}'")))?
        .dyn_into::<web_sys::HtmlCanvasElement>()?;
    let status = document.get_element_by_id(&status_id);
    let query = document
        .location()
        .and_then(|l| l.search().ok())
        .unwrap_or_default();
    eframe::WebRunner::new()
        .start(
            canvas,
            eframe::WebOptions::default(),
            Box::new(move |cc| {
                let mut app = HuarongApp::for_web(cc);
                app.status_mirror = status.map(StatusMirror::new);
                app.open_link(&query);
                Ok(Box::new(app))
            }),
        )
        .await
}

/// Why the page or a worker could not do its part: the browser's or a
/// bug's words, for the console and after the app's "internal error".
fn internal(why: &str) -> String {
    why.to_string()
}

/// Copies the status line into the page's live region when it changes.
pub struct StatusMirror {
    element: web_sys::Element,
    shown: String,
}

impl StatusMirror {
    fn new(element: web_sys::Element) -> Self {
        Self {
            element,
            shown: String::new(),
        }
    }

    /// Show `line` (nothing happens when it is what is shown).
    pub fn show(&mut self, line: &str) {
        if self.shown != line {
            line.clone_into(&mut self.shown);
            self.element.set_text_content(Some(line));
        }
    }
}

/// Events sent in one report (fewer messages; the page folds them as
/// they come).
const EVENTS_PER_REPORT: usize = 512;

thread_local! {
    /// Events not yet sent.
    static EVENTS: std::cell::RefCell<Vec<EventOf<String>>> = const { std::cell::RefCell::new(Vec::new()) };
    /// Where this worker's reports go (a JavaScript function, which the
    /// search's observers, being `Send`, cannot hold themselves).
    static POST: std::cell::RefCell<Option<js_sys::Function>> = const { std::cell::RefCell::new(None) };
}

/// Send the events kept so far.
fn flush_events() {
    let events = EVENTS.with(|e| std::mem::take(&mut *e.borrow_mut()));
    if !events.is_empty() {
        send_now(&Report::Events(events));
    }
}

/// Send `report` to the page, after the events before it.
fn send(report: &Report) {
    flush_events();
    send_now(report);
}

/// Send `report` to the page, as JSON text.
fn send_now(report: &Report) {
    let Ok(text) = serde_json::to_string(report) else {
        return;
    };
    POST.with(|p| {
        if let Some(post) = &*p.borrow() {
            let _ = post.call1(&JsValue::NULL, &text.into());
        }
    });
}

/// Run the order `order` (JSON) in this worker, sending each report as
/// JSON text to `post`. Called once per worker.
#[wasm_bindgen]
pub fn run_order(order: &str, post: js_sys::Function) {
    POST.with(|p| *p.borrow_mut() = Some(post));
    // A panic ends the module; its message goes first.
    std::panic::set_hook(Box::new(|info| send(&Report::Failed(info.to_string()))));
    let order: Order = match serde_json::from_str(order) {
        Ok(order) => order,
        Err(e) => {
            return send(&Report::Failed(internal(&format!(
                "an unreadable order: {e}"
            ))));
        }
    };
    let Some(run) = runner(&order.name) else {
        let why = internal(&format!("no task is called '{}'", order.name));
        return send(&Report::Failed(why));
    };
    let database = DbWork::default();
    let env = TaskEnv {
        databases: DatabasePool::new(PathBuf::from(NO_FOLDER)),
        database: database.clone(),
        on_database: {
            let database = database.clone();
            Arc::new(move || {
                let (phase, bytes) = database.raw();
                send(&Report::Database(phase, bytes));
            })
        },
    };
    let mut ctl = Control::default().with_limits(order.limits);
    ctl = ctl.with_progress(move |p| {
        let (phase, bytes) = database.raw();
        send(&Report::Database(phase, bytes));
        send(&Report::Progress(*p));
    });
    if order.trace {
        ctl = ctl.with_trace(|p| send(&Report::Trace(*p)));
    }
    if order.events {
        ctl = ctl.with_events(Arc::new(|e: &Event| {
            let full = EVENTS.with(|events| {
                let mut events = events.borrow_mut();
                events.push(e.map_state(StateKey::to_wire));
                events.len() >= EVENTS_PER_REPORT
            });
            if full {
                flush_events();
            }
        }));
    }
    let report = match run(&order.task, &ctl, &env) {
        Ok(answer) => Report::Done(answer),
        Err(why) => Report::Failed(why),
    };
    send(&report);
}
