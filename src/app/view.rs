//! What the app asks of a play view (the tile view, the Klotski view): the
//! app holds one per family and talks to the one shown through
//! [`PlayView`] only, and shows one [`Screen`] at a time.

use eframe::egui;

use super::command::{Command, PlayCommand};
use super::i18n::Said;
use super::settings::Settings;
use crate::storage::klotski_file::Document;

/// A play view: its board, controls, solve and hints.
pub trait PlayView {
    /// Background work each frame (finished solves, hints, playback); no
    /// drawing. Called from the app's `logic` only.
    fn logic(&mut self, ctx: &egui::Context, now: f64, settings: &mut Settings);

    /// Draw the view from `settings`; what the user asks for goes to `out`,
    /// a change of the settings as [`Command::SetSettings`] before the rest
    /// (see [`edited`]).
    fn ui(&mut self, ui: &mut egui::Ui, settings: &Settings, out: &mut Vec<Command>);

    /// Carry out `cmd` at app time `now`: every view decides about every
    /// play command.
    fn apply(&mut self, cmd: PlayCommand, ctx: &egui::Context, now: f64, settings: &mut Settings);

    /// The keys typed this frame that move pieces or tiles.
    fn keys(&mut self, ctx: &egui::Context, settings: &Settings, now: f64);

    /// Whether its solve runs.
    fn is_solving(&self) -> bool;

    /// Its status line.
    #[cfg(test)]
    fn status(&self) -> &Said;

    /// Replace its status line.
    fn set_status(&mut self, status: Said);

    /// Whether Undo and Redo have something to do.
    fn can_undo_redo(&self) -> (bool, bool);

    /// Whether there is a solution to save.
    fn has_solution(&self) -> bool;

    /// The document Save writes (with the solution if asked and there is
    /// one; `None` when asked for a solution there is not).
    fn to_document(&self, with_solution: bool) -> Option<Document>;

    /// The start the compare view runs its rows on.
    fn compare_start(&self, settings: &Settings) -> crate::app::model::Start;
}

/// Draw with a copy of `settings` that `draw` may change (a radio button, a
/// slider), and ask for the change as the first of the frame's commands:
/// so the rest of the drawing and every command after it see the settings
/// as changed, as when the widgets wrote them, but only `apply` changes the
/// app's.
pub fn edited<R>(
    settings: &Settings,
    out: &mut Vec<Command>,
    draw: impl FnOnce(&mut Settings, &mut Vec<Command>) -> R,
) -> R {
    let mut copy = settings.clone();
    let r = draw(&mut copy, out);
    if copy != *settings {
        out.insert(0, Command::SetSettings(Box::new(copy)));
    }
    r
}
