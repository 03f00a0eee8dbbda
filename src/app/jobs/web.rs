//! The web edition's jobs. A browser has no threads that share the page's
//! memory (not on stable Rust), so each [`Task`] runs in its own Web
//! Worker: the page sends it an [`Order`] (the task as JSON and how to run
//! it) with the compiled module, the worker runs the same code the desktop
//! runs on a thread and sends [`Report`]s back. Cancelling ends the worker
//! at once and the task says what a cancelled run hands back, so a cancel
//! takes effect within a frame, whatever the search is doing. Jobs that are
//! not tasks yet are refused with one line.

use std::cell::RefCell;
use std::rc::{Rc, Weak};

use serde::{Deserialize, Serialize};
use wasm_bindgen::JsCast;
use wasm_bindgen::prelude::*;

use super::{JobKind, Task, TaskEnv};
use crate::engine::job::JobPanicked;
use crate::engine::observe::{EventOf, StateKey};
use crate::engine::{CancelToken, Control, Limits, Progress, TracePoint};

/// The global the page keeps the compiled module in (see web/index.html):
/// each worker instantiates it instead of fetching and compiling again.
const MODULE_GLOBAL: &str = "huarong_module";

/// The worker's script, beside the page.
const WORKER_SCRIPT: &str = "./worker.js";

/// What the page asks a worker to do.
#[derive(Serialize, Deserialize)]
pub struct Order {
    /// The task's name in the runners' table.
    pub name: String,
    /// The task, as JSON.
    pub task: String,
    /// The control's limits.
    pub limits: Limits,
    /// Whether the page wants the local searches' trace.
    pub trace: bool,
    /// Whether the page wants the search's events (the inspector).
    pub events: bool,
}

/// What a worker tells the page.
#[derive(Serialize, Deserialize)]
pub enum Report {
    /// A progress report.
    Progress(Progress),
    /// A local search's trace point.
    Trace(TracePoint),
    /// The search's events since the last, their states' keys as wire
    /// text ([`StateKey::to_wire`]).
    Events(Vec<EventOf<String>>),
    /// The database work's phase and the held database's bytes.
    Database(u32, u64),
    /// The answer, as JSON.
    Done(String),
    /// The task could not run or panicked: why.
    Failed(String),
}

struct State<T> {
    progress: Option<Progress>,
    result: Option<Result<T, JobPanicked>>,
    worker: Option<web_sys::Worker>,
    /// What a cancelled run hands back.
    cancelled: Option<Box<dyn FnOnce(Option<Progress>) -> T>>,
    wake: Option<Box<dyn FnOnce()>>,
    /// Kept alive as long as the job: the worker calls them.
    handlers: Vec<Closure<dyn FnMut(web_sys::MessageEvent)>>,
}

impl<T> State<T> {
    /// The job is over with `result`: the worker is ended and the page
    /// woken.
    fn end(&mut self, result: Result<T, JobPanicked>) -> Option<Box<dyn FnOnce()>> {
        if self.result.is_some() {
            return None;
        }
        if let Some(worker) = self.worker.take() {
            worker.terminate();
        }
        self.cancelled = None;
        self.result = Some(result);
        self.wake.take()
    }
}

/// A job in a web worker, typed by its result.
pub struct WorkerJob<T> {
    state: Rc<RefCell<State<T>>>,
    cancel: CancelToken,
}

/// A job that ended without its answer, and why: a bug's or the browser's
/// words, shown after the app's own "internal error".
fn internal(message: impl Into<String>) -> JobPanicked {
    JobPanicked {
        message: message.into(),
    }
}

impl<T: 'static> WorkerJob<T> {
    /// A job the web edition cannot run (not a task yet): it ends at once
    /// with one line saying so.
    pub fn refused(kind: JobKind) -> Self {
        let state = State {
            progress: None,
            result: Some(Err(internal(format!(
                "{kind:?} is not in the web edition yet; the desktop app has it"
            )))),
            worker: None,
            cancelled: None,
            wake: None,
            handlers: Vec::new(),
        };
        Self {
            state: Rc::new(RefCell::new(state)),
            cancel: CancelToken::new(),
        }
    }

    /// Run `task` in a new worker, reporting through `ctl`'s observers and
    /// `env`'s database watch as a thread would.
    pub fn start<K>(ctl: Control, task: K, env: TaskEnv, wake: impl FnOnce() + 'static) -> Self
    where
        K: Task<Output = T>,
    {
        let cancel = ctl.cancel.clone();
        let json = serde_json::to_string(&task);
        let state = Rc::new(RefCell::new(State {
            progress: None,
            result: None,
            worker: None,
            cancelled: Some(Box::new(move |p| task.cancelled(p))),
            wake: Some(Box::new(wake)),
            handlers: Vec::new(),
        }));
        let job = Self {
            state: state.clone(),
            cancel,
        };
        let order = json.map(|task| Order {
            name: K::NAME.to_string(),
            task,
            limits: ctl.limits,
            trace: ctl.on_trace.is_some(),
            events: ctl.on_event.is_some(),
        });
        let started = order
            .map_err(|e| internal(e.to_string()))
            .and_then(|order| launch::<K>(&state, order, ctl, env));
        if let Err(why) = started {
            let wake = state.borrow_mut().end(Err(why));
            if let Some(wake) = wake {
                wake();
            }
        }
        job
    }
}

/// Start the worker of `order`, its reports going to `state` and `ctl`.
fn launch<K: Task>(
    state: &Rc<RefCell<State<K::Output>>>,
    order: Order,
    ctl: Control,
    env: TaskEnv,
) -> Result<(), JobPanicked> {
    let options = web_sys::WorkerOptions::new();
    options.set_type(web_sys::WorkerType::Module);
    let worker = web_sys::Worker::new_with_options(WORKER_SCRIPT, &options)
        .map_err(|e| internal(format!("no web worker: {e:?}")))?;
    let weak: Weak<RefCell<State<K::Output>>> = Rc::downgrade(state);
    let on_message =
        Closure::<dyn FnMut(web_sys::MessageEvent)>::new(move |event: web_sys::MessageEvent| {
            let Some(state) = weak.upgrade() else { return };
            let Some(text) = event.data().as_string() else {
                return;
            };
            let report = match serde_json::from_str::<Report>(&text) {
                Ok(report) => report,
                Err(e) => Report::Failed(
                    internal(format!("an unreadable report from the worker: {e}")).message,
                ),
            };
            let wake = match report {
                Report::Progress(p) => {
                    state.borrow_mut().progress = Some(p);
                    if let Some(f) = &ctl.on_progress {
                        f(&p);
                    }
                    None
                }
                Report::Trace(point) => {
                    if let Some(f) = &ctl.on_trace {
                        f(&point);
                    }
                    None
                }
                Report::Events(events) => {
                    if let Some(f) = &ctl.on_event {
                        for event in &events {
                            f(&event.map_state(|w| StateKey::from_wire(w).unwrap_or_default()));
                        }
                    }
                    None
                }
                Report::Database(phase, bytes) => {
                    env.database.set_raw((phase, bytes));
                    (env.on_database)();
                    None
                }
                Report::Done(json) => {
                    let result = serde_json::from_str::<K::Output>(&json).map_err(|e| {
                        internal(format!("an unreadable answer from the worker: {e}"))
                    });
                    state.borrow_mut().end(result)
                }
                Report::Failed(why) => state.borrow_mut().end(Err(internal(why))),
            };
            if let Some(wake) = wake {
                wake();
            }
        });
    worker.set_onmessage(Some(on_message.as_ref().unchecked_ref()));
    let message = js_sys::Object::new();
    let module = js_sys::Reflect::get(&js_sys::global(), &MODULE_GLOBAL.into())
        .map_err(|e| internal(format!("{e:?}")))?;
    let order = serde_json::to_string(&order).map_err(|e| internal(e.to_string()))?;
    let set = |key: &str, value: &JsValue| {
        js_sys::Reflect::set(&message, &key.into(), value).map_err(|e| internal(format!("{e:?}")))
    };
    set("module", &module)?;
    set("order", &order.into())?;
    worker
        .post_message(&message)
        .map_err(|e| internal(format!("the worker refused the task: {e:?}")))?;
    let mut state = state.borrow_mut();
    state.worker = Some(worker);
    state.handlers.push(on_message);
    Ok(())
}

impl<T: 'static> WorkerJob<T> {
    /// Stop the job: its worker ends at once, and the task's cancelled
    /// answer is its result.
    pub fn cancel(&self) {
        self.cancel.cancel();
        let wake = {
            let mut state = self.state.borrow_mut();
            match state.cancelled.take() {
                Some(cancelled) if state.result.is_none() => {
                    let answer = cancelled(state.progress);
                    state.end(Ok(answer))
                }
                _ => None,
            }
        };
        if let Some(wake) = wake {
            wake();
        }
    }

    /// The latest progress report, if any yet.
    pub fn progress(&self) -> Option<Progress> {
        self.state.borrow().progress
    }

    /// The result, once there is one.
    pub fn try_take(&mut self) -> Option<Result<T, JobPanicked>> {
        // A cancel through the control's token, not through the handle.
        if self.cancel.is_cancelled() {
            self.cancel();
        }
        self.state.borrow_mut().result.take()
    }
}

impl<T> Drop for WorkerJob<T> {
    fn drop(&mut self) {
        if let Ok(mut state) = self.state.try_borrow_mut()
            && let Some(worker) = state.worker.take()
        {
            worker.terminate();
        }
    }
}
