//! The result of a race: time, both metrics, moves per second, the
//! optimum and the excess, and the player's path against the distance to
//! the goal, the moves that did not bring it closer marked (egui_plot).

use eframe::egui;
use egui_plot::{Line, Plot, PlotPoints, Points};

use super::analysis::{self, Exact};
use super::{RaceView, seconds, tile_move_words};
use crate::app::axes::{self, Scale};
use crate::app::i18n::{RaceMsg, language, tr};
use crate::app::palette;
use crate::engine::Board;

/// Up to this many lost moves are listed one by one.
pub(super) const LISTED: usize = 12;

/// Draw the finished attempt's summary.
pub fn show(ui: &mut egui::Ui, view: &mut RaceView) {
    let analysing = super::analysing(view);
    let Some(attempt) = &mut view.attempt else {
        return;
    };
    let time = attempt.elapsed(f64::INFINITY);
    let (single, multi) = (attempt.single_tile_moves(), attempt.multi_tile_moves());
    let tps = attempt.tps(f64::INFINITY);
    ui.heading(tr(ui, RaceMsg::SummaryTitle));
    ui.label(tr(
        ui,
        RaceMsg::Time {
            seconds: seconds(time),
        },
    ));
    ui.label(tr(ui, RaceMsg::SingleTile { moves: single }));
    ui.label(tr(ui, RaceMsg::MultiTile { moves: multi }));
    ui.label(tr(
        ui,
        RaceMsg::Tps {
            tps: format!("{tps:.2}"),
        },
    ));
    let inspected = attempt.inspected();
    if !inspected.is_zero() {
        let seconds = format!("{:.1}", inspected.as_secs_f64());
        ui.weak(tr(ui, RaceMsg::Inspected { seconds }));
    }
    ui.separator();
    let shape = super::shape_label(attempt.goal().shape());
    match &view.optimum {
        super::Pending::Running(..) => {
            ui.horizontal(|ui| {
                ui.spinner();
                ui.label(tr(ui, RaceMsg::FindingOptimum));
            });
        }
        super::Pending::Done(Some(best)) => {
            ui.label(tr(
                ui,
                RaceMsg::Optimum {
                    moves: best.distance,
                },
            ));
            let excess = single.saturating_sub(best.distance as usize);
            if excess == 0 {
                ui.strong(tr(ui, RaceMsg::PlayedOptimally));
            } else {
                let percent = if best.distance == 0 {
                    "∞".to_string()
                } else {
                    format!("{:.0}", 100.0 * excess as f64 / best.distance as f64)
                };
                ui.strong(tr(
                    ui,
                    RaceMsg::Excess {
                        moves: excess,
                        percent,
                    },
                ));
            }
        }
        super::Pending::Done(None) if analysis::quick_exists(attempt.goal()) => {
            ui.label(tr(ui, RaceMsg::NoOptimumInTime));
        }
        _ => {
            ui.label(tr(
                ui,
                RaceMsg::NoOptimum {
                    shape: shape.clone(),
                },
            ));
        }
    }
    if !analysis::analyses_every_move(attempt.goal()) {
        if analysis::quick_exists(attempt.goal()) {
            ui.weak(tr(ui, RaceMsg::NotAnalysed { shape }));
        }
        return;
    }
    if let Some(done) = analysing {
        let total = single + 1;
        ui.horizontal(|ui| {
            ui.spinner();
            ui.label(tr(ui, RaceMsg::Analysing { done, total }));
        });
        return;
    }
    let Some(distances) = view.along.done() else {
        return;
    };
    ui.separator();
    chart(ui, distances);
    lost_list(ui, attempt.scramble(), &attempt.path(), distances);
}

/// The distance after each move, lost moves marked.
pub(super) fn chart(ui: &mut egui::Ui, distances: &[Option<Exact>]) {
    let points: Vec<[f64; 2]> = distances
        .iter()
        .enumerate()
        .filter_map(|(i, d)| d.map(|d| [i as f64, d.distance as f64]))
        .collect();
    if points.is_empty() {
        return;
    }
    let lost: Vec<[f64; 2]> = distances
        .windows(2)
        .enumerate()
        .filter_map(|(i, w)| match (w[0], w[1]) {
            (Some(a), Some(b)) if b.distance >= a.distance => {
                Some([(i + 1) as f64, b.distance as f64])
            }
            _ => None,
        })
        .collect();
    ui.label(tr(ui, RaceMsg::DistanceChart));
    let path_name = tr(ui, RaceMsg::ChartYourPath);
    let lost_name = tr(ui, RaceMsg::ChartLost);
    ui.horizontal_wrapped(|ui| {
        ui.colored_label(palette::CLOSER, format!("— {path_name}"));
        ui.colored_label(palette::FARTHER, format!("● {lost_name}"));
    });
    let last = points.len().saturating_sub(1) as f64;
    let top = points.iter().map(|p| p[1]).fold(0.0, f64::max);
    let plot = Plot::new("race_distance")
        .height(180.0)
        .allow_scroll(false)
        .x_axis_label(tr(ui, RaceMsg::ChartMove))
        .y_axis_label(tr(ui, RaceMsg::ChartDistance));
    axes::apply(plot, Scale::integer(0.0, last), Scale::integer(0.0, top)).show(ui, |plot_ui| {
        plot_ui.line(Line::new(path_name.clone(), PlotPoints::from(points)).color(palette::CLOSER));
        plot_ui.points(
            Points::new(lost_name.clone(), PlotPoints::from(lost))
                .radius(3.0)
                .color(palette::FARTHER),
        );
    });
}

/// The lost moves in words, each with the best move there.
fn lost_list(
    ui: &mut egui::Ui,
    scramble: &Board,
    path: &[crate::engine::Dir],
    distances: &[Option<Exact>],
) {
    let lost = analysis::lost_moves(path, distances);
    if lost.is_empty() {
        return;
    }
    let lang = language(ui.ctx());
    ui.label(tr(ui, RaceMsg::LostCount { n: lost.len() }));
    // The board before each move, to name the tiles moved.
    let mut boards = Vec::with_capacity(path.len());
    let mut board = scramble.clone();
    for &d in path {
        boards.push(board.clone());
        board.apply(d);
    }
    for l in lost.iter().take(LISTED) {
        let before = &boards[l.index];
        let played = tile_move_words(before, l.played, lang);
        let best = l
            .best
            .map(|b| tile_move_words(before, b, lang))
            .unwrap_or_default();
        ui.label(tr(
            ui,
            RaceMsg::LostMove {
                index: l.index + 1,
                played,
                best,
            },
        ));
    }
    if lost.len() > LISTED {
        ui.weak(tr(
            ui,
            RaceMsg::MoreLost {
                n: lost.len() - LISTED,
            },
        ));
    }
}
