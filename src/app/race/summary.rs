//! The result of a race: time, both metrics, moves per second, the
//! optimum and the excess, and the player's path against the distance to
//! the goal, the moves that did not bring it closer marked (egui_plot).

use eframe::egui;
use egui_plot::{Line, Plot, PlotPoints, Points};

use super::analysis::{self, Exact};
use super::{RaceView, seconds};
use crate::app::game::describe_move;
use crate::app::i18n::{RaceMsg, language, tr};
use crate::app::palette;
use crate::app::widgets::axes::{self, Scale};
use crate::engine::{Board, Dir};

/// Up to this many lost moves are listed one by one.
const LISTED: usize = 12;

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
    chart(ui, &analysis::distances_of(distances));
    lost_list(ui, attempt.scramble(), &attempt.path(), distances);
}

/// The distance after each move (`None` where unknown), lost moves marked.
pub(super) fn chart(ui: &mut egui::Ui, distances: &[Option<u32>]) {
    let points: Vec<[f64; 2]> = distances
        .iter()
        .enumerate()
        .filter_map(|(i, d)| d.map(|d| [i as f64, d as f64]))
        .collect();
    if points.is_empty() {
        return;
    }
    // A lost move is marked where it arrived.
    let lost: Vec<[f64; 2]> = analysis::lost_indices(distances)
        .into_iter()
        .filter_map(|i| distances[i + 1].map(|d| [(i + 1) as f64, d as f64]))
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
    axes::apply(
        plot,
        Scale::integer(0.0, last),
        Scale::integer(0.0, top),
        crate::app::i18n::language(ui.ctx()),
    )
    .show(ui, |plot_ui| {
        plot_ui.line(Line::new(path_name.clone(), PlotPoints::from(points)).color(palette::CLOSER));
        plot_ui.points(
            Points::new(lost_name.clone(), PlotPoints::from(lost))
                .radius(3.0)
                .color(palette::FARTHER),
        );
    });
}

/// The lost moves in words: how many, then up to [`LISTED`] of them, each
/// `(index in the path, the move played, the best move there)`.
pub(super) fn list_lost(
    ui: &mut egui::Ui,
    total: usize,
    first: impl Iterator<Item = (usize, String, String)>,
) {
    if total == 0 {
        return;
    }
    ui.label(tr(ui, RaceMsg::LostCount { n: total }));
    for (index, played, best) in first.take(LISTED) {
        let index = index + 1;
        ui.label(tr(
            ui,
            RaceMsg::LostMove {
                index,
                played,
                best,
            },
        ));
    }
    if total > LISTED {
        ui.weak(tr(ui, RaceMsg::MoreLost { n: total - LISTED }));
    }
}

/// The tile race's lost moves, the tiles named as the step list names them.
fn lost_list(ui: &mut egui::Ui, scramble: &Board, path: &[Dir], along: &[Option<Exact>]) {
    let lost = analysis::lost_moves(path, along);
    let lang = language(ui.ctx());
    // The board before each move, to name the tiles moved.
    let mut boards = Vec::with_capacity(path.len());
    let mut board = scramble.clone();
    for &d in path {
        boards.push(board.clone());
        board.apply(d);
    }
    let lines = lost.iter().map(|l| {
        let before = &boards[l.index];
        let played = describe_move(before, l.played, lang);
        let best = l
            .best
            .map(|b| describe_move(before, b, lang))
            .unwrap_or_default();
        (l.index, played, best)
    });
    list_lost(ui, lost.len(), lines);
}
