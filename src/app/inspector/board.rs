//! A state drawn as a board, large or small, with the app's own painting:
//! the tile board widget, or the Klotski board for the layout its key
//! names.

use eframe::egui::{self, Sense, Vec2};

use super::super::klotski::board::{BoardLook, KlotskiBoard};
use super::super::klotski::names::{describe_move, piece_names};
use crate::app::i18n::{InspectorMsg, Lang, Message, Said};
use crate::app::model::Start;
use crate::app::widgets::board_view::{BoardOptions, BoardView};
use crate::engine::klotski::Layout;
use crate::engine::observe::{StateKey, StateWords};
use crate::engine::strategy::Family;
use crate::engine::tiles::Shape;
use crate::engine::{Board, Dir};

/// What is searched: tiles towards a goal, or a Klotski layout.
pub enum Subject {
    /// Tiles; the goal board (its shape reads the states).
    Tiles(Board),
    /// Klotski; the start layout (its goal is the exit's).
    Klotski(Layout),
}

impl Subject {
    /// The board a run from `start` is drawn on.
    pub fn of(start: &Start) -> Self {
        match start {
            Start::Tiles(p) => Subject::Tiles(p.goal.clone()),
            Start::Klotski(l, _) => Subject::Klotski(l.clone()),
        }
    }

    /// Why a start already solved is not inspected, and what to do.
    pub fn nothing_to_inspect(&self) -> Said {
        Said::msg(match self {
            Subject::Tiles(_) => InspectorMsg::NothingToInspect,
            Subject::Klotski(_) => InspectorMsg::NothingToInspectKlotski,
        })
    }

    /// The family of the board inspected, and its shape (tiles).
    pub fn family_and_shape(&self) -> (Family, Option<Shape>) {
        match self {
            Subject::Tiles(goal) => (Family::Tiles, Some(goal.shape())),
            Subject::Klotski(_) => (Family::Klotski, None),
        }
    }

    /// How its states are written in words.
    pub fn words(&self) -> StateWords {
        match self {
            Subject::Tiles(goal) => StateWords::tiles(goal.shape()),
            Subject::Klotski(start) => StateWords::klotski(start),
        }
    }

    /// `state` in words: a tile board's numbers, a layout's text.
    pub fn text(&self, state: &StateKey) -> String {
        self.words().text(state)
    }

    /// Which neighbour of `from` `to` is, in words: the tile that moves
    /// and where ("tile 5 up", "5 号块 ↑"), or the Klotski piece and its
    /// steps ("Cao Cao down", "曹操 ↓"); `None` if `to` is not one move
    /// from `from`.
    pub fn move_words(&self, from: &StateKey, to: &StateKey, lang: Lang) -> Option<String> {
        let (from, to) = (self.text(from), self.text(to));
        match self {
            Subject::Tiles(goal) => {
                let shape = goal.shape();
                let (a, b) = (
                    Board::parse(&from, Some(shape)).ok()?,
                    Board::parse(&to, Some(shape)).ok()?,
                );
                // The tile now where the blank was came from the blank's
                // new cell.
                let tile = b.cells()[a.blank()];
                let (r0, c0) = shape.coords(a.blank());
                let (r1, c1) = shape.coords(b.blank());
                let dir = match (r0 as i64 - r1 as i64, c0 as i64 - c1 as i64) {
                    (-1, 0) => Dir::Up,
                    (1, 0) => Dir::Down,
                    (0, -1) => Dir::Left,
                    (0, 1) => Dir::Right,
                    _ => return None,
                };
                let way = match lang {
                    Lang::Chinese => arrow(dir).to_string(),
                    Lang::English => word(dir).to_string(),
                };
                Some(InspectorMsg::TileMoved { tile, way }.text(lang))
            }
            Subject::Klotski(_) => {
                let (a, b) = (Layout::parse(&from).ok()?, Layout::parse(&to).ok()?);
                let key = |p: &crate::engine::klotski::Piece| (p.shape, p.row, p.col);
                let left = a
                    .pieces
                    .iter()
                    .position(|p| !b.pieces.iter().any(|q| key(q) == key(p)))?;
                let arrived = b.pieces.iter().find(|q| {
                    q.shape == a.pieces[left].shape && !a.pieces.iter().any(|p| key(p) == key(q))
                })?;
                let moved = &a.pieces[left];
                let (dr, dc) = (
                    arrived.row as i64 - moved.row as i64,
                    arrived.col as i64 - moved.col as i64,
                );
                let mut dirs = Vec::new();
                let vertical = if dr < 0 { Dir::Up } else { Dir::Down };
                let sideways = if dc < 0 { Dir::Left } else { Dir::Right };
                dirs.extend(std::iter::repeat_n(vertical, dr.unsigned_abs() as usize));
                dirs.extend(std::iter::repeat_n(sideways, dc.unsigned_abs() as usize));
                let name = &piece_names(&a)[left];
                Some(describe_move(name, &dirs, lang))
            }
        }
    }

    /// The box a small board of about `side` points needs: square for
    /// tiles; for Klotski the layout's shape with room for the exit mark,
    /// its cells no smaller than the Klotski board draws them.
    pub fn small(&self, side: f32) -> Vec2 {
        match self {
            Subject::Tiles(_) => Vec2::splat(side),
            Subject::Klotski(l) => {
                let (rows, cols) = (l.rows as f32 + 0.6, l.cols as f32 + 0.4);
                let cell = (side / rows).max(12.5);
                Vec2::new(cell * cols, cell * rows)
            }
        }
    }

    /// Draw `state` in a `size` box; the response senses clicks and names
    /// the box `label` for screen readers (and tests).
    pub fn draw(
        &self,
        ui: &mut egui::Ui,
        state: &StateKey,
        size: Vec2,
        label: &str,
    ) -> egui::Response {
        let state = &self.text(state);
        let (rect, _) = ui.allocate_exact_size(size, Sense::hover());
        let mut child = ui.new_child(egui::UiBuilder::new().max_rect(rect));
        match self {
            Subject::Tiles(goal) => match Board::parse(state, Some(goal.shape())) {
                Ok(board) => {
                    let opts = BoardOptions {
                        goal,
                        mark_home: true,
                        interactive: false,
                        edit_mode: false,
                        picked: None,
                        marks: None,
                        look: Default::default(),
                    };
                    BoardView::default().show(&mut child, &board, opts);
                }
                Err(_) => {
                    child.label(state);
                }
            },
            Subject::Klotski(start) => match Layout::parse(state) {
                Ok(mut layout) => {
                    layout.goal = start.goal;
                    let names = piece_names(&layout);
                    let look = BoardLook {
                        names: &names,
                        lang: crate::app::i18n::language(child.ctx()),
                        selected: None,
                        hinted: None,
                        interactive: false,
                        tints: &[],
                    };
                    KlotskiBoard::default().show(&mut child, &layout, look);
                }
                Err(_) => {
                    child.label(state);
                }
            },
        }
        let response = ui.interact(rect, ui.scope_id().with(("state", label)), Sense::click());
        let label = label.to_string();
        response.widget_info(|| egui::WidgetInfo::labeled(egui::Role::Button, true, &label));
        response.on_hover_text(state)
    }
}

/// A small board's caption's font size (egui's small text, 10 px, read
/// as 7 on a 1600-pixel screen).
const CAPTION_SIZE: f32 = 12.5;

/// Small boards in rows as wide as the space allows, each with a caption
/// under it; each board is named `{what} {i}`.
pub fn grid(
    ui: &mut egui::Ui,
    subject: &Subject,
    what: &str,
    side: f32,
    items: impl Iterator<Item = (StateKey, String)>,
) {
    framed_grid(ui, subject, what, side, items.map(|(s, c)| (s, c, None)));
}

/// The same, each board framed in its legend colour (of that width) if
/// it has one.
pub fn framed_grid(
    ui: &mut egui::Ui,
    subject: &Subject,
    what: &str,
    side: f32,
    items: impl Iterator<Item = (StateKey, String, Option<(super::legend::Key, f32)>)>,
) {
    let spacing = egui::vec2(10.0, 8.0);
    let size = subject.small(side);
    let items: Vec<_> = items.collect();
    let font = egui::FontId::proportional(CAPTION_SIZE);
    // As wide as the widest caption ("g 12 · h 13 · f 25") under a board:
    // a caption wider than its column would run into the next one.
    let widest = items
        .iter()
        .map(|(_, caption, _)| {
            ui.painter()
                .layout_no_wrap(caption.clone(), font.clone(), egui::Color32::WHITE)
                .size()
                .x
        })
        .fold(0.0, f32::max);
    let cell = size.x.max(widest + 4.0);
    let columns = ((ui.available_width() + spacing.x) / (cell + spacing.x))
        .floor()
        .max(1.0) as usize;
    // Room above the first row for its frames, drawn outside the boards
    // (a scroll area above would clip their top edge).
    ui.add_space(4.0);
    egui::Grid::new(("board grid", what))
        .spacing(spacing)
        .show(ui, |ui| {
            for (i, (state, caption, frame)) in items.into_iter().enumerate() {
                ui.vertical(|ui| {
                    ui.set_width(cell);
                    let board = subject.draw(ui, &state, size, &format!("{what} {i}"));
                    if let Some((key, width)) = frame {
                        super::legend::frame(ui.painter(), board.rect, key, width);
                    }
                    ui.label(egui::RichText::new(caption).size(CAPTION_SIZE));
                });
                if (i + 1) % columns == 0 {
                    ui.end_row();
                }
            }
        });
}

/// A tile's way as the Chinese texts draw it.
fn arrow(dir: Dir) -> char {
    match dir {
        Dir::Up => '↑',
        Dir::Down => '↓',
        Dir::Left => '←',
        Dir::Right => '→',
    }
}

/// A tile's way in English words.
fn word(dir: Dir) -> &'static str {
    match dir {
        Dir::Up => "up",
        Dir::Down => "down",
        Dir::Left => "left",
        Dir::Right => "right",
    }
}
