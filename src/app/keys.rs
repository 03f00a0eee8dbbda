//! The keys both play views share: undo/redo shortcuts, pasted text, the
//! arrow keys (or WASD), and Esc for dialogs.

use crate::app::PlayCommand;
use eframe::egui::{self, Key, KeyboardShortcut, Modifiers};

use super::Command;
use crate::engine::Dir;

/// What the arrow keys (and W, A, S, D) move on a tile board.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, serde::Serialize, serde::Deserialize)]
pub enum ArrowKeys {
    /// The key names the direction a tile moves into the blank (Left
    /// moves the tile right of the blank to the left): what the app has
    /// always done.
    #[default]
    MoveTile,
    /// The key names the direction the blank moves (Left swaps the blank
    /// with the tile on its left).
    MoveBlank,
}

const UNDO: KeyboardShortcut = KeyboardShortcut::new(Modifiers::COMMAND, Key::Z);
const REDO: KeyboardShortcut =
    KeyboardShortcut::new(Modifiers::COMMAND.plus(Modifiers::SHIFT), Key::Z);
const REDO_Y: KeyboardShortcut = KeyboardShortcut::new(Modifiers::COMMAND, Key::Y);

/// The commands typed this frame: redo, undo (shortcuts consumed) and a
/// paste, in that order.
pub fn commands(ctx: &egui::Context) -> Vec<Command> {
    let mut out = Vec::new();
    // Redo first: Ctrl+Shift+Z would also match a plain Ctrl+Z check.
    if ctx.input_mut(|i| i.consume_shortcut(&REDO) || i.consume_shortcut(&REDO_Y)) {
        out.push(Command::Play(PlayCommand::Redo));
    }
    if ctx.input_mut(|i| i.consume_shortcut(&UNDO)) {
        out.push(Command::Play(PlayCommand::Undo));
    }
    out.extend(pasted(ctx).map(Command::Paste));
    out
}

/// The text pasted this frame (Ctrl+V), if any.
pub fn pasted(ctx: &egui::Context) -> Option<String> {
    ctx.input(|i| {
        i.events.iter().find_map(|e| match e {
            egui::Event::Paste(t) => Some(t.clone()),
            _ => None,
        })
    })
}

/// The direction an arrow key (or W, A, S, D) pressed without modifiers
/// names this frame.
pub fn arrow(ctx: &egui::Context) -> Option<Dir> {
    ctx.input(|i| {
        let plain = !i.modifiers.ctrl && !i.modifiers.command && !i.modifiers.alt;
        let pressed = |a: Key, b: Key| plain && (i.key_pressed(a) || i.key_pressed(b));
        [
            (Key::ArrowLeft, Key::A, Dir::Left),
            (Key::ArrowRight, Key::D, Dir::Right),
            (Key::ArrowUp, Key::W, Dir::Up),
            (Key::ArrowDown, Key::S, Dir::Down),
        ]
        .into_iter()
        .find(|&(a, b, _)| pressed(a, b))
        .map(|(_, _, d)| d)
    })
}

/// The move of the blank an arrow key pressed this frame asks for, under
/// `scheme`.
pub fn blank_move(ctx: &egui::Context, scheme: ArrowKeys) -> Option<Dir> {
    arrow(ctx).map(|d| match scheme {
        ArrowKeys::MoveTile => d.opposite(),
        ArrowKeys::MoveBlank => d,
    })
}

/// Whether Esc was pressed this frame (consumed: one Esc closes one
/// dialog).
pub fn escape(ctx: &egui::Context) -> bool {
    ctx.input_mut(|i| i.consume_key(Modifiers::NONE, Key::Escape))
}
