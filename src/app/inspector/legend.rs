//! The colours of a search's nodes, one meaning each, the same in the
//! open list, the children and the tree: what they mean (the legend) and
//! the frame drawn around a node's small board.

use eframe::egui::{self, Color32, Rect, Stroke, StrokeKind};

use crate::app::i18n::{InspectorMsg, tr};
use crate::app::palette;
use crate::engine::observe::Fate;

/// What a node is to the search, as its colour says.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Key {
    /// Being expanded.
    Current,
    /// Waiting in the open list (the frontier).
    Open,
    /// Expanded already.
    Closed,
    /// A child first reached by this expansion.
    New,
    /// A child seen before, cut off or skipped.
    Dropped,
    /// On the path to the goal.
    Solution,
}

impl Key {
    /// Every key, in the legend's order.
    pub const ALL: [Key; 6] = [
        Key::Current,
        Key::Open,
        Key::Closed,
        Key::New,
        Key::Dropped,
        Key::Solution,
    ];

    /// Its colour, from the app's palette.
    pub fn colour(self) -> Color32 {
        match self {
            Key::Current => palette::CURRENT,
            Key::Open => palette::OPEN,
            Key::Closed => palette::CLOSED,
            Key::New => palette::NEW,
            Key::Dropped => palette::DROPPED,
            Key::Solution => palette::SOLUTION,
        }
    }

    /// What it means, in words.
    pub fn words(self) -> InspectorMsg {
        match self {
            Key::Current => InspectorMsg::LegendCurrent,
            Key::Open => InspectorMsg::LegendOpen,
            Key::Closed => InspectorMsg::LegendClosed,
            Key::New => InspectorMsg::LegendNew,
            Key::Dropped => InspectorMsg::LegendDropped,
            Key::Solution => InspectorMsg::LegendSolution,
        }
    }

    /// A child's key by its fate: new, back in the open list (a shorter
    /// path), or dropped.
    pub fn of_fate(fate: Fate) -> Key {
        match fate {
            Fate::New => Key::New,
            Fate::Reopened | Fate::Improved => Key::Open,
            Fate::Duplicate | Fate::Pruned | Fate::Skipped => Key::Dropped,
        }
    }
}

/// The legend: a swatch and its words for every key, in one wrapped row.
pub fn show(ui: &mut egui::Ui) {
    ui.horizontal_wrapped(|ui| {
        ui.label(tr(ui, InspectorMsg::LegendHeading));
        for key in Key::ALL {
            let side = ui.text_style_height(&egui::TextStyle::Body);
            // A swatch and its words go on one row together: a row too
            // short for both ends first (a swatch at a row's end stood
            // beside the next row's words).
            // Words longer than a row wrap beside their swatch.
            let room = ui.max_rect().width() - side - ui.spacing().item_spacing.x;
            let words = egui::WidgetText::from(tr(ui, key.words())).into_galley(
                ui,
                Some(egui::TextWrapMode::Wrap),
                room,
                egui::TextStyle::Body,
            );
            let left_on_row = ui.max_rect().right() - ui.cursor().left();
            if left_on_row < side + ui.spacing().item_spacing.x + words.size().x {
                ui.end_row();
            }
            let (rect, _) = ui.allocate_exact_size(egui::vec2(side, side), egui::Sense::hover());
            frame(ui.painter(), rect.shrink(2.0), key, 2.5);
            ui.add(egui::Label::new(words));
        }
    });
}

/// The frame around a node's box `rect` in `key`'s colour.
pub fn frame(painter: &egui::Painter, rect: Rect, key: Key, width: f32) {
    painter.rect_stroke(
        rect.expand(width / 2.0 + 1.0),
        3.0,
        Stroke::new(width, key.colour()),
        StrokeKind::Outside,
    );
}
