//! What the app asks of a play view (the tile view, the Klotski view): the
//! app holds one per family in [`PlayViews`] and talks to them through
//! [`PlayView`] only.

use std::any::Any;

use eframe::egui;

use super::command::{Command, PlayCommand};
use super::i18n::Said;
use super::model::{Finished, Start};
use super::run_by::RunBy;
use super::settings::{Family, Settings};
use crate::storage::Document;

/// A play view: its board, controls, solve and hints.
pub trait PlayView: Any {
    /// The family of puzzles it plays.
    fn family(&self) -> Family;

    /// Its name on the family switch (from its own message table).
    fn switch_label(&self) -> Said;

    /// What a link says of this family's puzzles (read and written).
    fn link(&self) -> &'static dyn crate::app::link::FamilyLink;

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

    /// Whether it shows the database build under way itself, with its
    /// Cancel (the top bar shows it everywhere else).
    fn shows_database_build(&self) -> bool {
        false
    }

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

    /// The start the compare view runs its rows on (and the inspector
    /// steps through).
    fn compare_start(&self, settings: &Settings) -> Start;

    /// Open the dialog that sets the position ([`Command::OpenSetState`]).
    fn open_set_state(&mut self);

    /// Take pasted text ([`Command::Paste`]).
    fn take_paste(&mut self, text: String);

    /// Draw its dialogs over the window (whatever screen is shown); what
    /// they ask for goes to `out`.
    fn dialogs(&mut self, _ctx: &egui::Context, _out: &mut Vec<Command>) {}

    /// Whether one of its dialogs is open (it has the keys, Esc first).
    fn has_dialog(&self) -> bool {
        false
    }

    /// Show `document`, a file of its family opened from `path`.
    fn open_document(&mut self, document: Document, path: String, settings: &mut Settings);

    /// Show the solution `run` found from `start` (a compared or inspected
    /// run of its family).
    fn play_run(&mut self, start: Start, finished: Finished, run: RunBy, settings: &mut Settings);
    /// Show `anatomy` as the latest run's (an inspected run's, handed over
    /// with its solution).
    fn show_anatomy(&mut self, anatomy: crate::app::widgets::anatomy::RunAnatomy);
}

/// The play view of every family the app plays, in the family switch's
/// order (the shell's `play_views` makes it).
pub struct PlayViews(Vec<Box<dyn PlayView>>);

impl PlayViews {
    /// The table of `views`, one per family, in the switch's order.
    pub fn new(views: Vec<Box<dyn PlayView>>) -> Self {
        Self(views)
    }

    /// The view of `family`.
    pub fn of(&self, family: Family) -> &dyn PlayView {
        let found = self.0.iter().find(|v| v.family() == family);
        &**found.expect("every family has a play view")
    }

    /// The view of `family`, to change.
    pub fn of_mut(&mut self, family: Family) -> &mut dyn PlayView {
        let found = self.0.iter_mut().find(|v| v.family() == family);
        &mut **found.expect("every family has a play view")
    }

    /// Every view, in the switch's order.
    pub fn iter(&self) -> impl Iterator<Item = &dyn PlayView> {
        self.0.iter().map(|v| &**v)
    }

    /// Every view, to change.
    pub fn iter_mut(&mut self) -> impl Iterator<Item = &mut (dyn PlayView + 'static)> {
        self.0.iter_mut().map(|v| &mut **v)
    }

    /// The view of type `V`.
    #[cfg(test)]
    pub fn get<V: PlayView>(&self) -> Option<&V> {
        self.iter().find_map(|v| (v as &dyn Any).downcast_ref())
    }

    /// The view of type `V`, to change (for what only its family has:
    /// the tile view's picture news, its Set state dialog).
    pub fn get_mut<V: PlayView>(&mut self) -> Option<&mut V> {
        self.iter_mut()
            .find_map(|v| (v as &mut dyn Any).downcast_mut())
    }
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
