//! The menu bar and the Help windows.

use crate::app::PlayCommand;
use eframe::egui;

use super::Command;
use super::i18n::Message;
use super::i18n::{Lang, Msg, TilesMsg, language, names, tr, tr_ctx};

/// Draw the menu bar; returns the commands chosen.
/// "Copy link" is offered when `link` (a web edition's address is known).
pub fn menu_bar(ui: &mut egui::Ui, can_undo: bool, can_redo: bool, link: bool) -> Vec<Command> {
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
                out.push(Command::Play(PlayCommand::CopyState));
            }
            if link
                && ui
                    .button(tr(ui, Msg::MenuCopyLink))
                    .on_hover_text(tr(ui, Msg::MenuCopyLinkHint))
                    .clicked()
            {
                out.push(Command::CopyLink);
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
                out.push(Command::Play(PlayCommand::Undo));
            }
            let redo = egui::Button::new(tr(ui, Msg::MenuRedo)).shortcut_text("Ctrl+Shift+Z");
            if ui.add_enabled(can_redo, redo).clicked() {
                out.push(Command::Play(PlayCommand::Redo));
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
pub fn help_windows(
    ctx: &egui::Context,
    keys: &mut bool,
    about: &mut bool,
    arrows: super::keys::ArrowKeys,
) {
    egui::Window::new(tr_ctx(ctx, Msg::MenuKeys))
        .id(egui::Id::unique("keys window"))
        .open(keys)
        .resizable(false)
        .show(ctx, |ui| {
            egui::Grid::new("keys")
                .num_columns(2)
                .striped(true)
                .show(ui, |ui| {
                    let lang = language(ui.ctx());
                    let said = |m: TilesMsg| m.text(lang);
                    // Key combinations are the same in every language.
                    // The arrows as the Board look section has them.
                    let arrows_what = match arrows {
                        super::keys::ArrowKeys::MoveTile => TilesMsg::KeyArrowsWhat,
                        super::keys::ArrowKeys::MoveBlank => TilesMsg::KeyArrowsBlankWhat,
                    };
                    for (k, what) in [
                        (said(TilesMsg::KeyArrows), arrows_what),
                        (said(TilesMsg::KeySpace), TilesMsg::KeySpaceWhat),
                        (said(TilesMsg::KeyClick), TilesMsg::KeyClickWhat),
                        (said(TilesMsg::KeyDrag), TilesMsg::KeyDragWhat),
                        ("Ctrl+Z".to_string(), TilesMsg::KeyUndoWhat),
                        ("Ctrl+Shift+Z, Ctrl+Y".to_string(), TilesMsg::KeyRedoWhat),
                        ("Ctrl+V".to_string(), TilesMsg::KeyPasteWhat),
                    ] {
                        ui.label(k);
                        ui.label(said(what));
                        ui.end_row();
                    }
                });
        });
    egui::Window::new(tr_ctx(ctx, Msg::AboutTitle))
        .open(about)
        .resizable(false)
        .show(ctx, |ui| {
            ui.set_max_width(460.0);
            let lang = language(ui.ctx());
            ui.label(tr(ui, TilesMsg::AboutIntro));
            // Every strategy the registry holds, as the Strategy panel lists them.
            for s in crate::engine::strategy::STRATEGIES {
                ui.horizontal_wrapped(|ui| {
                    ui.strong(names::strategy_label(*s, lang));
                    ui.label(names::strategy_description(*s, lang));
                });
            }
            ui.label(tr(ui, TilesMsg::AboutMoves));
            ui.label(tr(
                ui,
                Msg::AboutVersion {
                    version: env!("CARGO_PKG_VERSION"),
                },
            ));
        });
}
