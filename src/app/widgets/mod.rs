//! The widgets several screens share: the board, the step list and status
//! bar, and the charts (axes, trace plot, distribution, anatomy).

pub(in crate::app) mod anatomy;
pub(in crate::app) mod axes;
pub(in crate::app) mod board_view;
pub(in crate::app) mod distribution;
pub(in crate::app) mod steps;
pub(in crate::app) mod trace_plot;

use eframe::egui;

/// A side panel's width (the play views', the race's, the inspector's): `wide`, or `share` of the window
/// where that is less (never under 180 px), so a small window's board
/// keeps room (at 800 px side panels of 285 and 260 px left it 230). Set
/// each frame rather than stored, so the panel is `wide` again once the
/// window is.
pub fn side_panel_width(ui: &egui::Ui, wide: f32, share: f32) -> f32 {
    wide.min((ui.ctx().content_rect().width() * share).max(180.0))
}

/// A side panel's contents, scrolled: its scroll bar shown, taking its
/// own room, whenever the contents are taller than the panel, so that
/// what lies below the window's edge is seen to be there (egui's floating
/// bars stay hidden until the pointer comes near).
pub fn panel_scroll<R>(ui: &mut egui::Ui, add: impl FnOnce(&mut egui::Ui) -> R) -> R {
    ui.scope(|ui| {
        ui.spacing_mut().scroll = egui::style::ScrollStyle::solid();
        egui::ScrollArea::vertical().show(ui, add).inner
    })
    .inner
}
