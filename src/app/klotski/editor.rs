//! The layout editor: place pieces of each shape on a grid by clicking, or
//! edit the text form; errors are shown live and Apply is enabled only for a
//! valid layout.

use crate::app::PlayCommand;
use eframe::egui::{self, Color32, CornerRadius, Sense, Stroke, StrokeKind, Vec2};

use std::collections::BTreeMap;

use super::board::role_colour;
use super::names::Role;
use crate::app::Command;
use crate::app::i18n::{KlotskiMsg, Msg, klotski::layout_error, language, tr, tr_ctx};
use crate::engine::klotski::{Layout, LayoutError, PieceShape};

/// What a click on the grid does.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Tool {
    /// Place a piece of this shape with its top-left on the cell.
    Place(PieceShape),
    /// Remove the piece on the cell.
    Erase,
}

/// The dialog's state.
pub struct LayoutEditor {
    /// The text form being edited.
    pub text: String,
    /// The click tool.
    pub tool: Tool,
    /// Rows and columns of the grid (for an empty start).
    grid: Vec<Vec<char>>,
}

fn grid_of(text: &str) -> Option<Vec<Vec<char>>> {
    let rows: Vec<Vec<char>> = text
        .split(['/', '\n'])
        .map(|r| r.trim().chars().collect::<Vec<char>>())
        .filter(|r| !r.is_empty())
        .collect();
    let cols = rows.first()?.len();
    (rows.iter().all(|r| r.len() == cols)
        && (Layout::MIN_SIDE..=Layout::MAX_SIDE).contains(&rows.len())
        && (Layout::MIN_SIDE..=Layout::MAX_SIDE).contains(&cols))
    .then_some(rows)
}

/// The role of each letter on `grid`, which picks its colour as on the
/// board: a 2×2 is Cao Cao, a 1×2 or 2×1 a general, a 1×1 a soldier;
/// cells that make no allowed shape (while the text is being edited) are
/// grey.
pub fn roles_of(grid: &[Vec<char>]) -> BTreeMap<char, Role> {
    // Bounding box and cell count per letter.
    let mut boxes: BTreeMap<char, (usize, usize, usize, usize, usize)> = BTreeMap::new();
    for (r, row) in grid.iter().enumerate() {
        for (c, &ch) in row.iter().enumerate().filter(|&(_, &ch)| ch != '.') {
            let b = boxes.entry(ch).or_insert((r, c, r, c, 0));
            *b = (b.0.min(r), b.1.min(c), b.2.max(r), b.3.max(c), b.4 + 1);
        }
    }
    boxes
        .into_iter()
        .map(|(ch, (r0, c0, r1, c1, count))| {
            let (h, w) = (r1 - r0 + 1, c1 - c0 + 1);
            let role = match (h, w) {
                _ if h * w != count => Role::Block,
                (2, 2) => Role::CaoCao,
                (1, 2) | (2, 1) => Role::General,
                (1, 1) => Role::Soldier,
                _ => Role::Block,
            };
            (ch, role)
        })
        .collect()
}

/// A small drawing of `shape` in its colour before a tool button, so 1×2
/// (wide) and 2×1 (tall) show which way they lie.
fn shape_icon(ui: &mut egui::Ui, shape: PieceShape) {
    let (h, w) = shape.size();
    let unit = 6.0;
    let (slot, _) = ui.allocate_exact_size(Vec2::new(2.0, 2.0) * unit, Sense::hover());
    let at = egui::Rect::from_center_size(slot.center(), Vec2::new(w as f32, h as f32) * unit);
    let role = match shape {
        PieceShape::Square => Role::CaoCao,
        PieceShape::Single => Role::Soldier,
        _ => Role::General,
    };
    ui.painter()
        .rect_filled(at, CornerRadius::same(1), role_colour(role));
}

fn text_of(grid: &[Vec<char>]) -> String {
    let rows: Vec<String> = grid.iter().map(|r| r.iter().collect()).collect();
    rows.join("/")
}

impl LayoutEditor {
    /// An editor starting from `layout`.
    pub fn new(layout: &Layout) -> Self {
        Self {
            text: layout.to_text(),
            tool: Tool::Place(PieceShape::Single),
            grid: layout.grid(),
        }
    }

    /// The layout the text describes, or the error naming its problem.
    pub fn check(&self) -> Result<Layout, LayoutError> {
        Layout::parse(&self.text)
    }

    /// Apply the tool at `(row, col)` of the grid; the text follows.
    pub fn click(&mut self, row: usize, col: usize) {
        if let Some(g) = grid_of(&self.text) {
            self.grid = g;
        }
        let (rows, cols) = (self.grid.len(), self.grid[0].len());
        let erase = |g: &mut Vec<Vec<char>>, letter: char| {
            for cell in g.iter_mut().flatten() {
                if *cell == letter {
                    *cell = '.';
                }
            }
        };
        match self.tool {
            Tool::Erase => {
                let letter = self.grid[row][col];
                if letter != '.' {
                    erase(&mut self.grid, letter);
                }
            }
            Tool::Place(shape) => {
                let (h, w) = shape.size();
                if row + h > rows || col + w > cols {
                    return;
                }
                for r in row..row + h {
                    for c in col..col + w {
                        let letter = self.grid[r][c];
                        if letter != '.' {
                            erase(&mut self.grid, letter);
                        }
                    }
                }
                let used: Vec<char> = self.grid.iter().flatten().copied().collect();
                // Cao Cao is A by custom; other pieces take the next free letter.
                let letter = if shape == PieceShape::Square && !used.contains(&'A') {
                    'A'
                } else {
                    match ('B'..='Z').chain(['A']).find(|l| !used.contains(l)) {
                        Some(l) => l,
                        None => return,
                    }
                };
                for r in row..row + h {
                    for c in col..col + w {
                        self.grid[r][c] = letter;
                    }
                }
            }
        }
        self.text = text_of(&self.grid);
    }

    /// An empty grid of `rows` × `cols`.
    pub fn clear(&mut self, rows: usize, cols: usize) {
        self.grid = vec![vec!['.'; cols]; rows];
        self.text = text_of(&self.grid);
    }

    /// Show the editor; Apply and Cancel answer with a command.
    pub fn show(&mut self, ctx: &egui::Context) -> Option<Command> {
        let mut result = None;
        let lang = language(ctx);
        egui::Window::new(tr_ctx(ctx, KlotskiMsg::EditorTitle))
            .collapsible(false)
            .resizable(false)
            .show(ctx, |ui| {
                ui.label(tr(ui, KlotskiMsg::EditorHelp));
                ui.horizontal(|ui| {
                    for (tool, name) in [
                        (Tool::Place(PieceShape::Single), KlotskiMsg::ToolSoldier),
                        (Tool::Place(PieceShape::Wide), KlotskiMsg::ToolWide),
                        (Tool::Place(PieceShape::Tall), KlotskiMsg::ToolTall),
                        (Tool::Place(PieceShape::Square), KlotskiMsg::ToolCaoCao),
                        (Tool::Erase, KlotskiMsg::ToolErase),
                    ] {
                        // The drawing close to its button, apart from the next.
                        ui.horizontal(|ui| {
                            ui.spacing_mut().item_spacing.x = 3.0;
                            if let Tool::Place(shape) = tool {
                                shape_icon(ui, shape);
                            }
                            ui.selectable_value(&mut self.tool, tool, tr(ui, name));
                        });
                    }
                });
                if let Some(g) = grid_of(&self.text) {
                    self.grid = g;
                }
                let (rows, cols) = (self.grid.len(), self.grid[0].len());
                let cell = 36.0;
                let (rect, response) = ui.allocate_exact_size(
                    Vec2::new(cols as f32 * cell, rows as f32 * cell),
                    Sense::click(),
                );
                let grid_label = tr(ui, KlotskiMsg::GridLabel);
                response.widget_info(|| {
                    egui::WidgetInfo::labeled(egui::Role::Canvas, true, &grid_label)
                });
                let painter = ui.painter_at(rect);
                let roles = roles_of(&self.grid);
                for (r, row) in self.grid.iter().enumerate() {
                    for (c, &ch) in row.iter().enumerate() {
                        let cr = egui::Rect::from_min_size(
                            rect.min + Vec2::new(c as f32, r as f32) * cell,
                            Vec2::splat(cell),
                        );
                        let fill = match roles.get(&ch) {
                            Some(&role) => role_colour(role),
                            None => ui.visuals().extreme_bg_color,
                        };
                        painter.rect_filled(cr.shrink(1.0), CornerRadius::same(3), fill);
                        painter.rect_stroke(
                            cr,
                            CornerRadius::ZERO,
                            Stroke::new(1.0, Color32::GRAY),
                            StrokeKind::Inside,
                        );
                        if ch != '.' {
                            painter.text(
                                cr.center(),
                                egui::Align2::CENTER_CENTER,
                                ch,
                                egui::FontId::monospace(16.0),
                                Color32::WHITE,
                            );
                        }
                    }
                }
                if response.clicked()
                    && let Some(p) = response.interact_pointer_pos()
                {
                    let v = (p - rect.min) / cell;
                    let (r, c) = (v.y as usize, v.x as usize);
                    if r < rows && c < cols {
                        self.click(r, c);
                    }
                }
                ui.horizontal(|ui| {
                    ui.label(tr(ui, KlotskiMsg::TextField));
                    let text_label = tr(ui, KlotskiMsg::TextLabel);
                    ui.add(
                        egui::TextEdit::singleline(&mut self.text)
                            .desired_width(260.0)
                            .font(egui::TextStyle::Monospace),
                    )
                    .widget_info(|| {
                        egui::WidgetInfo::labeled(egui::Role::TextInput, true, &text_label)
                    });
                });
                if ui
                    .button(tr(ui, KlotskiMsg::Clear { rows: 5, cols: 4 }))
                    .clicked()
                {
                    self.clear(5, 4);
                }
                let checked = self.check();
                match &checked {
                    Ok(l) => {
                        let target = l.pieces[l.target];
                        ui.label(tr(
                            ui,
                            KlotskiMsg::Valid {
                                pieces: l.pieces.len(),
                                target: target.letter,
                                row: l.goal.0 + 1,
                                col: l.goal.1 + 1,
                            },
                        ));
                    }
                    Err(e) => {
                        let why = layout_error(e, lang);
                        ui.colored_label(
                            ui.visuals().error_fg_color,
                            tr(ui, KlotskiMsg::Invalid { why }),
                        );
                    }
                }
                ui.horizontal(|ui| {
                    if ui
                        .add_enabled(
                            checked.is_ok(),
                            egui::Button::new(tr(ui, KlotskiMsg::Apply)),
                        )
                        .clicked()
                        && let Ok(l) = checked
                    {
                        result = Some(Command::Play(PlayCommand::SetLayout(l)));
                    }
                    if ui.button(tr(ui, Msg::ButtonCancel)).clicked() {
                        result = Some(Command::Play(PlayCommand::CloseEditor));
                    }
                });
            });
        result
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn clicking_places_and_erases_whole_pieces() {
        let mut e = LayoutEditor::new(&Layout::parse("BAAC/BAAC/DEEF/DGHF/I..J").unwrap());
        e.tool = Tool::Erase;
        e.click(2, 2); // part of E
        assert_eq!(e.text, "BAAC/BAAC/D..F/DGHF/I..J");
        e.tool = Tool::Place(PieceShape::Single);
        e.click(2, 1);
        assert_eq!(e.text, "BAAC/BAAC/DE.F/DGHF/I..J");
        // A 2x2 over the target's cells replaces it and is the target again.
        e.tool = Tool::Place(PieceShape::Square);
        e.click(0, 1);
        assert_eq!(e.check().unwrap().pieces.len(), 10);
        // A shape that would leave the board does nothing.
        let before = e.text.clone();
        e.click(4, 3);
        assert_eq!(e.text, before);
    }

    #[test]
    fn errors_are_named_and_block_apply() {
        let mut e = LayoutEditor::new(&Layout::parse("BAAC/BAAC/DEEF/DGHF/I..J").unwrap());
        e.text = "BAAC/BAAC/DEEF/DGHF/IJJJ".into();
        assert!(e.check().unwrap_err().to_string().contains("J"));
        e.clear(5, 4);
        assert!(e.check().is_err());
    }
}
