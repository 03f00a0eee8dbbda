//! The heuristic view: what the heuristic counts, drawn on the tiles —
//! each tile's Manhattan share in its corner, linear-conflict pairs as
//! arcs, pattern-database groups tinted — and its total beside the true
//! distance where that is known ("h = 18 ≤ 24 true").

use eframe::egui;

use crate::app::i18n::{HintMsg, Lang, Message, tr};
use crate::app::widgets::board_view::Marks;
use crate::engine::tiles::heuristic::{Breakdown, Parts};

/// Tints of the pattern groups, in partition order.
use crate::app::palette::GROUP_TINTS;

/// The breakdown's marks for `cells` (the board's tiles by cell).
pub fn marks(b: &Breakdown, cells: &[u8], marks: &mut Marks) {
    let n = cells.len();
    marks.corner = b
        .shares
        .iter()
        .zip(cells)
        // Zeros left out: the tiles that add nothing stay plain.
        .map(|(&share, &t)| (t != 0 && share > 0).then(|| share.to_string()))
        .collect();
    marks.links = b.conflicts.iter().flat_map(|l| l.pairs.clone()).collect();
    if !b.patterns.is_empty() {
        marks.fill.resize(n, None);
        for (c, &t) in cells.iter().enumerate() {
            if let Some(g) = b.patterns.iter().position(|p| p.tiles.contains(&t)) {
                marks.fill[c] = Some(GROUP_TINTS[g % GROUP_TINTS.len()]);
            }
        }
    }
}

/// The total and its parts in words, beside the true distance if known.
pub fn summary(ui: &mut egui::Ui, b: &Breakdown, truth: Option<(u32, bool)>) {
    let h = b.value;
    let total = match truth {
        Some((d, true)) => HintMsg::HTrue { h, d },
        Some((d, false)) => HintMsg::HKnown { h, d },
        // English says it as a formula; Chinese names it.
        None => HintMsg::HOnly { h },
    };
    let lang = crate::app::i18n::language(ui.ctx());
    ui.horizontal_wrapped(|ui| {
        ui.strong(tr(ui, total));
        ui.label(DASH);
        ui.label(parts(b, lang));
    });
    if !b.patterns.is_empty() {
        ui.horizontal_wrapped(|ui| {
            for (g, p) in b.patterns.iter().enumerate() {
                let (rect, _) =
                    ui.allocate_exact_size(egui::vec2(12.0, 12.0), egui::Sense::hover());
                ui.painter()
                    .rect_filled(rect, 2.0, GROUP_TINTS[g % GROUP_TINTS.len()]);
                let tiles: Vec<String> = p.tiles.iter().map(u8::to_string).collect();
                let line = HintMsg::PatternTiles {
                    tiles: tiles.join(" "),
                    value: p.value,
                };
                ui.label(tr(ui, line));
            }
        });
    }
}

/// Between the total and its parts.
const DASH: &str = "—";

/// How the parts make the total, in `lang`.
fn parts(b: &Breakdown, lang: Lang) -> String {
    let sum = |p: &[crate::engine::tiles::heuristic::PatternShare]| {
        p.iter().map(|s| s.value).sum::<u32>()
    };
    match b.parts() {
        Parts::TilesOff => HintMsg::PartsMisplaced { n: b.shares_sum() }.text(lang),
        Parts::TileDistances => HintMsg::PartsManhattan { n: b.shares_sum() }.text(lang),
        Parts::DistancesAndConflicts => {
            let conflicts: u32 = b.conflicts.iter().map(|l| l.cost).sum();
            let pairs: usize = b.conflicts.iter().map(|l| l.pairs.len()).sum();
            HintMsg::PartsLinear {
                manhattan: b.shares_sum(),
                conflicts,
                pairs,
            }
            .text(lang)
        }
        Parts::NotPerTile => HintMsg::PartsNotPerTile.text(lang),
        Parts::Patterns => {
            let (direct, mirrored) = (sum(&b.patterns), sum(&b.reflected));
            let groups: Vec<String> = b.patterns.iter().map(|p| p.value.to_string()).collect();
            let mut text = HintMsg::PartsPdb {
                groups: groups.join(" + "),
                direct,
                manhattan: b.shares_sum(),
            }
            .text(lang);
            if mirrored > direct {
                text += &HintMsg::PartsMirrored { n: mirrored }.text(lang);
            }
            text
        }
    }
}
