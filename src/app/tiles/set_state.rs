//! The "Set state…" dialog: type tiles (and optionally a goal), see the
//! exact problem as you type, apply only a valid, solvable puzzle.

use eframe::egui;

use crate::app::Command;
use crate::app::error::AppError;
use crate::app::i18n::{Msg, TilesMsg, tr, tr_ctx};
use crate::engine::{Shape, TilePuzzle};

/// The dialog's fields.
#[derive(Clone, Debug, Default)]
pub struct SetStateDialog {
    /// Tiles text.
    pub tiles: String,
    /// Size text (`RxC`), empty = the current size.
    pub size: String,
    /// Goal text, empty = the default goal.
    pub goal: String,
}

/// The size the tiles are read at when the size field is empty: the
/// current board's when the count fits it, else the square the count makes
/// (`None` when it makes none: the current size is used and the count named
/// as wrong for it).
fn size_from_tiles(tiles: &str, current: Shape) -> Option<Shape> {
    let count = tiles
        .split(|c: char| c.is_whitespace() || c == ',' || c == ';')
        .filter(|t| !t.is_empty())
        .count();
    if count == current.cells() {
        return Some(current);
    }
    (Shape::MIN_SIDE..=Shape::MAX_SIDE)
        .find(|&s| usize::from(s) * usize::from(s) == count)
        .and_then(|s| Shape::new(s, s).ok())
}

/// What the empty size field stands for, shown as its hint: the size the
/// tiles typed are read at.
pub fn size_hint(tiles: &str, current: Shape) -> String {
    size_from_tiles(tiles, current)
        .unwrap_or(current)
        .to_string()
}

/// Check the fields: the puzzle, or the exact problem in words.
///
/// The size is the one typed, else the current board's when the count fits
/// it, else inferred from a square count.
pub fn validate(
    tiles: &str,
    size: &str,
    goal: &str,
    current: Shape,
) -> Result<TilePuzzle, AppError> {
    let puzzle = parse_fields(tiles, size, goal, current)?;
    puzzle.check_solvable().map_err(AppError::UnsolvableState)?;
    Ok(puzzle)
}

/// The puzzle the fields hold, solvable or not.
fn parse_fields(
    tiles: &str,
    size: &str,
    goal: &str,
    current: Shape,
) -> Result<TilePuzzle, AppError> {
    let shape = if size.trim().is_empty() {
        size_from_tiles(tiles, current).unwrap_or(current)
    } else {
        Shape::parse(size)?
    };
    let goal_text = (!goal.trim().is_empty()).then_some(goal);
    Ok(TilePuzzle::parse(
        tiles,
        Some(&shape.to_string()),
        goal_text,
    )?)
}

impl SetStateDialog {
    /// The dialog with `tiles` in its tiles field.
    pub fn with_tiles(tiles: String) -> Self {
        Self {
            tiles,
            ..Self::default()
        }
    }

    /// Show the dialog; `current` is the board's shape. Apply and Cancel
    /// (or Esc) answer with a command.
    pub fn show(&mut self, ctx: &egui::Context, current: Shape) -> Option<Command> {
        let mut result = crate::app::keys::escape(ctx).then_some(Command::CloseSetState);
        // Enter applies (taken before the tiles field would make it a new
        // line); Shift+Enter is the new line.
        let enter = ctx.input_mut(|i| {
            !i.modifiers.shift && i.consume_key(egui::Modifiers::NONE, egui::Key::Enter)
        });
        let verdict = validate(&self.tiles, &self.size, &self.goal, current);
        if enter && let Ok(p) = &verdict {
            result = Some(Command::SetPuzzle(p.clone()));
        }
        egui::Window::new(tr_ctx(ctx, TilesMsg::SetStateTitle))
            .id(egui::Id::unique("set state"))
            .anchor(egui::Align2::CENTER_TOP, [0.0, 90.0])
            .collapsible(false)
            .resizable(false)
            .default_width(360.0)
            .show(ctx, |ui| {
                let l = ui.label(tr(ui, TilesMsg::Tiles));
                ui.small(tr(ui, TilesMsg::TilesHint));
                ui.add(
                    egui::TextEdit::multiline(&mut self.tiles)
                        .hint_text(tr(ui, TilesMsg::TilesExample))
                        .desired_rows(4)
                        .desired_width(f32::INFINITY)
                        .code_editor(),
                )
                .labelled_by(l.id);
                ui.horizontal(|ui| {
                    let l = ui.label(tr(ui, TilesMsg::SizeLabel));
                    ui.add(
                        egui::TextEdit::singleline(&mut self.size)
                            .hint_text(size_hint(&self.tiles, current))
                            .desired_width(60.0),
                    )
                    .labelled_by(l.id);
                });
                let l = ui.label(tr(ui, TilesMsg::Goal));
                ui.add(
                    egui::TextEdit::singleline(&mut self.goal)
                        .hint_text(tr(ui, TilesMsg::GoalHint))
                        .desired_width(f32::INFINITY),
                )
                .labelled_by(l.id);
                ui.add_space(4.0);
                match &verdict {
                    Ok(p) => ui.colored_label(
                        ui.visuals().widgets.active.fg_stroke.color,
                        tr(
                            ui,
                            TilesMsg::SolvablePuzzle {
                                shape: p.shape().to_string(),
                            },
                        ),
                    ),
                    Err(e) => ui.colored_label(ui.visuals().error_fg_color, tr(ui, e)),
                };
                if let Err(AppError::UnsolvableState(_)) = &verdict
                    && let Ok(p) = parse_fields(&self.tiles, &self.size, &self.goal, current)
                {
                    crate::app::tiles::explain::Parity::of(&p.start, &p.goal)
                        .show(ui, &p.start, false);
                }
                ui.add_space(4.0);
                ui.horizontal(|ui| {
                    if ui
                        .add_enabled(verdict.is_ok(), egui::Button::new(tr(ui, TilesMsg::Apply)))
                        .clicked()
                        && let Ok(p) = &verdict
                    {
                        result = Some(Command::SetPuzzle(p.clone()));
                    }
                    if ui.button(tr(ui, Msg::ButtonCancel)).clicked() {
                        result = Some(Command::CloseSetState);
                    }
                });
            });
        result
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn check(tiles: &str, size: &str, goal: &str, expect: &str) {
        let err = validate(tiles, size, goal, Shape::new(4, 4).unwrap())
            .unwrap_err()
            .to_string();
        assert!(err.contains(expect), "{err:?} should mention {expect:?}");
    }

    #[test]
    fn every_kind_of_bad_text_is_named() {
        check(
            "1 2 3 4 5 6 7 7 9 10 11 12 13 14 15 0",
            "",
            "",
            "duplicate tile 7",
        );
        check(
            "1 2 3 4 5 6 7 8 9 10 11 16 13 14 15 0",
            "",
            "",
            "tile 16 is out of range",
        );
        check(
            "1 2 3 4 5 6 7 8 9 10 11 12 13 14 0",
            "",
            "",
            "15 numbers for a 4x4 board",
        );
        check("1 2 x", "", "", "'x' is not a number");
        check("1 2 3 4 5 6 7 8 0", "3by3", "", "size '3by3'");
        check(
            "2 1 3 4 5 6 7 8 9 10 11 12 13 14 15 0",
            "",
            "",
            "unsolvable for this goal",
        );
        check("1 2 3 4 5 6 7 8 9 10 11 12 13 14 15 0", "", "1 2 3", "goal");
        check("", "", "", "no tiles");
    }

    #[test]
    fn sizes_come_from_the_board_the_text_or_the_field() {
        let four = Shape::new(4, 4).unwrap();
        // The size field's hint names the size the tiles are read at.
        assert_eq!(size_hint("1 2 3 4 5 6 7 8 0", four), "3x3");
        assert_eq!(
            size_hint("1 2 3 4 5 0", four),
            "4x4",
            "no square: the board's"
        );
        let sixteen: Vec<String> = (0..16).map(|n| n.to_string()).collect();
        assert_eq!(size_hint(&sixteen.join(" "), four), "4x4");
        assert_eq!(size_hint(&sixteen[..9].join(","), four), "3x3");
        assert_eq!(
            validate("1 2 3 4 5 6 7 8 0", "", "", four).unwrap().shape(),
            Shape::new(3, 3).unwrap()
        );
        assert_eq!(
            validate("1 2 3 4 5 0", "2x3", "", four).unwrap().shape(),
            Shape::new(2, 3).unwrap()
        );
        let p = validate(
            "0 1 2 3 4 5 6 7 8 9 10 11 12 13 14 15",
            "",
            "0 1 2 3 4 5 6 7 8 9 10 11 12 13 14 15",
            four,
        )
        .unwrap();
        assert!(p.start == p.goal);
    }
}
