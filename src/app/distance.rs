//! How far the board is from the goal, and a hint in two stages, on small
//! tile boards: an exact distance table (`engine::tiles::table`) built in
//! the background whenever the goal changes, then read as the user plays.

use eframe::egui;

use crate::engine::control::Stop;
use crate::engine::job::Job;
use crate::engine::tiles::table::DistanceTable;
use crate::engine::{Board, Control, Dir};

/// The table for the goal shown, and the hint's stage.
#[derive(Default)]
pub struct Distances {
    table: Table,
    /// The board the hint was asked for and how much of it is shown (1: the
    /// tile, 2: the tile and its direction).
    hint: Option<(Vec<u8>, u8)>,
}

#[derive(Default)]
enum Table {
    /// No table for this board (too large), or none asked for yet.
    #[default]
    None,
    Building {
        goal: Board,
        job: Box<Job<Result<DistanceTable, Stop>>>,
    },
    Ready(Box<DistanceTable>),
}

impl Distances {
    /// Keep the table in step with `goal`: start a build for a new goal (a
    /// build for an old one is cancelled), collect a finished one. Nothing
    /// is built while `wanted` is off.
    pub fn poll(&mut self, goal: &Board, wanted: bool, ctx: &egui::Context) {
        if !wanted {
            self.clear();
            return;
        }
        let current = match &self.table {
            Table::None => None,
            Table::Building { goal, .. } => Some(goal.cells()),
            Table::Ready(t) => Some(t.goal()),
        };
        let live = DistanceTable::quick(goal.shape());
        if current != Some(goal.cells()) {
            self.clear();
            if live {
                let target = goal.clone();
                let repaint = ctx.clone();
                let job = Job::spawn_waking(
                    Control::default(),
                    move |ctl| DistanceTable::build(&target, ctl),
                    move || repaint.request_repaint(),
                );
                self.table = Table::Building {
                    goal: goal.clone(),
                    job: Box::new(job),
                };
            }
        }
        if let Table::Building { job, .. } = &mut self.table
            && let Some(done) = job.try_take()
        {
            self.table = match done {
                Ok(Ok(table)) => Table::Ready(Box::new(table)),
                // Cancelled or failed: no readout (the play goes on).
                _ => Table::None,
            };
        }
    }

    /// Drop the table (cancelling its build) and the hint.
    fn clear(&mut self) {
        if let Table::Building { job, .. } = &self.table {
            job.cancel();
        }
        self.table = Table::None;
        self.hint = None;
    }

    /// The exact distance of `board`, once the table is ready.
    pub fn distance(&self, board: &Board) -> Option<u32> {
        match &self.table {
            Table::Ready(t) => t.distance(board),
            _ => None,
        }
    }

    /// A move that brings `board` one closer: the tile and the way it
    /// slides.
    fn best_move(&self, board: &Board) -> Option<(u8, Dir)> {
        let d = self.distance(board)?;
        Dir::ALL.into_iter().find_map(|blank| {
            let mut next = board.clone();
            let tile = next.apply(blank)?;
            (self.distance(&next)? + 1 == d).then_some((tile, blank.opposite()))
        })
    }

    /// The readout and the Hint button, in the header above the board.
    pub fn show(&mut self, ui: &mut egui::Ui, board: &Board) {
        if self
            .hint
            .as_ref()
            .is_some_and(|(for_board, _)| for_board != board.cells())
        {
            self.hint = None;
        }
        match (&self.table, self.distance(board)) {
            (Table::Building { .. }, _) => {
                ui.separator();
                ui.weak("Distance: counting every position…");
            }
            (Table::Ready(_), Some(0)) => {}
            (Table::Ready(_), Some(d)) => {
                ui.separator();
                let plural = if d == 1 { "" } else { "s" };
                ui.label(format!("{d} move{plural} from the goal (exact)"));
                let stage = self.hint.as_ref().map_or(0, |(_, s)| *s);
                let label = if stage == 0 { "Hint" } else { "More hint" };
                if stage < 2 && ui.button(label).clicked() {
                    self.hint = Some((board.cells().to_vec(), stage + 1));
                }
                if let (Some((_, stage)), Some((tile, way))) = (&self.hint, self.best_move(board)) {
                    let way = match way {
                        Dir::Up => "up",
                        Dir::Down => "down",
                        Dir::Left => "left",
                        Dir::Right => "right",
                    };
                    ui.strong(match stage {
                        1 => format!("Hint: move tile {tile}"),
                        _ => format!("Hint: slide tile {tile} {way}"),
                    });
                }
            }
            (Table::Ready(_), None) => {
                ui.separator();
                ui.label("This position cannot reach the goal");
            }
            (Table::None, _) => {}
        }
    }
}
