//! The Help page "How the strategies work": every strategy of the registry
//! in a paragraph, and the words the app uses. Opened from the Help menu
//! and by [`Command::OpenHelp`](super::Command::OpenHelp) (the inspector
//! links to it).

use eframe::egui;

use crate::engine::strategy::{STRATEGIES, Strategy};

/// How a strategy works, in a paragraph for learners, by registry name.
/// The registry says which strategies exist; a strategy with no paragraph
/// here fails a test.
fn paragraph(name: &str) -> Option<&'static str> {
    Some(match name {
        "bfs" => {
            "Breadth-first search keeps a queue (the frontier). It takes the oldest state, \
             generates its neighbours, and adds those never seen before to the back. So it \
             expands every state 1 move from the start, then every state 2 moves away, and so \
             on: the first time it reaches the goal, no shorter path exists. It uses no \
             heuristic, and it stores every state it has seen, which is why it runs out of \
             memory on the 15-puzzle. Its anatomy shows the layers growing by depth."
        }
        "astar" => {
            "A* also keeps a frontier, but always expands the state with the least f = g + h: \
             the moves made so far (g) plus the heuristic's estimate of the moves still needed \
             (h). With an admissible heuristic it is optimal, and a better heuristic (closer to \
             the true distance) makes it expand far fewer states than BFS. A state reached again \
             more cheaply is reopened. Like BFS it stores every state it sees. Its anatomy shows \
             how many states it expanded at each value of f: all those below the solution's \
             length, and some at it."
        }
        "idastar" => {
            "IDA* (iterative-deepening A*) searches depth first from the start and cuts off \
             every path whose f = g + h passes a bound. If an iteration finds no solution, the \
             bound rises to the smallest f that was cut off and the search starts again. It \
             stores only the current path, so it never runs out of memory, at the price of \
             expanding states again in each iteration (and along different paths). Its anatomy \
             shows the iterations: on tile boards the bound rises by 2 each time, from h of the \
             start to the solution's length."
        }
        "annealing" => {
            "Simulated annealing is a local search: it walks from state to state without \
             remembering where it has been. Each step it proposes a random neighbour; a better \
             one (lower energy) is always taken, a worse one with probability exp(−ΔE / T). The \
             temperature T starts high (many worse moves are taken, the walk explores) and cools \
             (the walk settles). It may fail, never proves its path shortest, and the path shown \
             is the walk with its loops erased."
        }
        "tabu" => {
            "Tabu search is a local search that always moves to the best neighbour, even a worse \
             one, but not to a state visited recently: the last few states (the tenure) are \
             tabu. That keeps it from sliding back into the local minimum it just left. A tabu \
             move is still taken if it beats the best state so far (aspiration), and when the \
             walk stalls it is kicked with a few random moves. Not optimal; may fail."
        }
        "greedy" => {
            "Greedy hill climbing takes the best neighbour as long as it is strictly better than \
             the current state, and stops when none is: at a local minimum, which is usually not \
             the goal. It is fast and shows why annealing and tabu search exist."
        }
        "weighted" => {
            "Weighted A* is A* with the estimate counted w times: it expands the state with the \
             least g + w × h. Trusting the estimate more, it heads for the goal and expands far \
             fewer states, at a price it can bound: its path is at most w times the shortest \
             (bounded suboptimal). With w = 1 it is A*; the larger w, the faster and the longer \
             the path may be."
        }
        "fast" => {
            "Row by row solves a tile board as people do: small searches bring the tiles of an \
             outer row or column home and lock them, then the same on the smaller board left, \
             until the last 3×3 is solved optimally. It solves any size in well under a second, \
             but its paths are longer than the shortest. It expands no nodes of one search, so \
             it has no anatomy."
        }
        _ => return None,
    })
}

/// The words the app uses, with their meaning.
pub const GLOSSARY: &[(&str, &str)] = &[
    (
        "state",
        "One arrangement of the tiles or pieces. The start and the goal are states.",
    ),
    (
        "expanded",
        "A state whose neighbours the search generated. The count of expanded nodes is the \
         usual measure of a search's work.",
    ),
    (
        "generated",
        "A neighbour produced while expanding a state, whether the search keeps it or not.",
    ),
    (
        "stored",
        "States the search holds in memory at once (its open and closed lists); IDA* stores \
         only its current path.",
    ),
    (
        "frontier",
        "The states generated but not yet expanded: BFS's queue, A*'s open list.",
    ),
    (
        "depth, g",
        "The moves from the start to a state along the path the search found.",
    ),
    (
        "heuristic, h",
        "An estimate of the moves still needed from a state to the goal (misplaced tiles, \
         Manhattan distance, linear conflict, pattern databases).",
    ),
    (
        "f",
        "g + h: the estimated length of a solution through a state.",
    ),
    (
        "admissible",
        "A heuristic that never overestimates the true distance. A* and IDA* are optimal with \
         one. The anatomy's heuristic error (true distance − h) is then never negative.",
    ),
    (
        "consistent",
        "A heuristic that drops by at most 1 per move (h(s) ≤ 1 + h(next)). With one, A* never \
         needs to reopen a state.",
    ),
    (
        "weight, w",
        "How much more weighted A* trusts the estimate than the moves made: it orders states by \
         g + w × h, and its path is at most w times the shortest.",
    ),
    (
        "optimal",
        "A solution no shorter one exists for; an optimal strategy always returns one.",
    ),
    (
        "bound",
        "IDA*'s limit on f in one iteration: paths with a larger f are cut off (pruned).",
    ),
    (
        "iteration",
        "One depth-first search of IDA* under one bound; each starts again from the start.",
    ),
    (
        "layer",
        "All the states first reached at one depth. BFS expands the layers in order.",
    ),
    (
        "effective branching factor, b*",
        "The branching of a uniform tree as deep as the solution that would hold as many nodes \
         as the search generated: N + 1 = 1 + b* + b*² + … + b*^d. Near 1: a well guided search.",
    ),
    (
        "duplicate",
        "A generated state seen before and not reached more cheaply: dropped.",
    ),
    (
        "energy",
        "What a local search tries to lower: the heuristic's estimate of the state (tabu \
         search's score also weighs the walk).",
    ),
    (
        "temperature, T",
        "Annealing's willingness to take a worse move: with ΔE the rise in energy, the move is \
         taken with probability exp(−ΔE / T). T falls as the walk goes on.",
    ),
    (
        "tenure",
        "How many recent states tabu search keeps tabu (forbidden to return to).",
    ),
    (
        "aspiration",
        "Tabu search taking a tabu move anyway, because it beats the best state so far.",
    ),
    (
        "local minimum",
        "A state no neighbour of which is better: where greedy hill climbing stops.",
    ),
    (
        "loop erasure",
        "Cutting every loop out of a local search's walk, so the path shown never visits a \
         state twice.",
    ),
];

/// One strategy's entry: its label, the registry's one-line description
/// and the paragraph.
fn strategy_entry(ui: &mut egui::Ui, s: &dyn Strategy) {
    ui.add_space(6.0);
    ui.label(egui::RichText::new(s.label()).heading());
    ui.add(egui::Label::new(egui::RichText::new(s.description()).italics()).wrap());
    if let Some(p) = paragraph(s.name()) {
        ui.add(egui::Label::new(p).wrap());
    }
}

/// The Help page, while `open`.
pub fn window(ctx: &egui::Context, open: &mut bool) {
    let screen = ctx.content_rect();
    egui::Window::new("How the strategies work")
        .open(open)
        // Below the menu bar, which stays usable.
        .default_pos(egui::pos2(40.0, 60.0))
        .default_width(560.0_f32.min(screen.width() - 40.0))
        .default_height(screen.height() - 110.0)
        .max_height(screen.height() - 90.0)
        .vscroll(true)
        .show(ctx, |ui| {
            ui.add(
                egui::Label::new(
                    "Every strategy looks for a path of moves from the start to the goal. The \
                     exact ones (BFS, A*, IDA*) search systematically and return a shortest \
                     path; the local ones walk and may fail. After a solve, the Anatomy tab \
                     beside Solution shows where the run's effort went.",
                )
                .wrap(),
            );
            for s in STRATEGIES {
                strategy_entry(ui, *s);
            }
            ui.add_space(10.0);
            ui.label(egui::RichText::new("Words").heading());
            egui::Grid::new("glossary")
                .num_columns(2)
                .striped(true)
                .spacing([12.0, 6.0])
                .show(ui, |ui| {
                    for (word, meaning) in GLOSSARY {
                        ui.strong(*word);
                        ui.add(egui::Label::new(*meaning).wrap());
                        ui.end_row();
                    }
                });
        });
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn every_registry_strategy_has_a_paragraph() {
        for s in STRATEGIES {
            assert!(
                paragraph(s.name()).is_some_and(|p| p.len() > 100),
                "no paragraph for {} in help.rs",
                s.name()
            );
        }
    }

    #[test]
    fn the_glossary_has_the_words_the_app_uses() {
        let words: Vec<&str> = GLOSSARY.iter().map(|(w, _)| *w).collect();
        for w in [
            "expanded",
            "generated",
            "stored",
            "frontier",
            "bound",
            "admissible",
            "consistent",
            "optimal",
            "tenure",
        ] {
            assert!(words.contains(&w), "{w}");
        }
        for w in ["heuristic", "temperature", "effective branching factor"] {
            assert!(words.iter().any(|x| x.starts_with(w)), "{w}");
        }
    }
}
