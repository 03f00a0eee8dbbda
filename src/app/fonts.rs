//! Fonts: egui's defaults, with the monospace Hack font (also built in) as a
//! fallback for the proportional text, because the default proportional
//! font has no arrows (← ↑ → ↓) and the step list uses them; and a small
//! subset of Noto Sans SC (SIL OFL, `assets/fonts/`) for the Chinese names
//! of Klotski pieces and layouts.

use eframe::egui;

/// The name the CJK subset font is registered under.
const CJK: &str = "Noto Sans SC Huarong subset";

/// Install the app's fonts into `ctx`.
pub fn install(ctx: &egui::Context) {
    let mut fonts = egui::FontDefinitions::default();
    fonts.font_data.insert(
        CJK.to_owned(),
        std::sync::Arc::new(egui::FontData::from_static(include_bytes!(
            "../../assets/fonts/NotoSansSC-Huarong-subset.ttf"
        ))),
    );
    for family in [egui::FontFamily::Proportional, egui::FontFamily::Monospace] {
        if let Some(list) = fonts.families.get_mut(&family) {
            list.push(CJK.to_owned());
        }
    }
    if fonts.font_data.contains_key("Hack")
        && let Some(list) = fonts.families.get_mut(&egui::FontFamily::Proportional)
        && !list.iter().any(|f| f == "Hack")
    {
        list.push("Hack".to_owned());
    }
    ctx.set_fonts(fonts);
}
