//! The local searches' settings in the left panel, built from the
//! registry: the knobs the chosen strategy takes, each labelled, explained
//! on hover and kept in the range the registry offers (a value out of
//! range cannot be entered). Nothing for a strategy without knobs.

use eframe::egui;

use super::i18n::{TilesMsg, language, names, tr};
use super::settings::{KnobMut, TuningSettings};
use crate::engine::strategy::{self, Param, ParamKind};

/// The knob `p` of strategy `strategy`, labelled and explained in the
/// frame's language.
fn field(ui: &mut egui::Ui, strategy: &str, p: &Param, value: impl egui::Widget) {
    let (label, help) = names::param_text(strategy, p.key, language(ui.ctx()));
    ui.horizontal(|ui| {
        let l = ui.label(label);
        ui.add(value).labelled_by(l.id).on_hover_text(help);
    });
}

/// The knob `p` as a drag value over `knob`, in the offered range.
fn drag<'a>(p: &Param, knob: KnobMut<'a>) -> egui::DragValue<'a> {
    let value = match knob {
        KnobMut::U64(v) => egui::DragValue::new(v),
        KnobMut::U32(v) => egui::DragValue::new(v),
        KnobMut::Usize(v) => egui::DragValue::new(v),
        KnobMut::F64(v) => egui::DragValue::new(v),
    };
    match p.kind {
        // The seed takes any value; dragging from a huge bound would be
        // pointless, so it is left open.
        ParamKind::Integer {
            min: 0,
            max: u64::MAX,
        } => value,
        ParamKind::Integer { min, max } => value.range(min..=max),
        ParamKind::Real {
            min,
            max,
            step,
            decimals,
        } => value.range(min..=max).speed(step).max_decimals(decimals),
    }
}

/// The fields for `strategy` (nothing for the exact searches).
pub fn show(ui: &mut egui::Ui, strategy: &str, t: &mut TuningSettings) {
    let Some(s) = strategy::find(strategy) else {
        return;
    };
    if s.params().is_empty() {
        return;
    }
    ui.label(tr(ui, TilesMsg::Parameters));
    for p in s.params() {
        field(ui, s.name(), p, drag(p, t.knob_mut(p.key)));
    }
}
