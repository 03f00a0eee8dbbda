//! Choosing a file: the system's dialog (rfd) on a helper thread, so the
//! UI never blocks on it. When the system dialog cannot open (a minimal
//! Linux desktop without xdg-desktop-portal or zenity), the in-app dialog
//! of [`dialog`] takes over and the status line says why.

use std::path::{Path, PathBuf};
use std::sync::mpsc::{self, Receiver};
use std::time::Duration;
use web_time::Instant;

mod dialog;

use eframe::egui;

use super::i18n::{Lang, Message, Msg, Said, language};
use dialog::{DialogAnswer, InAppDialog};

/// What a chosen path is for.
#[derive(Clone, Copy, Debug, PartialEq)]
pub enum FileAction {
    /// Open a puzzle.
    Open,
    /// Save the puzzle, with or without its solution.
    Save {
        /// Include the solution.
        with_solution: bool,
    },
    /// Export the compare results.
    Export,
    /// Export the batch aggregates.
    ExportBatch,
    /// Export the race records of the board chosen.
    ExportRecords,
    /// Open a replay (its RON file or its plain text).
    OpenReplay,
    /// Save the replay watched.
    SaveReplay,
    /// Choose a picture for the tiles.
    Picture,
}

impl FileAction {
    /// The dialog's title.
    pub fn title(self) -> Msg {
        match self {
            FileAction::Open => Msg::FileOpenTitle,
            FileAction::Save {
                with_solution: false,
            } => Msg::FileSaveTitle,
            FileAction::Save {
                with_solution: true,
            } => Msg::FileSaveSolutionTitle,
            FileAction::Export => Msg::FileExportTitle,
            FileAction::ExportBatch => Msg::FileExportBatchTitle,
            FileAction::ExportRecords => Msg::FileExportRecordsTitle,
            FileAction::OpenReplay => Msg::FileOpenReplayTitle,
            FileAction::SaveReplay => Msg::FileSaveReplayTitle,
            FileAction::Picture => Msg::FilePictureTitle,
        }
    }

    /// The file name offered when saving (none when opening).
    pub fn default_name(self) -> Option<&'static str> {
        match self {
            FileAction::Open | FileAction::OpenReplay | FileAction::Picture => None,
            FileAction::Save {
                with_solution: false,
            } => Some("puzzle.ron"),
            FileAction::Save {
                with_solution: true,
            } => Some("solution.ron"),
            FileAction::Export => Some("compare.csv"),
            FileAction::ExportBatch => Some("batch.csv"),
            FileAction::ExportRecords => Some("records.csv"),
            FileAction::SaveReplay => Some("replay.ron"),
        }
    }

    /// The kinds of file it reads or writes: a name and the extensions.
    pub fn filters(self) -> Vec<(Msg, &'static [&'static str])> {
        match self {
            FileAction::Open | FileAction::Save { .. } => vec![(Msg::FilterPuzzle, &["ron"])],
            FileAction::Export | FileAction::ExportBatch => {
                vec![(Msg::FilterCsv, &["csv"]), (Msg::FilterRon, &["ron"])]
            }
            FileAction::ExportRecords => vec![(Msg::FilterCsv, &["csv"])],
            FileAction::OpenReplay => {
                vec![(Msg::FilterReplay, &["ron"]), (Msg::FilterText, &["txt"])]
            }
            FileAction::SaveReplay => vec![(Msg::FilterReplay, &["ron"])],
            FileAction::Picture => vec![(Msg::FilterPicture, &["png", "jpg", "jpeg"])],
        }
    }

    /// Whether it writes the file (else it reads one).
    pub fn writes(self) -> bool {
        !matches!(
            self,
            FileAction::Open | FileAction::OpenReplay | FileAction::Picture
        )
    }
}

/// How the system's dialog answered.
#[derive(Clone, Debug, PartialEq)]
pub enum NativeAnswer {
    /// A path was chosen.
    Chosen(PathBuf),
    /// The user closed it without a choice.
    Cancelled,
    /// It could not open; why, in words for the status line.
    Unavailable(Msg),
}

/// The system dialog: asks for a path for the action, opening in the
/// folder given (blocking, on a helper thread). A field of [`FileDialogs`]
/// so that tests can make it fail.
pub type NativeDialog = fn(FileAction, Lang, &Path) -> NativeAnswer;

/// A system dialog that answered "nothing chosen" sooner than this did not
/// open: rfd reports a missing portal (and a missing zenity after it) only
/// in its log, as the same `None` a person's Cancel gives.
const TOO_QUICK_TO_BE_A_PERSON: Duration = Duration::from_millis(300);

/// The system's file dialog through rfd.
#[cfg(not(target_arch = "wasm32"))]
pub fn rfd_dialog(action: FileAction, lang: Lang, folder: &Path) -> NativeAnswer {
    if let Some(why) = no_native_dialog() {
        return NativeAnswer::Unavailable(why);
    }
    let mut dialog = rfd::FileDialog::new()
        .set_title(action.title().text(lang))
        .set_directory(folder);
    for (name, extensions) in action.filters() {
        dialog = dialog.add_filter(name.text(lang), extensions);
    }
    let asked = Instant::now();
    let chosen = match action.default_name() {
        None => dialog.pick_file(),
        Some(name) => dialog.set_file_name(name).save_file(),
    };
    classify(chosen, asked.elapsed())
}

/// The web edition asks the browser instead ([`browser_dialog`]): never
/// called there.
#[cfg(target_arch = "wasm32")]
pub fn rfd_dialog(_: FileAction, _: Lang, _: &Path) -> NativeAnswer {
    NativeAnswer::Cancelled
}

/// The browser's side of a file action: a file to read is picked in the
/// browser's dialog and held for `storage::read_regular` under its name;
/// a file to write is named by the action and goes to the browser as a
/// download when written (`storage::write_atomic`).
#[cfg(target_arch = "wasm32")]
fn browser_dialog(action: FileAction, ctx: &egui::Context) -> Receiver<(FileAction, NativeAnswer)> {
    let (tx, rx) = mpsc::channel();
    if let Some(name) = action.default_name() {
        let _ = tx.send((action, NativeAnswer::Chosen(PathBuf::from(name))));
        return rx;
    }
    let lang = language(ctx);
    let mut dialog = rfd::AsyncFileDialog::new().set_title(action.title().text(lang));
    for (name, extensions) in action.filters() {
        dialog = dialog.add_filter(name.text(lang), extensions);
    }
    let ctx = ctx.clone();
    wasm_bindgen_futures::spawn_local(async move {
        let answer = match dialog.pick_file().await {
            Some(file) => {
                let path = PathBuf::from(file.file_name());
                crate::storage::browser::keep(&path, file.read().await);
                NativeAnswer::Chosen(path)
            }
            None => NativeAnswer::Cancelled,
        };
        let _ = tx.send((action, answer));
        ctx.request_repaint();
    });
    rx
}

/// What rfd's answer after `took` means (see [`TOO_QUICK_TO_BE_A_PERSON`]).
fn classify(chosen: Option<PathBuf>, took: Duration) -> NativeAnswer {
    match chosen {
        Some(path) => NativeAnswer::Chosen(path),
        None if took < TOO_QUICK_TO_BE_A_PERSON => NativeAnswer::Unavailable(Msg::NativeDidNotOpen),
        None => NativeAnswer::Cancelled,
    }
}

/// Why no system dialog can open, when that is known before trying: on
/// Linux rfd talks to xdg-desktop-portal over the session bus, or runs
/// zenity; with neither there is nothing to try.
fn no_native_dialog() -> Option<Msg> {
    if !cfg!(all(unix, not(target_os = "macos"))) {
        return None;
    }
    let on_path = |program: &str| {
        std::env::var_os("PATH")
            .is_some_and(|dirs| std::env::split_paths(&dirs).any(|d| d.join(program).is_file()))
    };
    let session_bus = std::env::var_os("DBUS_SESSION_BUS_ADDRESS").is_some()
        || std::env::var_os("XDG_RUNTIME_DIR")
            .is_some_and(|dir| Path::new(&dir).join("bus").exists());
    (!session_bus && !on_path("zenity")).then_some(Msg::NativeMissing)
}

/// At most one dialog at a time: the system's, whose answer arrives through
/// a channel, or the in-app one drawn over the views.
pub struct FileDialogs {
    /// The system dialog (tests replace it with one that fails).
    pub native: NativeDialog,
    pending: Option<Receiver<(FileAction, NativeAnswer)>>,
    in_app: Option<InAppDialog>,
    /// A path chosen in the in-app dialog, handed out by the next poll.
    chosen: Option<(FileAction, PathBuf)>,
    /// Why the system dialog was not used, for the status line.
    notice: Option<Said>,
    /// The folder either dialog opens in: the last one used, at first
    /// [`first_folder`].
    folder: PathBuf,
}

/// The folder the first dialog opens in: the documents folder, else the
/// home folder; not the folder the app was started from, which is
/// wherever a launcher or a terminal happened to be.
fn first_folder() -> PathBuf {
    dirs::document_dir()
        .filter(|d| d.is_dir())
        .or_else(|| dirs::home_dir().filter(|d| d.is_dir()))
        .unwrap_or_else(|| PathBuf::from("/"))
}

impl Default for FileDialogs {
    fn default() -> Self {
        Self {
            native: rfd_dialog,
            pending: None,
            in_app: None,
            chosen: None,
            notice: None,
            folder: first_folder(),
        }
    }
}

impl FileDialogs {
    /// Ask for a file to open.
    pub fn open(&mut self, ctx: &egui::Context) {
        self.request(ctx, FileAction::Open);
    }

    /// Ask where to save.
    pub fn save(&mut self, ctx: &egui::Context, with_solution: bool) {
        self.request(ctx, FileAction::Save { with_solution });
    }

    /// Ask where to export results (CSV or RON by the name's extension).
    pub fn export(&mut self, ctx: &egui::Context, action: FileAction) {
        self.request(ctx, action);
    }

    /// Ask for a path for `action`: the system dialog first.
    pub fn request(&mut self, ctx: &egui::Context, action: FileAction) {
        // A page's picker that was closed without a choice may never say
        // so: a new request replaces it there.
        if (self.pending.is_some() && cfg!(not(target_arch = "wasm32"))) || self.in_app.is_some() {
            return;
        }
        #[cfg(target_arch = "wasm32")]
        {
            self.pending = Some(browser_dialog(action, ctx));
        }
        #[cfg(not(target_arch = "wasm32"))]
        self.request_native(ctx, action);
    }

    /// Ask the system's dialog, on a helper thread (it blocks).
    #[cfg(not(target_arch = "wasm32"))]
    fn request_native(&mut self, ctx: &egui::Context, action: FileAction) {
        let (tx, rx) = mpsc::channel();
        let ctx = ctx.clone();
        let native = self.native;
        let lang = language(&ctx);
        let folder = self.folder.clone();
        std::thread::spawn(move || {
            let _ = tx.send((action, native(action, lang, &folder)));
            ctx.request_repaint();
        });
        self.pending = Some(rx);
    }

    /// Whether the in-app dialog is open (it has the keyboard).
    pub fn is_open(&self) -> bool {
        self.in_app.is_some()
    }

    /// Why the system dialog was not used, once.
    pub fn take_notice(&mut self) -> Option<Said> {
        self.notice.take()
    }

    /// The chosen path, once a dialog closed with one. A system dialog that
    /// could not open opens the in-app one (see [`Self::take_notice`]).
    pub fn poll(&mut self) -> Option<(FileAction, PathBuf)> {
        if let Some(chosen) = self.chosen.take() {
            return Some(chosen);
        }
        let rx = self.pending.as_ref()?;
        let (action, answer) = match rx.try_recv() {
            Ok(answer) => answer,
            Err(mpsc::TryRecvError::Empty) => return None,
            Err(mpsc::TryRecvError::Disconnected) => {
                self.pending = None;
                self.notice = Some(Said::msg(Msg::NativeStopped));
                return None;
            }
        };
        self.pending = None;
        match answer {
            NativeAnswer::Chosen(path) => {
                self.remember_folder(&path);
                Some((action, path))
            }
            NativeAnswer::Cancelled => None,
            NativeAnswer::Unavailable(why) => {
                // Both parts worded when drawn: a language switch re-words
                // the whole line.
                self.notice = Some(Said::new(move |lang| {
                    Msg::NativeInstead {
                        why: why.text(lang),
                    }
                    .text(lang)
                }));
                self.in_app = Some(InAppDialog::new(action, &self.folder));
                None
            }
        }
    }

    /// The next dialog opens where `chosen` is.
    fn remember_folder(&mut self, chosen: &Path) {
        if let Some(folder) = chosen.parent().filter(|f| f.is_dir()) {
            self.folder = folder.to_path_buf();
        }
    }

    /// Draw the in-app dialog, if open.
    pub fn show(&mut self, ctx: &egui::Context) {
        let Some(dialog) = &mut self.in_app else {
            return;
        };
        match dialog.show(ctx) {
            None => {}
            Some(DialogAnswer::Cancelled) => self.in_app = None,
            Some(DialogAnswer::Chosen(path)) => {
                let action = dialog.action();
                self.remember_folder(&path);
                self.chosen = Some((action, path));
                self.in_app = None;
                ctx.request_repaint();
            }
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Issue 43 item 14: the first dialog, the system's or the in-app one,
    /// opens in the documents or home folder, not in the folder the app
    /// was started from (here the crate's, outside the home folder); the
    /// next one where the last path was chosen.
    #[test]
    fn the_first_dialog_opens_at_home_and_the_next_where_the_last_choice_was() {
        let home = dirs::home_dir().expect("a home folder");
        let launched = std::env::current_dir().unwrap();
        let mut dialogs = FileDialogs::default();
        let first = dialogs.folder.clone();
        assert!(
            first == home || Some(&first) == dirs::document_dir().as_ref(),
            "{first:?}, launched in {launched:?}"
        );
        let in_app = InAppDialog::new(FileAction::Open, &first);
        assert_eq!(Path::new(&in_app.path), first);
        dialogs.remember_folder(&launched.join("Cargo.toml"));
        assert_eq!(dialogs.folder, launched);
    }

    #[test]
    fn an_instant_empty_answer_is_a_dialog_that_did_not_open() {
        let quick = TOO_QUICK_TO_BE_A_PERSON / 10;
        let slow = TOO_QUICK_TO_BE_A_PERSON * 10;
        assert!(matches!(
            classify(None, quick),
            NativeAnswer::Unavailable(Msg::NativeDidNotOpen)
        ));
        assert_eq!(classify(None, slow), NativeAnswer::Cancelled);
        let path = PathBuf::from("/tmp/a.ron");
        assert_eq!(
            classify(Some(path.clone()), quick),
            NativeAnswer::Chosen(path)
        );
    }
}
