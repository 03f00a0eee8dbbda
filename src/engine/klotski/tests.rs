//! The successor generators (bitboard masks on one-word boards, lane masks
//! on larger ones) and the one-word BFS, checked against a test-side model
//! that knows nothing of codes and masks: labelled pieces on a grid
//! ([`Layout::step`]) and a canonical key of its own.

use std::collections::{HashMap, HashSet, VecDeque};
use std::sync::{Arc, Mutex};

use super::mirror::{Merged, real_path};
use super::{KState, KlotskiSpace, Layout, Metric, PieceShape};
use crate::Dir;
use crate::control::{CancelToken, Control, Limits};
use crate::observe::Event;
use crate::outcome::{LimitKind, Status};
use crate::search::SearchSpace;

/// A position with pieces of one shape interchangeable: per cell, what
/// covers it (shape, whether it is the piece's top-left cell, whether the
/// piece is the target), `None` when empty.
type Key = Vec<Option<(PieceShape, bool, bool)>>;

fn key(l: &Layout) -> Key {
    let mut cells = vec![None; l.rows * l.cols];
    for (i, p) in l.pieces.iter().enumerate() {
        let (h, w) = p.shape.size();
        for r in p.row..p.row + h {
            for c in p.col..p.col + w {
                cells[r * l.cols + c] = Some((p.shape, (r, c) == (p.row, p.col), i == l.target));
            }
        }
    }
    cells
}

/// The positions one step (one piece, one cell) or one move (one piece,
/// any number of steps) from `l`, each with the piece's top-left cell
/// before and after.
fn model_successors(l: &Layout, metric: Metric) -> Vec<(usize, usize, Layout)> {
    let anchor = |l: &Layout, i: usize| l.pieces[i].row * l.cols + l.pieces[i].col;
    let mut out = Vec::new();
    for i in 0..l.pieces.len() {
        let mut seen = vec![anchor(l, i)];
        let mut todo = vec![l.clone()];
        while let Some(at) = todo.pop() {
            for d in Dir::ALL {
                let mut next = at.clone();
                if next.step(i, d) && !seen.contains(&anchor(&next, i)) {
                    seen.push(anchor(&next, i));
                    out.push((anchor(l, i), anchor(&next, i), next.clone()));
                    if metric == Metric::Moves {
                        todo.push(next);
                    }
                }
            }
        }
    }
    out
}

/// Every position reachable from `start` in the model, breadth first.
fn model_group(start: &Layout, metric: Metric) -> HashMap<Key, Layout> {
    let mut group = HashMap::from([(key(start), start.clone())]);
    let mut queue = VecDeque::from([start.clone()]);
    while let Some(l) = queue.pop_front() {
        for (_, _, next) in model_successors(&l, metric) {
            if let std::collections::hash_map::Entry::Vacant(e) = group.entry(key(&next)) {
                e.insert(next.clone());
                queue.push_back(next);
            }
        }
    }
    group
}

/// Layouts on one word (5×4, 4×4), two (5×5) and three (7×7) words of
/// state, with groups small enough to walk whole in the model. The first
/// three have two empty cells (a move is at most two steps), the fourth
/// five (moves of any length).
const LAYOUTS: [&str; 6] = [
    "BAAC/BAAC/DEEF/DGHF/I..J", // 横刀立马, 25,955 positions
    "AAB./AAC./DEFG/HHIJ",
    "BAAC/DAAE/F..G/HIJK",
    "AAB./AAB./C.DD/C..E",
    "BAACD/BAACD/EEFGG/HH.II/JJ.LL",
    "AABBCCD/AAEEFFD/GGHHII./JJKKLL./MMNNOOP/QQRRSSP/TTUUVVW",
];

#[test]
fn successors_match_the_model_on_every_position_of_each_group() {
    for text in LAYOUTS {
        let layout = Layout::parse(text).unwrap();
        for metric in Metric::ALL {
            let group = model_group(&layout, metric);
            let (space, start) = KlotskiSpace::new(&layout, metric);
            assert_eq!(
                space.count_reachable(start),
                group.len(),
                "{text} {metric:?}"
            );
            let mut buf = Vec::new();
            for l in group.values() {
                let state = space.state_of(l);
                buf.clear();
                space.successors(&state, &mut buf);
                let got: Vec<(usize, usize, Key)> = buf
                    .iter()
                    .map(|(mv, next)| {
                        let text = space.state_text(next);
                        let l = Layout::parse(&text).unwrap_or_else(|e| panic!("{text}: {e}"));
                        (mv.from as usize, mv.to as usize, key(&l))
                    })
                    .collect();
                let want: HashSet<(usize, usize, Key)> = model_successors(l, metric)
                    .into_iter()
                    .map(|(from, to, next)| (from, to, key(&next)))
                    .collect();
                assert_eq!(got.len(), want.len(), "{l}{metric:?}: one state each");
                assert_eq!(
                    got.iter().cloned().collect::<HashSet<_>>(),
                    want,
                    "{l}{metric:?}"
                );
            }
        }
    }
}

/// Everything a run reports to an observer, in words.
fn watched(ctl: Control) -> (Control, Arc<Mutex<Vec<String>>>) {
    let log = Arc::new(Mutex::new(Vec::new()));
    let sink = log.clone();
    let ctl = ctl.with_events(Arc::new(move |e: &Event| {
        let line = match e {
            Event::Expand { g, h, state } => format!("expand {g} {h} {state:?}"),
            Event::Generate { g, h, fate, state } => {
                format!("generate {g} {h} {fate:?} {state:?}")
            }
            Event::Goal { g } => format!("goal {g}"),
            _ => "other".to_string(),
        };
        sink.lock().unwrap().push(line);
    }));
    (ctl, log)
}

/// Boards of 24 cells (two words) whose goal is its own mirror image, on
/// which the target never reaches it (groups of 166 and 238 positions).
const WIDE_UNSOLVABLE: [&str; 2] = [
    "BBAACC/DDAAEE/FFGGHH/I.JJ.K",
    "BAAC/BAAC/DDEE/F..G/HHII/JJKK",
];
/// And two on which it does (in 10 and 49 moves).
const WIDE_SOLVED: [&str; 2] = [
    "BBAACC/DDAAEE/FG..HI/JJKKLL",
    "AABC/AADE/F..G/HHII/JJKK/LLMM",
];

/// `l` seen in a mirror, piece by piece.
fn mirror_layout(l: &Layout) -> Layout {
    let mut m = l.clone();
    for p in &mut m.pieces {
        p.col = l.cols - p.col - p.shape.size().1;
    }
    m.goal.1 = l.cols - l.goal.1 - l.pieces[l.target].shape.size().1;
    m
}

#[test]
fn mirror_images_match_the_model_on_every_position_of_each_group() {
    for text in LAYOUTS.iter().chain(&WIDE_UNSOLVABLE) {
        let layout = Layout::parse(text).unwrap();
        let (space, _) = KlotskiSpace::new(&layout, Metric::Moves);
        let state = |l: &Layout| space.state_of(l);
        let group = model_group(&layout, Metric::Moves);
        let mut symmetric = 0;
        for l in group.values() {
            let s = state(l);
            let want = state(&mirror_layout(l));
            assert_eq!(space.mirror(&s), want, "{l}");
            let canonical = space.canonical(&s);
            assert!(canonical == s || canonical == want, "{l}");
            assert_eq!(space.canonical(&want), canonical, "{l}");
            symmetric += usize::from(s == want);
            // Followed move by move: each successor's image from the
            // position's.
            if let Some(masks) = space.one_word() {
                let (word, mirrored) = (s.word(), want.word());
                for metric in Metric::ALL {
                    masks.each_successor(metric, word, |mv, next| {
                        let after = masks.mirror_after(mirrored, word, mv);
                        let image = space.mirror(&KState::of_word(next)).word();
                        assert_eq!(after, image, "{l} {mv:?}");
                    });
                }
            }
        }
        // Not every position is its own image (the check would pass
        // for a mirror that changed nothing).
        assert!(symmetric < group.len(), "{text}");
    }
}

/// The one-word BFS against the generic BFS (`merged`: both with mirror
/// images merged, the generic one over [`Merged`]) on `texts`, under no
/// limit, a node limit and a cancel, watched and not: the same status,
/// path, reason, counters and events.
fn one_word_matches_generic(texts: &[&str], merged: bool) {
    let limited = Limits {
        max_nodes: Some(700),
        ..Limits::default()
    };
    let cancelled = CancelToken::new();
    cancelled.cancel();
    type Bfs = fn(&KlotskiSpace, KState, &Control) -> crate::Outcome<super::KMove>;
    let fast_bfs: Bfs = if merged {
        super::bfs_mirrored
    } else {
        super::bfs
    };
    for text in texts {
        let layout = Layout::parse(text).unwrap();
        for metric in Metric::ALL {
            let (space, start) = KlotskiSpace::new(&layout, metric);
            assert!(space.one_word().is_some(), "{text}");
            assert!(!merged || space.goal_is_symmetric(), "{text}");
            let fast_run = |ctl: &Control| fast_bfs(&space, start, ctl);
            let slow_run = |ctl: &Control| match merged {
                true => {
                    let from = space.canonical(&start);
                    let mut o = crate::search::bfs(&Merged(&space), from, ctl);
                    o.path = real_path(&space, start, &o.path);
                    o
                }
                false => crate::search::bfs(&space, start, ctl),
            };
            let controls = [
                Control::default(),
                Control::default().with_limits(limited),
                Control::default().with_cancel(cancelled.clone()),
            ];
            for ctl in controls {
                let (fast_ctl, fast_log) = watched(ctl.clone());
                let (slow_ctl, slow_log) = watched(ctl.clone());
                let fast = fast_run(&fast_ctl);
                let slow = slow_run(&slow_ctl);
                let what = format!("{text} {metric:?} {:?}", fast.status);
                assert_eq!(fast.status, slow.status, "{what}");
                assert_eq!(fast.path, slow.path, "{what}");
                let counts =
                    |o: &crate::Outcome<_>| (o.stats.expanded, o.stats.generated, o.stats.bound);
                assert_eq!(counts(&fast), counts(&slow), "{what}");
                assert_eq!(
                    *fast_log.lock().unwrap(),
                    *slow_log.lock().unwrap(),
                    "{what}"
                );
                if !merged {
                    assert_eq!(fast.reason, slow.reason, "{what}");
                }
                // And unwatched, the same again.
                let quiet = fast_run(&ctl);
                let plain = slow_run(&ctl);
                assert_eq!(quiet.status, plain.status, "{what}");
                assert_eq!(quiet.path, plain.path, "{what}");
                assert_eq!(counts(&quiet), counts(&plain), "{what}");
            }
        }
    }
    // The limit and the cancel were seen (not just equal by accident).
    let layout = Layout::parse(LAYOUTS[0]).unwrap();
    let (space, start) = KlotskiSpace::new(&layout, Metric::Steps);
    let o = fast_bfs(&space, start, &Control::default().with_limits(limited));
    assert_eq!(o.status, Status::Limit(LimitKind::Nodes));
    assert!(o.stats.expanded <= 701);
    let o = fast_bfs(&space, start, &Control::default().with_cancel(cancelled));
    assert_eq!(o.status, Status::Cancelled);
}

/// A 5×4 layout whose target never reaches its goal, and one it does.
const UNSOLVABLE: &str = "AAB./AAB./CCDD/EEFF/GGHH";
const SOLVED: &str = "BCDE/FGHI/J..K/LAAM/NAAO";

/// The one-word layouts the BFS comparisons run on.
fn one_word_texts() -> Vec<&'static str> {
    let solvable = LAYOUTS.iter().take(4);
    solvable.chain(&[UNSOLVABLE, SOLVED]).copied().collect()
}

#[test]
fn the_one_word_bfs_returns_what_the_generic_bfs_does() {
    one_word_matches_generic(&one_word_texts(), false);
}

#[test]
fn the_one_word_merged_bfs_returns_what_the_generic_one_does() {
    one_word_matches_generic(&one_word_texts(), true);
}

#[test]
fn merged_bfs_paths_are_as_short_as_bfs_and_each_pair_is_searched_once() {
    let texts = LAYOUTS.iter().chain(&WIDE_UNSOLVABLE).chain(&WIDE_SOLVED);
    let texts = texts.chain(&[UNSOLVABLE, SOLVED]);
    for text in texts {
        let layout = Layout::parse(text).unwrap();
        for metric in Metric::ALL {
            let (space, start) = KlotskiSpace::new(&layout, metric);
            let ctl = Control::default();
            let plain = super::bfs(&space, start, &ctl);
            let merged = super::bfs_mirrored(&space, start, &ctl);
            let what = format!("{text} {metric:?}");
            assert_eq!(merged.status, plain.status, "{what}");
            assert_eq!(merged.path.len(), plain.path.len(), "{what}");
            if !space.goal_is_symmetric() {
                // Off centre (the 5×5 and 7×7 layouts): plain BFS.
                assert_eq!(merged.path, plain.path, "{what}");
                assert_eq!(merged.stats.expanded, plain.stats.expanded, "{what}");
                continue;
            }
            // Legal move by move from the start, and ending on the goal.
            let mut at = start;
            let mut buf = Vec::new();
            for mv in &merged.path {
                buf.clear();
                space.successors(&at, &mut buf);
                at = buf.iter().find(|(m, _)| m == mv).expect("a legal move").1;
            }
            assert_eq!(
                space.is_goal(&at),
                merged.status == Status::Solved,
                "{what}"
            );
            if merged.status == Status::Unsolvable {
                // Every position searched, each pair with its image once:
                // as many as the model's group has pairs.
                let mut seen = HashSet::new();
                let mut pairs = 0u64;
                for l in model_group(&layout, metric).values() {
                    if seen.insert(key(l)) {
                        pairs += 1;
                        seen.insert(key(&mirror_layout(l)));
                    }
                }
                assert_eq!(merged.stats.expanded, pairs, "{what}");
                assert_eq!(merged.stats.peak_stored, pairs, "{what}");
                let reason = merged.reason.unwrap();
                assert!(reason.contains(&format!("all {pairs} ")), "{reason}");
            }
        }
    }
}

/// Layouts on several boards (one, two and three words of state; 5×4
/// boards with two empty cells and with more), in an order that moves
/// between boards, so that the shared tables are made and found again.
fn boards_mixed() -> Vec<&'static str> {
    let mut texts: Vec<&str> = LAYOUTS.to_vec();
    texts.extend(WIDE_UNSOLVABLE.iter().chain(&WIDE_SOLVED));
    texts.extend([
        UNSOLVABLE, SOLVED, TWO_STATES, ROOMY, LAYOUTS[0], LAYOUTS[3],
    ]);
    texts
}

/// A 5×4 layout of two positions: the one wide piece that can move goes
/// down and back.
const TWO_STATES: &str = "BAAC/DAAE/FFGG/HIIJ/H..J";

/// A 5×4 layout with six empty cells (moves of any length), on the
/// classic board otherwise.
const ROOMY: &str = "BAAC/BAAC/D..F/D..F/G..J";

#[test]
fn shared_tables_give_what_tables_built_afresh_do() {
    for text in boards_mixed() {
        let layout = Layout::parse(text).unwrap();
        for metric in Metric::ALL {
            let (shared, start) = KlotskiSpace::new(&layout, metric);
            let (again, _) = KlotskiSpace::new(&layout, metric);
            let (own, own_start) = KlotskiSpace::with_own_tables(&layout, metric);
            assert!(shared.shares_tables_with(&again), "{text}: built once");
            assert!(!shared.shares_tables_with(&own));
            assert_eq!(start, own_start, "{text}");
            // The same successors in the same order, on every position.
            let group = model_group(&layout, metric);
            let (mut a, mut b) = (Vec::new(), Vec::new());
            for l in group.values() {
                let s = shared.state_of(l);
                assert_eq!(s, own.state_of(l), "{l}");
                a.clear();
                b.clear();
                shared.successors(&s, &mut a);
                own.successors(&s, &mut b);
                assert_eq!(a, b, "{l}{metric:?}");
                assert_eq!(shared.state_text(&s), own.state_text(&s));
                assert_eq!(shared.energy(&s), own.energy(&s));
                assert_eq!(shared.mirror(&s), own.mirror(&s));
            }
            assert_eq!(shared.count_reachable(start), group.len(), "{text}");
            assert_eq!(own.count_reachable(start), group.len(), "{text}");
            // And the same searches.
            for bfs in [super::bfs, super::bfs_mirrored] {
                let x = bfs(&shared, start, &Control::default());
                let y = bfs(&own, start, &Control::default());
                assert_eq!((x.status, &x.path), (y.status, &y.path), "{text}");
                assert_eq!(x.stats.expanded, y.stats.expanded, "{text}");
                assert_eq!(x.stats.generated, y.stats.generated, "{text}");
            }
        }
    }
    // Boards that differ (in size, target or empty cells) do not share.
    let space = |t: &str| KlotskiSpace::new(&Layout::parse(t).unwrap(), Metric::Moves).0;
    let classic = space(LAYOUTS[0]);
    for other in [ROOMY, LAYOUTS[1], LAYOUTS[3], LAYOUTS[4], WIDE_SOLVED[0]] {
        assert!(!classic.shares_tables_with(&space(other)), "{other}");
    }
    assert!(classic.shares_tables_with(&space(TWO_STATES)));
}

/// What a search reports that must not depend on what the thread searched
/// before.
fn summary(o: &crate::Outcome<super::KMove>) -> (Status, Vec<super::KMove>, u64, u64, u64) {
    let s = &o.stats;
    (
        o.status,
        o.path.clone(),
        s.expanded,
        s.generated,
        s.peak_stored,
    )
}

#[test]
fn a_search_after_others_on_the_thread_gives_what_a_first_search_does() {
    // Large, tiny, large again, unsolvable, tiny: the thread's arrays and
    // table, grown and emptied in turn, against each search run first on
    // a thread of its own.
    let runs = [
        LAYOUTS[0], TWO_STATES, SOLVED, LAYOUTS[0], UNSOLVABLE, TWO_STATES,
    ];
    for metric in Metric::ALL {
        for merged in [false, true] {
            let run = move |text: &str| {
                let (space, start) = KlotskiSpace::new(&Layout::parse(text).unwrap(), metric);
                let bfs = if merged {
                    super::bfs_mirrored
                } else {
                    super::bfs
                };
                summary(&bfs(&space, start, &Control::default()))
            };
            let after_others: Vec<_> = runs.iter().map(|t| run(t)).collect();
            for (text, got) in runs.iter().zip(&after_others) {
                let text = text.to_string();
                let first = std::thread::spawn(move || run(&text)).join().unwrap();
                assert_eq!(*got, first, "{metric:?} merged {merged}");
            }
            // The tiny one searched its two positions (each its own
            // mirror image).
            assert_eq!(after_others[1].0, Status::Unsolvable);
            assert_eq!(after_others[1].2, 2);
        }
    }
}

#[test]
fn a_table_emptied_by_its_keys_holds_nothing() {
    use super::word::WordSet;
    // Keys that crowd a small table into long runs, and few of them in a
    // large table (emptied by runs, not whole).
    for (room, n) in [(64, 60), (4096, 100), (1 << 15, 500)] {
        let keys: Vec<u64> = (1..=n).map(|k| k * 0x9E37_79B9).collect();
        let mut set = WordSet::with_room(room);
        for &k in &keys {
            assert!(set.insert(k));
        }
        // Emptied given the keys in another order than inserted.
        let mut shuffled = keys.clone();
        shuffled.reverse();
        shuffled.rotate_left(n as usize / 3);
        set.clear_holding(&shuffled);
        assert_eq!(set.len(), 0);
        assert!(keys.iter().all(|&k| !set.contains(k)), "{room}");
        // Given too few keys, it still empties all.
        for &k in &keys {
            assert!(set.insert(k), "{room}: emptied before");
        }
        set.clear_holding(&keys[..keys.len() / 2]);
        assert_eq!(set.len(), 0);
        assert!(keys.iter().all(|&k| set.insert(k)), "{room}");
    }
}

#[test]
fn group_sizes_count_each_group_once_and_as_the_model_does() {
    use super::GroupSizes;
    let mut sizes = GroupSizes::default();
    let mut enumerated = 0;
    for text in boards_mixed() {
        let layout = Layout::parse(text).unwrap();
        for metric in Metric::ALL {
            let (space, start) = KlotskiSpace::new(&layout, metric);
            let group = model_group(&layout, metric);
            let want = group.len();
            let (n, fresh) = sizes.count(&space, start);
            assert_eq!(n, want, "{text} {metric:?}");
            enumerated += usize::from(fresh);
            // Positions of the group are found in it, not enumerated.
            for l in group.values().take(50) {
                let s = space.state_of(l);
                assert_eq!(sizes.count(&space, s), (want, false), "{l}");
            }
        }
    }
    // Each distinct layout's group once, whatever the metric (two repeat).
    assert_eq!(enumerated, boards_mixed().len() - 2);
    // 雨声淅沥's group is as large as 横刀立马's but another: counted anew.
    let (space, start) = KlotskiSpace::new(
        &Layout::parse("BAAC/BAAD/EFFG/EH.G/IH.J").unwrap(),
        Metric::Moves,
    );
    assert_eq!(sizes.count(&space, start), (25_955, true));
}
