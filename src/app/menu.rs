//! The menu bar and the Help windows.

use eframe::egui;

use super::Command;

/// Draw the menu bar; returns the commands chosen.
pub fn menu_bar(ui: &mut egui::Ui, can_undo: bool, can_redo: bool) -> Vec<Command> {
    let mut out = Vec::new();
    egui::MenuBar::new().ui(ui, |ui| {
        ui.menu_button("File", |ui| {
            for (label, cmd) in [
                ("Open…", Command::Open),
                ("Save…", Command::Save),
                ("Save solution…", Command::SaveSolution),
            ] {
                if ui.button(label).clicked() {
                    out.push(cmd);
                }
            }
            ui.separator();
            if ui.button("Copy state").clicked() {
                out.push(Command::CopyState);
            }
            if ui
                .button("Paste state…")
                .on_hover_text("Opens Set state (in Klotski, the layout editor); Ctrl+V pastes")
                .clicked()
            {
                out.push(Command::OpenSetState);
            }
            ui.separator();
            if ui.button("Quit").clicked() {
                out.push(Command::Quit);
            }
        });
        ui.menu_button("Edit", |ui| {
            if ui
                .add_enabled(can_undo, egui::Button::new("Undo").shortcut_text("Ctrl+Z"))
                .clicked()
            {
                out.push(Command::Undo);
            }
            if ui
                .add_enabled(
                    can_redo,
                    egui::Button::new("Redo").shortcut_text("Ctrl+Shift+Z"),
                )
                .clicked()
            {
                out.push(Command::Redo);
            }
        });
        ui.menu_button("Help", |ui| {
            if ui.button("How the strategies work").clicked() {
                out.push(Command::OpenHelp);
            }
            if ui.button("Keys").clicked() {
                out.push(Command::Help);
            }
            if ui.button("About").clicked() {
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
    egui::Window::new("About Huarong")
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
            ui.label(format!("Version {}", env!("CARGO_PKG_VERSION")));
        });
}
