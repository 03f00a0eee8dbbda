//! File dialogs (rfd) on a helper thread, so the UI never blocks on them.

use std::path::PathBuf;
use std::sync::mpsc::{self, Receiver};

use eframe::egui;

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
}

/// At most one dialog at a time; its answer arrives through a channel.
#[derive(Default)]
pub struct FileDialogs {
    pending: Option<Receiver<(FileAction, Option<PathBuf>)>>,
}

const FILTER: (&str, &[&str]) = ("Huarong puzzle", &["ron"]);

impl FileDialogs {
    /// Ask for a file to open.
    pub fn open(&mut self, ctx: &egui::Context) {
        self.spawn(ctx, FileAction::Open, || {
            rfd::FileDialog::new()
                .add_filter(FILTER.0, FILTER.1)
                .pick_file()
        });
    }

    /// Ask where to save.
    pub fn save(&mut self, ctx: &egui::Context, with_solution: bool) {
        let name = if with_solution {
            "solution.ron"
        } else {
            "puzzle.ron"
        };
        self.spawn(ctx, FileAction::Save { with_solution }, move || {
            rfd::FileDialog::new()
                .add_filter(FILTER.0, FILTER.1)
                .set_file_name(name)
                .save_file()
        });
    }

    /// Ask where to export results (CSV or RON by the name's extension).
    pub fn export(&mut self, ctx: &egui::Context, action: FileAction) {
        self.spawn(ctx, action, || {
            rfd::FileDialog::new()
                .add_filter("CSV", &["csv"])
                .add_filter("RON", &["ron"])
                .set_file_name("compare.csv")
                .save_file()
        });
    }

    fn spawn(
        &mut self,
        ctx: &egui::Context,
        action: FileAction,
        ask: impl FnOnce() -> Option<PathBuf> + Send + 'static,
    ) {
        if self.pending.is_some() {
            return;
        }
        let (tx, rx) = mpsc::channel();
        let ctx = ctx.clone();
        std::thread::spawn(move || {
            let _ = tx.send((action, ask()));
            ctx.request_repaint();
        });
        self.pending = Some(rx);
    }

    /// The chosen path, once the dialog closed with one.
    pub fn poll(&mut self) -> Option<(FileAction, PathBuf)> {
        let rx = self.pending.as_ref()?;
        match rx.try_recv() {
            Ok((action, path)) => {
                self.pending = None;
                path.map(|p| (action, p))
            }
            Err(mpsc::TryRecvError::Empty) => None,
            Err(mpsc::TryRecvError::Disconnected) => {
                self.pending = None;
                None
            }
        }
    }
}
