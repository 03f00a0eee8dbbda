//! Jobs that can run where the app's memory is not: a [`Task`] is a job's
//! inputs as data and a function of them. On the desktop a task runs on a
//! thread like any job; in the web edition it is sent, as JSON, to a Web
//! Worker running the same module (the browser has no threads that share
//! the page's memory), which looks its runner up in [`RUNNERS`] by name
//! and sends back progress, database news and the answer. The table of
//! runners is `app::tasks`, above the screens whose tasks it lists.

use std::sync::Arc;

use serde::Serialize;
use serde::de::DeserializeOwned;

use super::pool::{DatabasePool, DbWork, Got};
use crate::engine::control::{CancelToken, Stop};
use crate::engine::strategy::{SolveError, Strategy, Tuning};
use crate::engine::{Board, Control, HeuristicKind};

/// A strategy as a task carries it: its registry name and knobs, from
/// which a web worker makes it again.
#[derive(Clone, Debug, serde::Serialize, serde::Deserialize)]
pub struct StrategyChoice {
    name: String,
    tuning: Tuning,
}

impl StrategyChoice {
    /// `strategy`, knobs and all.
    pub fn of(strategy: &dyn Strategy) -> Self {
        Self {
            name: strategy.name().to_string(),
            tuning: strategy.tuning(),
        }
    }

    /// The strategy called `name`, with its default knobs (tests).
    #[cfg(test)]
    pub fn named(name: &str) -> Self {
        Self {
            name: name.to_string(),
            tuning: Tuning::default(),
        }
    }

    /// The strategy made again (refused: a name or knob the registry does
    /// not know, from a page of another version).
    pub fn strategy(&self) -> Result<Box<dyn Strategy>, SolveError> {
        crate::engine::strategy::configure(&self.name, &self.tuning)
    }
}

/// A job's inputs, and what running them makes.
pub trait Task: Serialize + DeserializeOwned + Send + 'static {
    /// What the job hands back.
    type Output: Serialize + DeserializeOwned + Send + 'static;

    /// The task's name in [`RUNNERS`].
    #[cfg_attr(not(target_arch = "wasm32"), allow(dead_code))]
    const NAME: &'static str;

    /// Run it under `ctl`, with the databases and watchers of `env`.
    fn run(self, ctl: &Control, env: &TaskEnv) -> Self::Output;

    #[cfg_attr(not(target_arch = "wasm32"), allow(dead_code))]
    /// What it hands back when stopped from outside before it answered
    /// (the web edition ends a cancelled worker at once, so the task
    /// cannot say it itself), given its last progress report.
    fn cancelled(&self, progress: Option<crate::engine::Progress>) -> Self::Output;
}

/// What a task may use besides its inputs.
#[derive(Clone)]
pub struct TaskEnv {
    /// The pattern databases (in a web worker, its own).
    pub databases: DatabasePool,
    /// The database work the task does, shown while it runs.
    pub database: DbWork,
    /// Called when [`database`](Self::database) has news worth a frame.
    pub on_database: Arc<dyn Fn() + Send + Sync>,
}

impl TaskEnv {
    /// The pattern database `heuristic` needs for `goal`, from the pool
    /// or read or built here with its work shown: `Ok(None)` for a
    /// heuristic computed from the board, [`Stop::Cancelled`] when
    /// `cancel` came first.
    pub fn database_for(
        &self,
        heuristic: HeuristicKind,
        goal: &Board,
        cancel: &CancelToken,
    ) -> Result<Option<Got>, Stop> {
        let Some(partition) = heuristic.partition(goal) else {
            return Ok(None);
        };
        let on_news = self.on_database.clone();
        self.databases
            .get(goal, &partition, &self.database, &|| on_news(), cancel)
            .map(Some)
            .ok_or(Stop::Cancelled)
    }
}

/// A task's runner as the web worker calls it: the task as JSON in, the
/// output as JSON out (or why the JSON was refused).
#[cfg_attr(not(target_arch = "wasm32"), allow(dead_code))] // the web worker's (and the tests')
pub type Runner = fn(&str, &Control, &TaskEnv) -> Result<String, String>;

/// Run the task `T` given as JSON.
#[cfg_attr(not(target_arch = "wasm32"), allow(dead_code))] // the web worker's (and the tests')
pub fn run_json<T: Task>(json: &str, ctl: &Control, env: &TaskEnv) -> Result<String, String> {
    let task: T = serde_json::from_str(json).map_err(|e| format!("{}: {e}", T::NAME))?;
    serde_json::to_string(&task.run(ctl, env)).map_err(|e| format!("{}: {e}", T::NAME))
}

/// Bytes as a task carries them (a picture's file or pixels): in JSON a
/// base64 string, a third longer than the bytes, where serde's list of
/// numbers would be about four times as long and far slower to read.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Bytes(pub Vec<u8>);

const BASE64: &[u8; 64] = b"ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+/";

/// Each character's value in [`BASE64`]; 255: not base64.
const BASE64_VALUE: [u8; 256] = {
    let mut table = [255; 256];
    let mut i = 0;
    while i < 64 {
        table[BASE64[i] as usize] = i as u8;
        i += 1;
    }
    table
};

impl Bytes {
    /// The bytes in base64 (RFC 4648, padded).
    fn encoded(&self) -> String {
        let mut out = String::with_capacity(self.0.len().div_ceil(3) * 4);
        for chunk in self.0.chunks(3) {
            let n = chunk
                .iter()
                .enumerate()
                .fold(0u32, |n, (i, &b)| n | u32::from(b) << (16 - 8 * i));
            for i in 0..4 {
                if i <= chunk.len() {
                    out.push(BASE64[(n >> (18 - 6 * i) & 63) as usize] as char);
                } else {
                    out.push('=');
                }
            }
        }
        out
    }

    /// The bytes `text` encodes in base64, or why it is not base64.
    fn decoded(text: &str) -> Result<Self, NotBase64> {
        let text = text.as_bytes();
        if !text.len().is_multiple_of(4) {
            return Err(NotBase64::Length(text.len()));
        }
        let value = |c: u8| {
            Some(BASE64_VALUE[c as usize])
                .filter(|&v| v < 64)
                .map(u32::from)
        };
        let mut out = Vec::with_capacity(text.len() / 4 * 3);
        let last = text.len() / 4;
        for (q, quad) in text.chunks(4).enumerate() {
            let padding = quad.iter().rev().take_while(|&&c| c == b'=').count();
            if padding > 2 || (padding > 0 && q + 1 != last) {
                return Err(NotBase64::Padding);
            }
            let mut n = 0;
            for (i, &c) in quad[..4 - padding].iter().enumerate() {
                let v = value(c).ok_or(NotBase64::Character(c))?;
                n |= v << (18 - 6 * i);
            }
            out.extend_from_slice(&n.to_be_bytes()[1..4 - padding]);
        }
        Ok(Self(out))
    }
}

/// Why a text is not base64 (a worker's answer damaged: a bug's words).
#[derive(Debug, PartialEq, thiserror::Error)]
pub enum NotBase64 {
    /// Not whole groups of four characters.
    #[error("base64 of {0} characters, not a multiple of 4")]
    Length(usize),
    /// '=' before the end.
    #[error("base64 padded before its end")]
    Padding,
    /// A character base64 does not use.
    #[error("base64 holding byte {0:#04x}")]
    Character(u8),
}

impl Serialize for Bytes {
    fn serialize<S: serde::Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
        s.serialize_str(&self.encoded())
    }
}

impl<'de> serde::Deserialize<'de> for Bytes {
    fn deserialize<D: serde::Deserializer<'de>>(d: D) -> Result<Self, D::Error> {
        let text = <std::borrow::Cow<'de, str>>::deserialize(d)?;
        Self::decoded(&text).map_err(serde::de::Error::custom)
    }
}

#[cfg(test)]
mod tests {
    use super::Bytes;
    use proptest::prelude::*;

    /// RFC 4648's own examples.
    #[test]
    fn bytes_read_and_write_the_rfcs_examples() {
        for (plain, coded) in [
            ("", ""),
            ("f", "Zg=="),
            ("fo", "Zm8="),
            ("foo", "Zm9v"),
            ("foob", "Zm9vYg=="),
            ("fooba", "Zm9vYmE="),
            ("foobar", "Zm9vYmFy"),
        ] {
            let bytes = Bytes(plain.as_bytes().to_vec());
            assert_eq!(bytes.encoded(), coded);
            assert_eq!(Bytes::decoded(coded), Ok(bytes));
        }
    }

    #[test]
    fn text_that_is_not_base64_is_refused() {
        for bad in ["Zg=", "Zg==Zg==", "Z===", "Zm9*", "Zm 9"] {
            assert!(Bytes::decoded(bad).is_err(), "{bad}");
        }
    }

    proptest! {
        #[test]
        fn any_bytes_come_back_through_json(bytes in proptest::collection::vec(any::<u8>(), 0..300)) {
            let json = serde_json::to_string(&Bytes(bytes.clone())).unwrap();
            prop_assert_eq!(serde_json::from_str::<Bytes>(&json).unwrap(), Bytes(bytes));
        }
    }
}
