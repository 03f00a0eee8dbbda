//! Distance tables and hints: checked against a test-side BFS and against
//! A*'s solutions.

use std::process::Command;

use huarong_engine::strategy::find;
use huarong_engine::tiles::random_solvable;
use huarong_engine::tiles::table::DistanceTable;
use huarong_engine::{
    Board, Control, Dir, HeuristicChoice, Shape, Status, TilePuzzle, solve_tiles,
};
use serde_json::Value;

use crate::observe::distances;

fn astar_length(start: &Board, goal: &Board) -> u32 {
    let puzzle = TilePuzzle::new(start.clone(), goal.clone()).unwrap();
    let o = solve_tiles(
        find("astar").unwrap(),
        &puzzle,
        &HeuristicChoice::LinearConflict,
        &Control::default(),
    )
    .unwrap();
    assert_eq!(o.status, Status::Solved);
    o.path.len() as u32
}

#[test]
fn the_8_puzzle_table_is_the_test_side_bfs() {
    let shape = Shape::new(3, 3).unwrap();
    let goal = Board::goal(shape);
    let table = DistanceTable::build(&goal, &Control::default()).unwrap();
    let dist = distances(goal.cells());
    let mut expected = vec![0u64; 32];
    for (cells, d) in &dist {
        expected[*d as usize] += 1;
        let board = Board::new(shape, cells.clone()).unwrap();
        assert_eq!(table.distance(&board), Some(*d));
    }
    assert_eq!(table.by_distance(), expected.as_slice());
    assert_eq!(table.states(), 181_440);
    assert_eq!(table.max_distance(), 31);
    let far: Vec<String> = table.farthest().iter().map(Board::to_text).collect();
    assert_eq!(far.len(), 2);
    for f in &far {
        assert_eq!(
            dist[&Board::parse(f, Some(shape)).unwrap().cells().to_vec()],
            31
        );
    }
    // An odd arrangement never reaches the goal.
    let odd = Board::parse("2 1 3 4 5 6 7 8 0", Some(shape)).unwrap();
    assert_eq!(table.distance(&odd), None);
}

#[test]
fn table_distances_agree_with_astar_on_random_positions() {
    for (rows, cols) in [(2, 4), (3, 3), (2, 5)] {
        let shape = Shape::new(rows, cols).unwrap();
        // Another goal than the default: the blank in the middle.
        let mut goal = Board::goal(shape);
        goal.swap_cells(shape.cells() - 1, shape.cells() / 2);
        let table = DistanceTable::build(&goal, &Control::default()).unwrap();
        for seed in 0..6 {
            let start = random_solvable(&goal, &mut huarong_engine::rng::seeded(seed));
            assert_eq!(
                table.distance(&start),
                Some(astar_length(&start, &goal)),
                "{shape} {}",
                start.to_text()
            );
        }
    }
}

fn hint(args: &[&str]) -> Value {
    let out = Command::new(env!("CARGO_BIN_EXE_huarong"))
        .arg("hint")
        .args(args)
        .arg("--json")
        .env(
            "HUARONG_CACHE_DIR",
            std::env::temp_dir().join("huarong-hint-test-unused"),
        )
        .output()
        .unwrap();
    assert!(out.status.success(), "{out:?}");
    serde_json::from_slice(&out.stdout).unwrap()
}

#[test]
fn a_hints_best_moves_lower_the_distance_by_one() {
    let shape = Shape::new(3, 3).unwrap();
    let goal = Board::goal(shape);
    for seed in 20..26 {
        let start = random_solvable(&goal, &mut huarong_engine::rng::seeded(seed));
        let h = hint(&["--state", &start.to_text()]);
        let d = astar_length(&start, &goal);
        assert_eq!(h["distance"], d);
        assert_eq!(h["optimal"], true);
        let moves = h["moves"].as_object().unwrap();
        assert_eq!(moves.len(), start.legal_moves().count());
        for (letter, after) in moves {
            let mut next = start.clone();
            next.apply(Dir::from_letter(letter.chars().next().unwrap()).unwrap())
                .unwrap();
            assert_eq!(
                after.as_u64().unwrap() as u32,
                astar_length(&next, &goal),
                "{letter}"
            );
        }
        let best = h["best"].as_array().unwrap();
        assert!(!best.is_empty(), "a solvable position has a move closer");
        for b in best {
            assert_eq!(moves[b.as_str().unwrap()].as_u64().unwrap() as u32, d - 1);
        }
    }
    // A 3x4 position: answered by IDA*, not a minute-long table; exact all
    // the same.
    let goal = Board::goal(Shape::new(3, 4).unwrap());
    let rng = &mut huarong_engine::rng::seeded(3);
    let start = huarong_engine::tiles::shuffled(&goal, 30, rng).0;
    let h = hint(&["--state", &start.to_text(), "--size", "3x4"]);
    assert_eq!(h["optimal"], true);
    assert_eq!(h["distance"], astar_length(&start, &goal));
    for (letter, after) in h["moves"].as_object().unwrap() {
        let mut next = start.clone();
        next.apply(Dir::from_letter(letter.chars().next().unwrap()).unwrap())
            .unwrap();
        assert_eq!(
            after.as_u64().unwrap() as u32,
            astar_length(&next, &goal),
            "{letter}"
        );
    }
}

#[test]
fn klotski_group_distances_agree_with_bfs() {
    use huarong_engine::klotski::group::{Group, layout_after};
    use huarong_engine::klotski::{KlotskiSpace, Layout, Metric};
    use huarong_engine::solve_klotski;
    // 横刀立马 and a smaller layout, in both metrics.
    for text in ["BAAC/BAAC/DEEF/DGHF/I..J", "AAB./AAC./DEF./...."] {
        let layout = Layout::parse(text).unwrap();
        for metric in [Metric::Moves, Metric::Steps] {
            let (space, start) = KlotskiSpace::new(&layout, metric);
            let group = Group::build(&space, start, &Control::default()).unwrap();
            assert_eq!(group.len(), space.count_reachable(start));
            let o =
                solve_klotski(find("bfs").unwrap(), &layout, metric, &Control::default()).unwrap();
            assert_eq!(
                group.start_distance(),
                Some(o.path.len() as u32),
                "{text} {metric:?}"
            );
            assert!(group.by_distance().iter().sum::<u64>() <= group.len() as u64);
            // Every closer move lowers the distance by one, checked by BFS
            // from the position it leads to.
            let d = group.start_distance().unwrap();
            let closer = group.closer_moves(&space);
            assert!(!closer.is_empty());
            for mv in closer {
                let next = layout_after(&layout, &[mv]).unwrap();
                let o = solve_klotski(find("bfs").unwrap(), &next, metric, &Control::default())
                    .unwrap();
                assert_eq!(o.path.len() as u32, d - 1, "{text} {metric:?}");
            }
            // The farthest positions are as far as BFS says.
            let far = group.farthest();
            assert!(!far.is_empty());
            let far_layout = layout_after(&layout, &far[0]).unwrap();
            let o = solve_klotski(
                find("bfs").unwrap(),
                &far_layout,
                metric,
                &Control::default(),
            )
            .unwrap();
            assert_eq!(Some(o.path.len() as u32), group.max_distance());
        }
    }
}

fn huarong_json(args: &[&str]) -> Value {
    let out = Command::new(env!("CARGO_BIN_EXE_huarong"))
        .args(args)
        .arg("--json")
        .output()
        .unwrap();
    assert!(out.status.success(), "{args:?}: {out:?}");
    serde_json::from_slice(&out.stdout).unwrap()
}

#[test]
fn klotski_hint_and_distances_agree_with_solve() {
    for metric in ["moves", "steps"] {
        let solved = huarong_json(&["solve", "--layout", "1", "-s", "bfs", "--metric", metric]);
        let length = match metric {
            "moves" => &solved["piece_moves"],
            _ => &solved["length"],
        };
        let hint = huarong_json(&["hint", "--layout", "1", "--metric", metric]);
        assert_eq!(&hint["distance"], length, "{metric}: {hint} / {solved}");
        assert!(!hint["best"].as_array().unwrap().is_empty());
        let table = huarong_json(&["distances", "--layout", "1", "--metric", metric]);
        assert_eq!(table["start"], hint["distance"], "{metric}");
        let by: u64 = table["by_distance"]
            .as_array()
            .unwrap()
            .iter()
            .map(|n| n.as_u64().unwrap())
            .sum();
        assert!(by <= table["states"].as_u64().unwrap());
        let far = table["farthest"][0].as_str().unwrap();
        let far_solved =
            huarong_json(&["solve", "--klotski", far, "-s", "bfs", "--metric", metric]);
        let far_length = match metric {
            "moves" => &far_solved["piece_moves"],
            _ => &far_solved["length"],
        };
        assert_eq!(far_length, &table["max"], "{metric}: {far}");
    }
}

#[test]
fn tile_distances_cli_matches_the_test_side_bfs() {
    let table = huarong_json(&["distances", "--size", "3x3"]);
    let dist = distances(Board::goal(Shape::new(3, 3).unwrap()).cells());
    assert_eq!(table["states"].as_u64().unwrap(), dist.len() as u64);
    let max = *dist.values().max().unwrap();
    assert_eq!(table["max"], max);
    for far in table["farthest"].as_array().unwrap() {
        let b = Board::parse(far.as_str().unwrap(), None).unwrap();
        assert_eq!(dist[&b.cells().to_vec()], max);
    }
}
