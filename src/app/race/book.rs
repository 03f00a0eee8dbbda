//! The race's records as the app keeps them: read once from the data
//! folder, a damaged file kept aside (never replaced) and the player told,
//! each finished solve added and written atomically; and the panel that
//! shows a board's statistics and recent solves.

use std::path::PathBuf;

use eframe::egui;

use crate::app::i18n::{RaceMsg, Said, tr};
use crate::storage::records::{self, Records, RecordsError, Solve, Stats};

/// A place that keeps texts by key: the web edition's browser storage
/// (or a test's map).
pub trait TextStore {
    /// The text under `key`, if any.
    fn get(&self, key: &str) -> Result<Option<String>, String>;
    /// Keep `text` under `key`.
    fn set(&self, key: &str, text: &str) -> Result<(), String>;
    /// Forget `key`.
    fn remove(&self, key: &str) -> Result<(), String>;
}

/// The key the records are kept under in a [`TextStore`].
pub const STORE_KEY: &str = "huarong.records";

/// Where the records are kept.
enum Shelf {
    /// A file (the desktop).
    File(PathBuf),
    /// A store's [`STORE_KEY`] (the browser's storage on the web).
    Store(Box<dyn TextStore>),
}

impl Shelf {
    /// The records there (none yet: empty).
    fn read(&self) -> Result<Records, RecordsError> {
        match self {
            Shelf::File(path) => records::load(path),
            Shelf::Store(store) => match store.get(STORE_KEY) {
                Ok(None) => Ok(Records::default()),
                Ok(Some(text)) => records::from_ron(&text),
                Err(message) => Err(RecordsError::Io {
                    path: PathBuf::from(STORE_KEY),
                    kind: std::io::ErrorKind::Other,
                    message,
                }),
            },
        }
    }

    /// Move damaged records out of the way, never over anything; where
    /// they went, in words.
    fn keep_aside(&self) -> Result<String, String> {
        match self {
            Shelf::File(path) => records::keep_aside(path)
                .map(|kept| kept.display().to_string())
                .map_err(|e| e.to_string()),
            Shelf::Store(store) => {
                let text = store.get(STORE_KEY)?.unwrap_or_default();
                let now = web_time::SystemTime::now()
                    .duration_since(web_time::UNIX_EPOCH)
                    .map_or(0, |d| d.as_secs());
                let free = (1..=1000u32)
                    .map(|n| match n {
                        1 => format!("{STORE_KEY}.damaged-{now}"),
                        n => format!("{STORE_KEY}.damaged-{now}-{n}"),
                    })
                    .find(|k| matches!(store.get(k), Ok(None)))
                    // A thousand copies kept already: refused as a name taken.
                    .ok_or_else(|| std::io::ErrorKind::AlreadyExists.to_string())?;
                store.set(&free, &text)?;
                store.remove(STORE_KEY)?;
                Ok(free)
            }
        }
    }

    /// Write `records` there.
    fn write(&self, records: &Records) -> Result<(), String> {
        match self {
            Shelf::File(path) => records::save(path, records).map_err(|e| e.to_string()),
            Shelf::Store(store) => store.set(STORE_KEY, &records::to_ron(records)),
        }
    }

    /// Its name, for a message.
    fn name(&self) -> String {
        match self {
            Shelf::File(path) => path.display().to_string(),
            Shelf::Store(_) => STORE_KEY.to_string(),
        }
    }
}

/// The records and where they are kept.
pub struct Book {
    records: Records,
    /// Where they are written after each solve; `None` where they may not
    /// be (no data folder, or records that could not be read and were
    /// left as they are).
    shelf: Option<Shelf>,
    /// What went wrong reading or writing the file, for the player.
    pub problem: Option<Said>,
}

impl Book {
    /// The records at `path`, or where the app runs keeps them without a
    /// file (the browser's storage in the web edition); neither: kept for
    /// the session only.
    pub fn open(path: Option<PathBuf>) -> Self {
        match path
            .map(Shelf::File)
            .or_else(|| browser_store().map(Shelf::Store))
        {
            Some(shelf) => Self::open_on(shelf),
            None => Self {
                records: Records::default(),
                shelf: None,
                problem: Some(Said::msg(RaceMsg::RecordsNoFolder)),
            },
        }
    }

    /// The records kept in `store` (tests; the web edition's browser).
    #[cfg(test)]
    pub fn open_in(store: Box<dyn TextStore>) -> Self {
        Self::open_on(Shelf::Store(store))
    }

    fn open_on(shelf: Shelf) -> Self {
        match shelf.read() {
            Ok(records) => Self {
                records,
                shelf: Some(shelf),
                problem: None,
            },
            Err(e) if e.is_damaged() => {
                let why = e.to_string();
                match shelf.keep_aside() {
                    Ok(kept) => Self {
                        records: Records::default(),
                        shelf: Some(shelf),
                        problem: Some(Said::msg(RaceMsg::RecordsDamaged { why, kept })),
                    },
                    // Not moved: left as it is, and nothing written over it.
                    Err(aside) => {
                        let why = format!("{why}; {aside}");
                        Self {
                            records: Records::default(),
                            shelf: None,
                            problem: Some(Said::msg(RaceMsg::RecordsUnreadable { why })),
                        }
                    }
                }
            }
            Err(e) => Self {
                records: Records::default(),
                shelf: None,
                problem: Some(Said::msg(RaceMsg::RecordsUnreadable { why: e.to_string() })),
            },
        }
    }

    /// The solves of `key`, oldest first.
    pub fn solves(&self, key: &str) -> &[Solve] {
        self.records.solves(key)
    }

    /// Add a solve to `key` and write the records.
    pub fn add(&mut self, key: &str, solve: Solve) {
        self.records.add(key, solve);
        if let Some(shelf) = &self.shelf
            && let Err(why) = shelf.write(&self.records)
        {
            let path = shelf.name();
            self.problem = Some(Said::msg(RaceMsg::RecordsNotSaved { path, why }));
        }
    }
}

/// The browser's local storage, in the web edition (none elsewhere, or
/// where the browser forbids it).
#[cfg(target_arch = "wasm32")]
fn browser_store() -> Option<Box<dyn TextStore>> {
    struct Local(web_sys::Storage);
    impl TextStore for Local {
        fn get(&self, key: &str) -> Result<Option<String>, String> {
            self.0.get_item(key).map_err(|e| format!("{e:?}"))
        }
        fn set(&self, key: &str, text: &str) -> Result<(), String> {
            self.0.set_item(key, text).map_err(|e| format!("{e:?}"))
        }
        fn remove(&self, key: &str) -> Result<(), String> {
            self.0.remove_item(key).map_err(|e| format!("{e:?}"))
        }
    }
    let storage = web_sys::window()?.local_storage().ok()??;
    Some(Box::new(Local(storage)))
}

#[cfg(not(target_arch = "wasm32"))]
fn browser_store() -> Option<Box<dyn TextStore>> {
    None
}

/// A time in milliseconds as the records show it.
fn time(ms: Option<u64>) -> String {
    ms.map_or_else(
        || "—".to_string(),
        |ms| format!("{}.{:03}", ms / 1000, ms % 1000),
    )
}

/// What the records panel asks for.
pub enum Asked {
    /// Replay the solve with this index in the board's list.
    Replay(usize),
    /// Export the board's solves as CSV.
    Export,
}

/// The board's statistics and its latest solves, newest first.
pub fn show(ui: &mut egui::Ui, book: &Book, key: &str, board: &str) -> Option<Asked> {
    let mut asked = None;
    ui.heading(tr(
        ui,
        RaceMsg::RecordsTitle {
            board: board.to_string(),
        },
    ));
    if let Some(problem) = &book.problem {
        ui.colored_label(ui.visuals().warn_fg_color, tr(ui, problem));
    }
    let solves = book.solves(key);
    let s: Stats = records::stats(solves);
    if s.count == 0 {
        ui.weak(tr(ui, RaceMsg::NoSolvesYet));
        return None;
    }
    egui::Grid::new("race_stats").num_columns(3).show(ui, |ui| {
        ui.label("");
        ui.label(tr(ui, RaceMsg::Current));
        ui.label(tr(ui, RaceMsg::Best));
        ui.end_row();
        ui.label(tr(ui, RaceMsg::Single));
        ui.label(time(solves.last().map(|s| s.time_ms)));
        ui.label(time(s.best_single_ms));
        ui.end_row();
        ui.label(tr(ui, RaceMsg::MeanOf { n: 5 }))
            .on_hover_text(tr(ui, RaceMsg::MeanOfHint { n: 5 }));
        ui.label(time(s.mean_of_5));
        ui.label(time(s.best_mean_of_5));
        ui.end_row();
        ui.label(tr(ui, RaceMsg::MeanOf { n: 12 }))
            .on_hover_text(tr(ui, RaceMsg::MeanOfHint { n: 12 }));
        ui.label(time(s.mean_of_12));
        ui.label(time(s.best_mean_of_12));
        ui.end_row();
    });
    ui.label(tr(
        ui,
        RaceMsg::MeanAndCount {
            mean: time(s.mean_ms),
            count: s.count,
        },
    ));
    if ui.button(tr(ui, RaceMsg::ExportCsv)).clicked() {
        asked = Some(Asked::Export);
    }
    ui.separator();
    ui.label(tr(ui, RaceMsg::Recent));
    egui::ScrollArea::vertical()
        .id_salt("race_history")
        .max_height(220.0)
        .show(ui, |ui| {
            for (i, solve) in solves.iter().enumerate().rev().take(50) {
                ui.horizontal(|ui| {
                    let excess = solve
                        .excess()
                        .map_or_else(String::new, |e| format!(" (+{e})"));
                    ui.label(tr(
                        ui,
                        RaceMsg::HistoryRow {
                            n: i + 1,
                            time: time(Some(solve.time_ms)),
                            moves: solve.single_tile as usize,
                            excess,
                        },
                    ));
                    if solve.replay.is_some()
                        && ui
                            .small_button(tr(ui, RaceMsg::ReplayButton))
                            .on_hover_text(tr(ui, RaceMsg::ReplayHint))
                            .clicked()
                    {
                        asked = Some(Asked::Replay(i));
                    }
                });
            }
        });
    asked
}

#[cfg(test)]
mod tests {
    use std::cell::RefCell;
    use std::collections::BTreeMap;
    use std::rc::Rc;

    use super::*;
    use crate::app::i18n::{Lang, Message};

    /// A store in memory, shared with the test that made it; `broken`
    /// refuses every read and write, as a browser that forbids storage.
    #[derive(Clone, Default)]
    struct Map {
        texts: Rc<RefCell<BTreeMap<String, String>>>,
        broken: bool,
    }

    impl TextStore for Map {
        fn get(&self, key: &str) -> Result<Option<String>, String> {
            match self.broken {
                true => Err("SecurityError: storage is disabled".into()),
                false => Ok(self.texts.borrow().get(key).cloned()),
            }
        }
        fn set(&self, key: &str, text: &str) -> Result<(), String> {
            match self.broken {
                true => Err("QuotaExceededError".into()),
                false => {
                    self.texts.borrow_mut().insert(key.into(), text.into());
                    Ok(())
                }
            }
        }
        fn remove(&self, key: &str) -> Result<(), String> {
            self.texts.borrow_mut().remove(key);
            Ok(())
        }
    }

    fn solve(time_ms: u64) -> Solve {
        Solve {
            when_unix_s: 1,
            time_ms,
            single_tile: 30,
            multi_tile: 20,
            optimum: Some(22),
            replay: None,
            klotski_moves: None,
        }
    }

    fn said(book: &Book) -> String {
        book.problem
            .as_ref()
            .map_or_else(String::new, |p| p.text(Lang::English))
    }

    /// Records kept in the browser's storage are read back as written, by
    /// the same RON and version as the file.
    #[test]
    fn records_in_a_store_are_written_after_each_solve_and_read_back() {
        let store = Map::default();
        let mut book = Book::open_in(Box::new(store.clone()));
        assert!(book.problem.is_none());
        book.add("3x3", solve(9_000));
        book.add("3x3", solve(8_000));
        let text = store.texts.borrow()[STORE_KEY].clone();
        let back = records::from_ron(&text).unwrap();
        assert_eq!(back.solves("3x3"), book.solves("3x3"));
        let again = Book::open_in(Box::new(store));
        assert_eq!(again.solves("3x3").len(), 2);
    }

    /// Damaged records (not RON, or a newer version) are kept aside under
    /// a key of their own, never replaced, and the player is told where.
    #[test]
    fn damaged_records_in_a_store_are_kept_aside_never_replaced() {
        for damaged in [
            "(version: 1, boards: {",
            "Records(version: 999, boards: {})",
        ] {
            let store = Map::default();
            store.set(STORE_KEY, damaged).unwrap();
            let mut book = Book::open_in(Box::new(store.clone()));
            let kept: Vec<String> = store
                .texts
                .borrow()
                .keys()
                .filter(|k| k.starts_with("huarong.records.damaged-"))
                .cloned()
                .collect();
            assert_eq!(kept.len(), 1, "{damaged}");
            assert_eq!(store.texts.borrow()[&kept[0]], damaged);
            assert!(said(&book).contains(&kept[0]), "{}", said(&book));
            book.add("3x3", solve(7_000));
            assert_eq!(store.texts.borrow()[&kept[0]], damaged, "the copy stays");
            let text = store.texts.borrow()[STORE_KEY].clone();
            assert_eq!(records::from_ron(&text).unwrap().solves("3x3").len(), 1);
        }
    }

    /// A store that cannot be read is left as it is: the records are kept
    /// for the session, nothing is written, and the player is told why.
    #[test]
    fn a_store_that_cannot_be_read_is_left_alone() {
        let store = Map {
            broken: true,
            ..Map::default()
        };
        let mut book = Book::open_in(Box::new(store.clone()));
        assert!(
            said(&book).contains("storage is disabled"),
            "{}",
            said(&book)
        );
        book.add("3x3", solve(7_000));
        assert!(store.texts.borrow().is_empty());
        assert_eq!(book.solves("3x3").len(), 1, "kept for the session");
    }
}
