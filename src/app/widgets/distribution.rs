//! "Among all positions": how the positions of a board (or a Klotski
//! layout's group) spread over their distances to the goal, as a bar
//! chart with the position shown marked, and God's number. Shared by the
//! tile and Klotski views; the numbers come from their exact tables.

use eframe::egui::{self, Color32};
use egui_plot::{Bar, BarChart, Plot, VLine};

use crate::app::widgets::axes::{self, Scale};

use crate::app::i18n::{HintMsg, Lang, Message, tr, tr_ctx};
use crate::app::palette;
use crate::units::thousands;

/// Colour of the bars.
const BARS: Color32 = palette::DISTRIBUTION;
/// Colour of the bar of the position shown.
const HERE: Color32 = palette::DISTRIBUTION_HERE;

/// The counts by distance, what they count and the distance of the
/// position shown.
pub struct Distribution<'a> {
    /// `by_distance[d]`: positions at distance `d`.
    pub by_distance: &'a [u64],
    /// The unit of a distance ("moves", "steps").
    pub unit: &'a str,
    /// Where the position shown lies, if it is among them.
    pub here: Option<u32>,
}

impl Distribution<'_> {
    /// Every position counted.
    pub fn states(&self) -> u64 {
        self.by_distance.iter().sum()
    }

    /// The largest distance (God's number), if any.
    pub fn max(&self) -> Option<u32> {
        self.by_distance.len().checked_sub(1).map(|d| d as u32)
    }

    /// The summary lines and the chart, in `ui` (`id` keeps plots apart).
    pub fn show(&self, ui: &mut egui::Ui, id: &str) {
        let unit = self.unit;
        let n = thousands(self.states());
        ui.label(tr(ui, HintMsg::CanReach { n }));
        if let Some(max) = self.max() {
            let at_max = self.by_distance[max as usize];
            let those = tr(
                ui,
                if at_max == 1 {
                    HintMsg::OnePosition
                } else {
                    HintMsg::Positions {
                        n: thousands(at_max),
                    }
                },
            );
            let unit = unit.to_string();
            ui.label(tr(ui, HintMsg::GodsNumber { max, unit, those }));
        }
        match self.here {
            Some(d) => {
                let same = self.by_distance.get(d as usize).copied().unwrap_or(0);
                let closer: u64 = self.by_distance.iter().take(d as usize).sum();
                let line = HintMsg::ThisPosition {
                    d,
                    unit: unit.to_string(),
                    closer: thousands(closer),
                    same: thousands(same),
                };
                ui.label(tr(ui, line));
            }
            None => {
                ui.label(tr(ui, HintMsg::NotAmong));
            }
        }
        let texts: Vec<(f64, String)> = self
            .by_distance
            .iter()
            .enumerate()
            .map(|(d, &n)| {
                let name = tr(
                    ui,
                    HintMsg::BarName {
                        d,
                        unit: unit.to_string(),
                        n: thousands(n),
                    },
                );
                (d as f64, name)
            })
            .collect();
        let bars: Vec<Bar> = self
            .by_distance
            .iter()
            .enumerate()
            .map(|(d, &n)| {
                let bar = Bar::new(d as f64, n as f64).width(0.8);
                if self.here == Some(d as u32) {
                    bar.fill(HERE)
                } else {
                    bar
                }
            })
            .collect();
        let here = self.here;
        let unit = unit.to_string();
        let positions = tr(ui, HintMsg::PositionsAxis);
        let this_position = tr(ui, HintMsg::ThisPositionLine);
        // Whole distances from 0 to God's number (labelled), counts from 0
        // to a labelled top.
        let most = self.by_distance.iter().copied().max().unwrap_or(0);
        let last = self.max().unwrap_or(0).max(here.unwrap_or(0));
        let (x, y) = (Scale::bars(0.0, last as f64), Scale::count(most as f64));
        let plot = Plot::new(format!("{id} distribution"))
            .height(200.0)
            .allow_scroll(false)
            .allow_drag(false)
            .allow_zoom(false)
            .x_axis_label(tr(ui, HintMsg::XAxis { unit }))
            .y_axis_label(positions.clone());
        let shown =
            axes::apply(plot, x, y, crate::app::i18n::language(ui.ctx())).show(ui, |plot| {
                plot.bar_chart(axes::quiet(BarChart::new(positions, bars).color(BARS)));
                if let Some(d) = here {
                    plot.vline(VLine::new(this_position, d as f64).color(HERE));
                }
            });
        axes::bar_tooltip(&shown, &texts);
    }
}

/// The "Among all positions" window, at the top right over the Steps
/// panel (the board stays in view).
pub fn window<'a>(ctx: &egui::Context, open: &'a mut bool) -> egui::Window<'a> {
    let corner = ctx.content_rect().right_top() + egui::vec2(-12.0, 64.0);
    egui::Window::new(tr_ctx(ctx, HintMsg::WindowTitle))
        .open(open)
        .pivot(egui::Align2::RIGHT_TOP)
        .default_pos(corner)
        .default_width(440.0)
        .resizable(true)
}

/// What a move does to the distance, for the overlay.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Effect {
    /// One closer (on a shortest way).
    Closer,
    /// As far as before (Klotski: a piece moving within a move's reach).
    Same,
    /// Farther.
    Farther,
}

impl Effect {
    /// The tint of a tile (piece) whose move has this effect.
    pub fn colour(self) -> Color32 {
        match self {
            Effect::Closer => palette::CLOSER,
            Effect::Same => palette::SAME,
            Effect::Farther => palette::FARTHER,
        }
    }

    /// What it is called in the legend, in `lang`.
    pub fn label(self, lang: Lang) -> String {
        match self {
            Effect::Closer => HintMsg::Closer,
            Effect::Same => HintMsg::SameDistance,
            Effect::Farther => HintMsg::Farther,
        }
        .text(lang)
    }

    /// The effect of going from distance `before` to `after`.
    pub fn of(before: u32, after: u32) -> Self {
        match after.cmp(&before) {
            std::cmp::Ordering::Less => Effect::Closer,
            std::cmp::Ordering::Equal => Effect::Same,
            std::cmp::Ordering::Greater => Effect::Farther,
        }
    }
}

/// The overlay's legend: a swatch and a word for each effect shown.
pub fn legend(ui: &mut egui::Ui, effects: &[Effect]) {
    ui.horizontal_wrapped(|ui| {
        ui.label(tr(ui, HintMsg::MovesLegend));
        let lang = crate::app::i18n::language(ui.ctx());
        for &e in effects {
            let (rect, _) = ui.allocate_exact_size(egui::vec2(12.0, 12.0), egui::Sense::hover());
            ui.painter().rect_filled(rect, 2.0, e.colour());
            ui.label(e.label(lang));
        }
    });
}
