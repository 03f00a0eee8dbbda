//! The Board look section of the tile view's panel: picture tiles (the
//! built-in picture or a file, numbers on top), fringe colours, sliding on
//! hover and what the arrow keys move. Each toggle says what it does in its
//! tooltip.

use eframe::egui;

use super::Command;
use super::i18n::{LooksMsg, tr};
use super::keys::ArrowKeys;
use super::picture;
use super::settings::Look;

/// Draw the section; "Choose picture…" asks for a file through `commands`.
pub fn show(ui: &mut egui::Ui, look: &mut Look, commands: &mut Vec<Command>) {
    ui.heading(tr(ui, LooksMsg::HeadingLook));
    ui.checkbox(&mut look.picture, tr(ui, LooksMsg::Picture))
        .on_hover_text(tr(ui, LooksMsg::PictureHint));
    if look.picture {
        ui.indent("picture", |ui| picture_choice(ui, look, commands));
    }
    ui.checkbox(&mut look.fringe, tr(ui, LooksMsg::Fringe))
        .on_hover_text(tr(ui, LooksMsg::FringeHint));
    ui.checkbox(&mut look.hover_slide, tr(ui, LooksMsg::HoverSlide))
        .on_hover_text(tr(ui, LooksMsg::HoverSlideHint));
    ui.label(tr(ui, LooksMsg::ArrowKeys));
    ui.horizontal_wrapped(|ui| {
        for (scheme, label, hint) in [
            (
                ArrowKeys::MoveTile,
                LooksMsg::ArrowsMoveTile,
                LooksMsg::ArrowsMoveTileHint,
            ),
            (
                ArrowKeys::MoveBlank,
                LooksMsg::ArrowsMoveBlank,
                LooksMsg::ArrowsMoveBlankHint,
            ),
        ] {
            ui.radio_value(&mut look.arrows, scheme, tr(ui, label))
                .on_hover_text(tr(ui, hint));
        }
    });
}

/// Which picture, and the numbers over it.
fn picture_choice(ui: &mut egui::Ui, look: &mut Look, commands: &mut Vec<Command>) {
    let published = picture::published(ui.ctx());
    if published.loading {
        // No spinner: the load wakes the UI when it ends, and a spinner
        // would ask for a frame every frame until then.
        ui.weak(tr(ui, LooksMsg::PictureLoading));
    }
    if let Some(name) = look.picture_file.as_ref().and_then(|p| p.file_name()) {
        let name = name.to_string_lossy().into_owned();
        ui.weak(tr(ui, LooksMsg::PictureFile { name }));
    }
    ui.horizontal_wrapped(|ui| {
        let built_in = look.picture_file.is_none();
        if ui
            .selectable_label(built_in, tr(ui, LooksMsg::BuiltInPicture))
            .on_hover_text(tr(ui, LooksMsg::BuiltInPictureHint))
            .clicked()
        {
            look.picture_file = None;
        }
        if ui
            .button(tr(ui, LooksMsg::ChoosePicture))
            .on_hover_text(tr(ui, LooksMsg::ChoosePictureHint))
            .clicked()
        {
            commands.push(Command::ChoosePicture);
        }
    });
    ui.checkbox(&mut look.numbers, tr(ui, LooksMsg::Numbers))
        .on_hover_text(tr(ui, LooksMsg::NumbersHint));
}
