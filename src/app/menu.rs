//! The menu bar and the Help windows.

use eframe::egui;

use super::Command;
use super::i18n::{Lang, Msg, language, tr, tr_ctx};

/// Draw the menu bar; returns the commands chosen.
pub fn menu_bar(ui: &mut egui::Ui, can_undo: bool, can_redo: bool) -> Vec<Command> {
    let mut out = Vec::new();
    egui::MenuBar::new().ui(ui, |ui| {
        ui.menu_button(tr(ui, Msg::MenuFile), |ui| {
            for (label, cmd) in [
                (Msg::MenuOpen, Command::Open),
                (Msg::MenuSave, Command::Save),
                (Msg::MenuSaveSolution, Command::SaveSolution),
            ] {
                if ui.button(tr(ui, label)).clicked() {
                    out.push(cmd);
                }
            }
            ui.separator();
            if ui.button(tr(ui, Msg::MenuCopyState)).clicked() {
                out.push(Command::CopyState);
            }
            if ui
                .button(tr(ui, Msg::MenuPasteState))
                .on_hover_text(tr(ui, Msg::MenuPasteStateHint))
                .clicked()
            {
                out.push(Command::OpenSetState);
            }
            ui.separator();
            if ui.button(tr(ui, Msg::MenuQuit)).clicked() {
                out.push(Command::Quit);
            }
        });
        ui.menu_button(tr(ui, Msg::MenuEdit), |ui| {
            let undo = egui::Button::new(tr(ui, Msg::MenuUndo)).shortcut_text("Ctrl+Z");
            if ui.add_enabled(can_undo, undo).clicked() {
                out.push(Command::Undo);
            }
            let redo = egui::Button::new(tr(ui, Msg::MenuRedo)).shortcut_text("Ctrl+Shift+Z");
            if ui.add_enabled(can_redo, redo).clicked() {
                out.push(Command::Redo);
            }
        });
        ui.menu_button(tr(ui, Msg::MenuLanguage), |ui| {
            let now = language(ui.ctx());
            for lang in Lang::ALL {
                if ui
                    .radio(now == lang, lang.native_name())
                    .on_hover_text(tr(ui, Msg::MenuLanguageHint))
                    .clicked()
                {
                    out.push(Command::SetLanguage(lang));
                }
            }
        });
        ui.menu_button(tr(ui, Msg::MenuHelp), |ui| {
            if ui.button(tr(ui, Msg::MenuStrategies)).clicked() {
                out.push(Command::OpenHelp);
            }
            if ui.button(tr(ui, Msg::MenuKeys)).clicked() {
                out.push(Command::Help);
            }
            if ui.button(tr(ui, Msg::MenuAbout)).clicked() {
                out.push(Command::About);
            }
        });
    });
    out
}

/// The Keys and About windows.
pub fn help_windows(ctx: &egui::Context, keys: &mut bool, about: &mut bool) {
    egui::Window::new("Keys")
        .open(keys)
        .resizable(false)
        .show(ctx, |ui| {
            egui::Grid::new("keys")
                .num_columns(2)
                .striped(true)
                .show(ui, |ui| {
                    for (k, what) in [
                        ("Arrow keys / WASD", "slide a tile into the blank"),
                        (
                            "Click a tile",
                            "slide it (and those between) toward the blank",
                        ),
                        ("Drag a tile", "slide it by hand; release past half way"),
                        ("Ctrl+Z", "undo"),
                        ("Ctrl+Shift+Z, Ctrl+Y", "redo"),
                        (
                            "Ctrl+V",
                            "paste a state (opens Set state) or a Klotski layout",
                        ),
                    ] {
                        ui.label(k);
                        ui.label(what);
                        ui.end_row();
                    }
                });
        });
    egui::Window::new(tr_ctx(ctx, Msg::AboutTitle))
        .open(about)
        .resizable(false)
        .show(ctx, |ui| {
            ui.set_max_width(460.0);
            ui.label(
                "Huarong: play and solve sliding puzzles and Klotski, and see how \
                 each strategy works:",
            );
            // Every strategy the registry holds, as the Strategy panel lists them.
            for s in crate::engine::strategy::STRATEGIES {
                ui.horizontal_wrapped(|ui| {
                    ui.strong(s.label());
                    ui.label(s.description());
                });
            }
            ui.label("Moves name the direction the blank moves (U, D, L, R).");
            ui.label(tr(
                ui,
                Msg::AboutVersion {
                    version: env!("CARGO_PKG_VERSION"),
                },
            ));
        });
}
