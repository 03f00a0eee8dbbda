//! The tile view's drawing of its middle: the readouts above the board,
//! the aids (distance, heuristic view, overlay, parity) and the board.

use eframe::egui;

use crate::app::i18n::{Message, Said, TilesMsg, tr};
use crate::app::settings::Settings;
use crate::app::widgets::board_view::{BoardInput, BoardOptions, Marks, TileLook};

use super::TilesPlay;

impl TilesPlay {
    /// The strongest pattern database loaded for the goal, if any.
    pub(super) fn best_database(
        &self,
    ) -> Option<std::sync::Arc<crate::engine::tiles::pdb::PatternDb>> {
        use crate::engine::HeuristicKind;
        self.databases
            .find(HeuristicKind::Pdb78, &self.game.goal)
            .or_else(|| self.databases.find(HeuristicKind::Pdb, &self.game.goal))
    }

    /// The toggles under the readout, the overlay's legend, the heuristic
    /// view's total and why an unsolvable board is one; the marks they draw
    /// on the board.
    pub(super) fn aids(&mut self, ui: &mut egui::Ui, settings: &mut Settings) -> Marks {
        let mut marks = Marks::default();
        let board = &self.game.board;
        let goal = &self.game.goal;
        let parity = crate::app::tiles::explain::Parity::of(board, goal);
        if settings.show_distance {
            ui.horizontal_wrapped(|ui| {
                ui.checkbox(&mut settings.colour_moves, tr(ui, TilesMsg::ColourMoves))
                    .on_hover_text(tr(ui, TilesMsg::ColourMovesHint));
                ui.checkbox(
                    &mut settings.heuristic_view,
                    tr(ui, TilesMsg::HeuristicView),
                )
                .on_hover_text(tr(ui, TilesMsg::HeuristicViewHint));
                if ui
                    .button(tr(ui, TilesMsg::AmongAll))
                    .on_hover_text(tr(ui, TilesMsg::AmongAllHint))
                    .clicked()
                {
                    self.distances.among_all = true;
                }
            });
        }
        // Why a board is unsolvable is shown even to a player who wants no
        // help: it is no hint.
        if !parity.solvable() {
            parity.marks(&mut marks, board.cells().len());
            egui::Frame::group(ui.style()).show(ui, |ui| parity.show(ui, board, true));
            return marks;
        }
        if !settings.show_distance {
            return marks;
        }
        if settings.heuristic_view {
            let choice = crate::engine::HeuristicChoice::with_database(
                settings.heuristic,
                settings
                    .heuristic
                    .is_database()
                    .then(|| self.databases.find(settings.heuristic, goal))
                    .flatten(),
            );
            // The heuristic fits the board (the panel keeps it so): a
            // database not shown is one not loaded yet.
            if settings.heuristic.is_database() && choice.kind() != settings.heuristic {
                ui.weak(tr(ui, TilesMsg::DatabaseNotLoaded));
            }
            if choice.unavailable_for(goal).is_none() {
                let b = crate::engine::tiles::heuristic::breakdown(&choice, goal, board);
                let truth = self.distances.known(board).map(|k| (k.distance, k.exact));
                crate::app::tiles::heuristic_view::marks(&b, board.cells(), &mut marks);
                crate::app::tiles::heuristic_view::summary(ui, &b, truth);
            }
        }
        // The legend's row is kept when it is off or says nothing (at the
        // goal): the board under it stays where it is as Colour moves is
        // ticked and as the board reaches its goal.
        let top = ui.cursor().top();
        if settings.colour_moves {
            self.distances.overlay_legend(ui, board);
        }
        // A wrapped row is at least as tall as a button.
        let line = ui.text_style_height(&egui::TextStyle::Body);
        let row = line.max(ui.spacing().interact_size.y) + ui.spacing().item_spacing.y;
        let used = ui.cursor().top() - top;
        if used < row {
            ui.add_space(row - used);
        }
        // The overlay's tints win over the heuristic view's group tints.
        self.distances
            .marks(board, settings.colour_moves, &mut marks);
        marks
    }

    pub(super) fn board_panel(&mut self, ui: &mut egui::Ui, settings: &mut Settings, now: f64) {
        let moves = self.game.moves();
        let time = self.game.elapsed(now).as_secs_f64();
        // Wrapped: a long line here would widen the panel under the Steps
        // panel, and the board (sized to the panel) with it.
        ui.horizontal_wrapped(|ui| {
            ui.label(tr(ui, TilesMsg::MovesCount { moves }));
            ui.separator();
            // Whole seconds while the clock runs (a frame a second), the
            // tenths once the puzzle is done.
            let seconds = if self.game.finished().is_some() {
                format!("{time:.1}")
            } else {
                format!("{}", time.floor())
            };
            ui.label(tr(ui, TilesMsg::TimeCount { seconds }));
            if self.game.is_solved() {
                ui.separator();
                ui.strong(tr(ui, TilesMsg::AtGoal));
                if self.game.moves() == 0 && self.solution.is_none() {
                    ui.label(tr(ui, TilesMsg::PressForPuzzle));
                }
            } else if self.edit_mode {
                ui.separator();
                ui.strong(tr(ui, TilesMsg::Editing));
            }
            if self.solution_stale() {
                ui.separator();
                ui.label(tr(ui, TilesMsg::SolutionStale));
            }
            if settings.show_distance {
                self.distances.show(ui, &self.game.board);
            }
        });
        if self.game.elapsed(now) > std::time::Duration::ZERO && self.game.finished().is_none() {
            // The next frame when the shown second changes. Software
            // rendering spends most of a core on a frame every 100 ms.
            let to_next_second = (time.floor() + 1.0 - time).max(0.05);
            ui.ctx()
                .request_repaint_after(std::time::Duration::from_secs_f64(to_next_second));
        }
        let marks = self.aids(ui, settings);
        let picture = crate::app::picture::published(ui.ctx()).shown;
        let opts = BoardOptions {
            goal: &self.game.goal,
            mark_home: settings.mark_home,
            interactive: true,
            edit_mode: self.edit_mode,
            picked: self.picked,
            marks: Some(&marks),
            look: TileLook::of(&settings.look, picture.as_ref()),
        };
        let board = self.game.board.clone();
        match self.board_view.show(ui, &board, opts) {
            Some(BoardInput::Slide { action, animate }) => {
                self.play(action, animate, settings, now)
            }
            Some(BoardInput::Pick(cell)) => match self.picked.take() {
                None => self.picked = Some(cell),
                Some(first) if first == cell => {}
                Some(first) => {
                    let mut b = self.game.board.clone();
                    b.swap_cells(first, cell);
                    self.game.set_board(b.clone());
                    self.start = b;
                    self.solution = None;
                    self.failure = None;
                    self.last_trace.clear();
                    self.anatomy = None;
                    self.status = match self.game.puzzle().check_solvable() {
                        Ok(()) => Said::msg(TilesMsg::SwappedSolvable),
                        Err(why) => Said::new(move |lang| {
                            let why = crate::app::error::unsolvable(&why, lang);
                            TilesMsg::SwappedUnsolvable { why }.text(lang)
                        }),
                    };
                }
            },
            None => {}
        }
    }
}
