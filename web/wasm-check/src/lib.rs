//! The engine compiled for wasm32, as the web edition runs it: solves
//! callable from JavaScript, each answering the figures `huarong solve
//! --json` prints natively, so that a script (`web/wasm-check/check.mjs`)
//! can run both and compare them. Built by `scripts/check-wasm`.

use huarong_engine::klotski::{Layout, Metric};
use huarong_engine::strategy::find;
use huarong_engine::{Control, HeuristicChoice, HeuristicKind, TilePuzzle};
use serde_json::json;
use wasm_bindgen::prelude::*;

/// Solve the tile board `start` (to its standard goal) with `strategy` and
/// the computed heuristic `heuristic`: the run's figures as JSON (`status`,
/// `length`, `moves`, `expanded`, `generated`), the path replayed here
/// first. `Err` names what was refused.
#[wasm_bindgen]
pub fn solve_tiles(start: &str, strategy: &str, heuristic: &str) -> Result<String, String> {
    let puzzle = TilePuzzle::parse(start, None, None).map_err(|e| e.to_string())?;
    let strategy = find(strategy).ok_or_else(|| format!("no strategy {strategy:?}"))?;
    let kind =
        HeuristicKind::from_name(heuristic).ok_or_else(|| format!("no heuristic {heuristic:?}"))?;
    let choice = HeuristicChoice::computed(kind)
        .ok_or_else(|| format!("{heuristic} needs a database: not checked here"))?;
    let o = huarong_engine::solve_tiles(strategy, &puzzle, &choice, &Control::default())
        .map_err(|e| e.to_string())?;
    let mut board = puzzle.start.clone();
    for &d in &o.path {
        board.apply(d).ok_or("the path makes an illegal move")?;
    }
    if !o.path.is_empty() && board != puzzle.goal {
        return Err("the path does not end at the goal".into());
    }
    let moves: String = o.path.iter().map(|d| d.letter()).collect();
    Ok(json!({
        "status": o.status,
        "length": o.path.len(),
        "moves": moves,
        "expanded": o.stats.expanded,
        "generated": o.stats.generated,
    })
    .to_string())
}

/// Solve the Klotski layout written `text` with `strategy`, counted in
/// `metric` (`moves` or `steps`): its figures as JSON (`status`,
/// `in_metric`: the path's length in the metric, `expanded`, `generated`).
#[wasm_bindgen]
pub fn solve_layout(text: &str, strategy: &str, metric: &str) -> Result<String, String> {
    let layout = Layout::parse(text).map_err(|e| e.to_string())?;
    let strategy = find(strategy).ok_or_else(|| format!("no strategy {strategy:?}"))?;
    let metric = match metric {
        "moves" => Metric::Moves,
        "steps" => Metric::Steps,
        other => return Err(format!("no metric {other:?}")),
    };
    let o = huarong_engine::solve_klotski(strategy, &layout, metric, &Control::default())
        .map_err(|e| e.to_string())?;
    Ok(json!({
        "status": o.status,
        "in_metric": o.path.len(),
        "expanded": o.stats.expanded,
        "generated": o.stats.generated,
    })
    .to_string())
}
