//! The Klotski board: pieces drawn as labelled blocks coloured by role, the
//! exit marked on the frame. A piece is dragged through free cells (each
//! cell crossed is one step) or clicked to select it for the arrow keys.

use std::sync::Arc;

use eframe::egui::{
    self, Align2, Color32, CornerRadius, FontId, Galley, Pos2, Rect, Sense, Stroke, StrokeKind,
    Vec2, text::LayoutJob,
};

use super::names::{PieceName, Role};
use crate::app::i18n::{KlotskiMsg, Lang, tr};
use crate::engine::Dir;
use crate::engine::klotski::Layout;

/// What the user did on the board this frame.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum BoardEvent {
    /// Piece `i` was clicked (selected).
    Select(usize),
    /// Piece `i` was dragged one cell in a direction.
    Step(usize, Dir),
}

/// A drag in progress: the pointer's start, and the steps already made.
struct Drag {
    piece: usize,
    start: Pos2,
    moved: Vec2,
}

/// A piece's label as drawn: its text, where the text went, and the
/// piece's rectangle (what the tests check the fit and the names against).
#[cfg(test)]
#[derive(Clone, Debug)]
pub struct DrawnLabel {
    /// The name drawn (on one line or several).
    pub text: String,
    /// The text's rectangle on screen.
    pub text_rect: Rect,
    /// The piece's rectangle on screen.
    pub piece: Rect,
}

/// The board widget's transient state.
#[derive(Default)]
pub struct KlotskiBoard {
    drag: Option<Drag>,
    /// The labels drawn in the last frame.
    #[cfg(test)]
    pub drawn: Vec<DrawnLabel>,
    /// The piece drawn with the hint's ring in the last frame.
    #[cfg(test)]
    pub ringed: Option<usize>,
}

/// What to draw besides the layout.
pub struct BoardLook<'a> {
    /// Piece names, by index.
    pub names: &'a [PieceName],
    /// The language of the pieces' names.
    pub lang: Lang,
    /// The selected piece.
    pub selected: Option<usize>,
    /// The piece a hint names: ringed as a hinted tile is.
    pub hinted: Option<usize>,
    /// Whether the user may move pieces.
    pub interactive: bool,
    /// Fills instead of the role colours, by piece (the move overlay).
    pub tints: &'a [Option<Color32>],
}

fn unit(d: Dir) -> Vec2 {
    match d {
        Dir::Up => Vec2::new(0.0, -1.0),
        Dir::Down => Vec2::new(0.0, 1.0),
        Dir::Left => Vec2::new(-1.0, 0.0),
        Dir::Right => Vec2::new(1.0, 0.0),
    }
}

/// The fill colour of a role.
pub fn role_colour(role: Role) -> Color32 {
    match role {
        Role::CaoCao => crate::app::palette::CAO_CAO,
        Role::General => crate::app::palette::GENERAL,
        Role::Soldier => crate::app::palette::SOLDIER,
        Role::Block => crate::app::palette::BLOCK,
    }
}

/// `text` laid out to fit `room`: on one line, or split at its spaces
/// (`Huang` over `Zhong`), or for a name without spaces one character a
/// line (`关` over `羽` on a tall piece) — whichever allows the largest
/// font, up to `largest` points. Lines are centred.
pub fn fitted_label(ui: &egui::Ui, text: &str, room: Vec2, largest: f32) -> Arc<Galley> {
    let layout = |text: &str, size: f32| {
        let mut job = LayoutJob::simple(
            text.to_owned(),
            FontId::proportional(size),
            Color32::WHITE,
            f32::INFINITY,
        );
        job.halign = egui::Align::Center;
        ui.fonts_mut(|f| f.layout_job(job))
    };
    let mut candidates = vec![text.to_owned()];
    if text.contains(' ') {
        candidates.push(text.replace(' ', "\n"));
    } else if text.chars().count() > 1 {
        let one_a_line: Vec<String> = text.chars().map(String::from).collect();
        candidates.push(one_a_line.join("\n"));
    }
    let fits_at = |candidate: &String| {
        let size = layout(candidate, largest).size();
        let scale = (room.x / size.x).min(room.y / size.y).min(1.0);
        largest * scale
    };
    // One line unless splitting allows a clearly larger font.
    let (best, size) = candidates
        .iter()
        .map(|c| (c, fits_at(c)))
        .fold(None, |best: Option<(&String, f32)>, (c, size)| match best {
            Some((_, s)) if s * 1.15 >= size => best,
            _ => Some((c, size)),
        })
        .expect("a candidate");
    // A hair smaller: glyph metrics do not scale exactly linearly.
    layout(best, (size * 0.97).max(1.0))
}

impl KlotskiBoard {
    /// Draw `layout` and report what the user did.
    pub fn show(
        &mut self,
        ui: &mut egui::Ui,
        layout: &Layout,
        look: BoardLook<'_>,
    ) -> Vec<BoardEvent> {
        let (rows, cols) = (layout.rows as f32, layout.cols as f32);
        let avail = ui.available_size();
        // Half a cell below the board for the exit mark.
        let cell = (avail.x / (cols + 0.4))
            .min(avail.y / (rows + 0.6))
            .floor()
            .max(12.0);
        let size = Vec2::new(cell * cols, cell * rows);
        let (outer, response) = ui.allocate_exact_size(avail.max(size), Sense::click_and_drag());
        let board_label = tr(ui, KlotskiMsg::BoardLabel);
        response.widget_info(|| egui::WidgetInfo::labeled(egui::Role::Canvas, true, &board_label));
        let rect = Rect::from_center_size(outer.center() - Vec2::new(0.0, cell * 0.15), size);
        let cell_at = |p: Pos2| -> Option<(usize, usize)> {
            let v = (p - rect.min) / cell;
            (v.x >= 0.0 && v.y >= 0.0 && v.x < cols && v.y < rows)
                .then_some((v.y as usize, v.x as usize))
        };
        let piece_at = |p: Pos2, l: &Layout| -> Option<usize> {
            let (r, c) = cell_at(p)?;
            l.pieces.iter().position(|pc| {
                let (h, w) = pc.shape.size();
                (pc.row..pc.row + h).contains(&r) && (pc.col..pc.col + w).contains(&c)
            })
        };

        let mut events = Vec::new();
        // Steps made during this frame are applied to a copy, so a long drag
        // can make several in one frame and the drawing shows them at once.
        let mut shown = layout.clone();
        if look.interactive {
            if response.clicked()
                && let Some(p) = response.interact_pointer_pos()
                && let Some(i) = piece_at(p, layout)
            {
                events.push(BoardEvent::Select(i));
            }
            // The drag starts where the button went down: on a slow frame
            // rate the pointer is far along by the frame egui calls it a
            // drag, and only press and release may be seen.
            if response.drag_started()
                && let Some(p) = ui
                    .input(|i| i.pointer.press_origin())
                    .or_else(|| response.interact_pointer_pos())
                && let Some(i) = piece_at(p, layout)
            {
                events.push(BoardEvent::Select(i));
                self.drag = Some(Drag {
                    piece: i,
                    start: p,
                    moved: Vec2::ZERO,
                });
            }
            if let Some(d) = &mut self.drag
                && let Some(p) = ui.input(|i| i.pointer.latest_pos())
            {
                loop {
                    let off = p - d.start - d.moved;
                    let mut tried = [
                        (off.x.abs(), off.x > 0.0, true),
                        (off.y.abs(), off.y > 0.0, false),
                    ];
                    tried.sort_by(|a, b| b.0.total_cmp(&a.0));
                    let step = tried.iter().find_map(|&(len, positive, horizontal)| {
                        let dir = match (horizontal, positive) {
                            (true, true) => Dir::Right,
                            (true, false) => Dir::Left,
                            (false, true) => Dir::Down,
                            (false, false) => Dir::Up,
                        };
                        (len > cell / 2.0 && shown.step(d.piece, dir)).then_some(dir)
                    });
                    match step {
                        Some(dir) => {
                            events.push(BoardEvent::Step(d.piece, dir));
                            d.moved += unit(dir) * cell;
                        }
                        None => break,
                    }
                }
            }
            if self.drag.is_some()
                && (response.drag_stopped() || !ui.input(|i| i.pointer.any_down()))
            {
                self.drag = None; // snap: the piece stays on the last cell reached
            }
        } else {
            self.drag = None;
        }

        // How far the dragged piece is drawn off its cell: towards the
        // pointer, at most half a cell, and only where it could go.
        let drag_offset = self.drag.as_ref().map(|d| {
            let p = ui.input(|i| i.pointer.interact_pos()).unwrap_or(d.start);
            let off = p - d.start - d.moved;
            let free = |dir: Dir| shown.clone().step(d.piece, dir);
            let x = if off.x > 0.0 && free(Dir::Right) || off.x < 0.0 && free(Dir::Left) {
                off.x.clamp(-cell / 2.0, cell / 2.0)
            } else {
                0.0
            };
            let y = if off.y > 0.0 && free(Dir::Down) || off.y < 0.0 && free(Dir::Up) {
                off.y.clamp(-cell / 2.0, cell / 2.0)
            } else {
                0.0
            };
            (d.piece, Vec2::new(x, y))
        });

        #[cfg(test)]
        self.drawn.clear();
        #[cfg(test)]
        {
            self.ringed = None;
        }
        let painter = ui.painter_at(outer);
        let visuals = ui.visuals().clone();
        let frame = rect.expand(cell * 0.08);
        painter.rect_filled(frame, CornerRadius::same(6), visuals.extreme_bg_color);
        let edge = Stroke::new((cell * 0.06).max(2.0), visuals.strong_text_color());
        painter.rect_stroke(frame, CornerRadius::same(6), edge, StrokeKind::Outside);
        // The exit: a gap in the frame below the goal, marked in red.
        let (gr, gc) = layout.goal;
        let (gh, gw) = layout.pieces[layout.target].shape.size();
        if gr + gh == layout.rows {
            let x0 = rect.min.x + gc as f32 * cell;
            let x1 = x0 + gw as f32 * cell;
            let y = frame.max.y + edge.width / 2.0;
            painter.line_segment(
                [Pos2::new(x0, y), Pos2::new(x1, y)],
                Stroke::new(edge.width * 1.6, visuals.extreme_bg_color),
            );
            let red = crate::app::palette::EXIT;
            painter.line_segment(
                [Pos2::new(x0 + 4.0, y), Pos2::new(x1 - 4.0, y)],
                Stroke::new(3.0, red),
            );
            painter.text(
                Pos2::new((x0 + x1) / 2.0, y + cell * 0.22),
                Align2::CENTER_CENTER,
                tr(ui, KlotskiMsg::Exit),
                FontId::proportional(cell * 0.2),
                red,
            );
        }
        for (i, p) in shown.pieces.iter().enumerate() {
            let (h, w) = p.shape.size();
            let mut r = Rect::from_min_size(
                rect.min + Vec2::new(p.col as f32, p.row as f32) * cell,
                Vec2::new(w as f32, h as f32) * cell,
            )
            .shrink(cell * 0.04);
            if let Some((piece, off)) = drag_offset
                && piece == i
            {
                r = r.translate(off);
            }
            let name = &look.names[i];
            let fill = look
                .tints
                .get(i)
                .copied()
                .flatten()
                .unwrap_or_else(|| role_colour(name.role));
            painter.rect_filled(r, CornerRadius::same((cell * 0.1) as u8), fill);
            if look.hinted == Some(i) {
                painter.rect_stroke(
                    r,
                    CornerRadius::same((cell * 0.1) as u8),
                    Stroke::new(
                        (cell * 0.05).max(2.0),
                        crate::app::widgets::board_view::RING,
                    ),
                    StrokeKind::Outside,
                );
                #[cfg(test)]
                {
                    self.ringed = Some(i);
                }
            } else if look.selected == Some(i) {
                painter.rect_stroke(
                    r,
                    CornerRadius::same((cell * 0.1) as u8),
                    Stroke::new(3.0, visuals.selection.stroke.color),
                    StrokeKind::Inside,
                );
            }
            let chinese = look.lang == Lang::Chinese;
            let largest = if chinese { cell * 0.3 } else { cell * 0.2 };
            let label = fitted_label(
                ui,
                name.get(look.lang),
                r.shrink(cell * 0.08).size(),
                largest,
            );
            let at = r.center() - label.rect.center().to_vec2();
            #[cfg(test)]
            self.drawn.push(DrawnLabel {
                text: name.get(look.lang).to_owned(),
                text_rect: label.rect.translate(at.to_vec2()),
                piece: r,
            });
            painter.galley(at, label, Color32::WHITE);
        }
        events
    }
}
