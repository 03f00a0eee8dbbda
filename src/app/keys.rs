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

/// The directions the arrow keys (or W, A, S, D) pressed without modifiers
/// name this frame, in the order they were pressed: a fast typist's keys
/// can arrive several to a frame, and each is a move.
pub fn arrows(ctx: &egui::Context) -> Vec<Dir> {
    ctx.input(|i| {
        i.events
            .iter()
            .filter_map(|e| match e {
                egui::Event::Key {
                    key,
                    pressed: true,
                    modifiers,
                    ..
                } if !modifiers.ctrl && !modifiers.command && !modifiers.alt => direction(*key),
                _ => None,
            })
            .collect()
    })
}

/// The direction an arrow key or W, A, S, D names.
fn direction(key: Key) -> Option<Dir> {
    match key {
        Key::ArrowLeft | Key::A => Some(Dir::Left),
        Key::ArrowRight | Key::D => Some(Dir::Right),
        Key::ArrowUp | Key::W => Some(Dir::Up),
        Key::ArrowDown | Key::S => Some(Dir::Down),
        _ => None,
    }
}

/// The moves of the blank the arrow keys pressed this frame ask for, in
/// order, under `scheme`.
pub fn blank_moves(ctx: &egui::Context, scheme: ArrowKeys) -> Vec<Dir> {
    arrows(ctx)
        .into_iter()
        .map(|d| match scheme {
            ArrowKeys::MoveTile => d.opposite(),
            ArrowKeys::MoveBlank => d,
        })
        .collect()
}

/// Whether Esc was pressed this frame (consumed: one Esc closes one
/// dialog).
pub fn escape(ctx: &egui::Context) -> bool {
    ctx.input_mut(|i| i.consume_key(Modifiers::NONE, Key::Escape))
}
