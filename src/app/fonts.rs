//! Fonts: egui's defaults, with the monospace Hack font (also built in) as a
//! fallback for the proportional text, because the default proportional
//! font has no arrows (← ↑ → ↓) and the step list uses them.

use eframe::egui;

/// Install the app's fonts into `ctx`.
pub fn install(ctx: &egui::Context) {
    let mut fonts = egui::FontDefinitions::default();
    if fonts.font_data.contains_key("Hack")
        && let Some(list) = fonts.families.get_mut(&egui::FontFamily::Proportional)
        && !list.iter().any(|f| f == "Hack")
    {
        list.push("Hack".to_owned());
    }
    ctx.set_fonts(fonts);
}
