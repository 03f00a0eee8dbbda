//! Limits and cancellation stop every search with the right status, and
//! progress is reported while it runs.

use std::sync::mpsc;
use std::sync::{Arc, Mutex};
use std::time::Duration;

use huarong_engine::strategy::{self, Family};
use huarong_engine::{
    CancelToken, Control, HeuristicChoice, LimitKind, Limits, Status, TilePuzzle, solve_tiles,
};

/// Korf's instance #1 (57 moves): far too hard for BFS, A* with misplaced
/// tiles or IDA* with Manhattan distance to finish in a test.
fn hard() -> TilePuzzle {
    TilePuzzle::parse(
        "14 13 15 7 11 12 9 5 6 0 2 1 4 8 10 3",
        None,
        Some("0 1 2 3 4 5 6 7 8 9 10 11 12 13 14 15"),
    )
    .unwrap()
}

/// A start no strategy finishes quickly: Korf #1 for the exact searches; a
/// random 10×10 for annealing, tabu search and greedy best-first, which
/// solve Korf #1 at once (greedy best-first sometimes before a cancel sent
/// at its first report arrived).
fn hard_for(name: &str) -> TilePuzzle {
    match name {
        "annealing" | "tabu" | "gbfs" => {
            let goal = huarong_engine::Board::goal(huarong_engine::Shape::new(10, 10).unwrap());
            let start =
                huarong_engine::tiles::random_solvable(&goal, &mut huarong_engine::rng::seeded(3));
            TilePuzzle::new(start, goal).unwrap()
        }
        _ => hard(),
    }
}

/// Every strategy that runs until stopped: greedy stops by itself at its
/// first local minimum, long before any limit (tested in tests/it/local.rs),
/// and fast finishes any board in a moment (its limits are tested in
/// tests/it/fast.rs), on tile puzzles (Klotski's are in
/// tests/it/klotski.rs).
fn long_running() -> impl Iterator<Item = &'static dyn huarong_engine::Strategy> {
    strategy::for_family(Family::Tiles).filter(|s| !matches!(s.name(), "greedy" | "fast"))
}

fn run(
    name: &str,
    h: HeuristicChoice,
    ctl: Control,
) -> huarong_engine::Outcome<huarong_engine::Dir> {
    solve_tiles(strategy::find(name).unwrap(), &hard_for(name), &h, &ctl).unwrap()
}

#[test]
fn node_limit_stops_every_strategy() {
    for s in long_running() {
        let ctl = Control::default().with_limits(Limits {
            max_nodes: Some(5_000),
            ..Limits::default()
        });
        let o = solve_tiles(s, &hard_for(s.name()), &HeuristicChoice::Misplaced, &ctl).unwrap();
        assert_eq!(o.status, Status::Limit(LimitKind::Nodes), "{}", s.name());
        assert_eq!(
            o.stats.expanded,
            5_000,
            "{}: stops at the limit exactly",
            s.name()
        );
        assert!(o.path.is_empty());
        assert!(!o.stats.optimal);
    }
}

#[test]
fn tiny_node_limits_are_exact() {
    for max in [1, 2, 3, 17] {
        let ctl = Control::default().with_limits(Limits {
            max_nodes: Some(max),
            ..Limits::default()
        });
        let o = run("astar", HeuristicChoice::Manhattan, ctl);
        assert_eq!(o.status, Status::Limit(LimitKind::Nodes));
        assert_eq!(o.stats.expanded, max);
    }
}

#[test]
fn memory_limit_stops_storing_searches_early() {
    let cap = 64 << 20;
    for name in ["bfs", "astar"] {
        let ctl = Control::default().with_limits(Limits {
            max_bytes: Some(cap),
            ..Limits::default()
        });
        let o = run(name, HeuristicChoice::Misplaced, ctl);
        assert_eq!(o.status, Status::Limit(LimitKind::Memory), "{name}");
        assert!(
            o.stats.peak_bytes <= cap,
            "{name}: held {} bytes",
            o.stats.peak_bytes
        );
        assert!(
            o.stats.peak_bytes > cap / 8,
            "{name}: stopped suspiciously early"
        );
        assert!(o.stats.peak_stored > 100_000);
    }
}

#[test]
fn time_limit_stops_a_long_search() {
    let ctl = Control::default().with_limits(Limits {
        time_limit: Some(Duration::from_millis(100)),
        ..Limits::default()
    });
    let o = run("idastar", HeuristicChoice::Manhattan, ctl);
    assert_eq!(o.status, Status::Limit(LimitKind::Time));
    assert!(o.stats.elapsed >= Duration::from_millis(100));
}

/// A progress observer for `ctl` that reports every check, and a receiver
/// that gets one message once a report passes `ready` (later ones are
/// dropped): tests wait on it for the search to be under way instead of
/// sleeping and hoping.
fn signal_when(
    ctl: Control,
    ready: impl Fn(&huarong_engine::Progress) -> bool + Send + Sync + 'static,
) -> (Control, mpsc::Receiver<()>) {
    let (tx, rx) = mpsc::sync_channel(1);
    let mut ctl = ctl.with_progress(move |p| {
        if ready(p) {
            let _ = tx.try_send(());
        }
    });
    ctl.report_every = Duration::ZERO;
    (ctl, rx)
}

/// Not a speed check: a generous bound only keeps a broken search from
/// hanging the test run.
const HANG: Duration = Duration::from_secs(20);

#[test]
fn cancel_stops_every_strategy_from_another_thread() {
    for s in long_running() {
        let token = CancelToken::new();
        let (ctl, started) = signal_when(Control::default().with_cancel(token.clone()), |p| {
            p.expanded > 0
        });
        let (tx, rx) = mpsc::channel();
        let name = s.name();
        std::thread::spawn(move || {
            let o = run(name, HeuristicChoice::Misplaced, ctl);
            let _ = tx.send(o);
        });
        started
            .recv_timeout(HANG)
            .unwrap_or_else(|_| panic!("{name}: no progress report"));
        token.cancel();
        let o = rx
            .recv_timeout(HANG)
            .expect("search ignored the cancel flag");
        assert_eq!(o.status, Status::Cancelled, "{name}");
        assert!(o.path.is_empty());
        assert!(o.stats.expanded > 0);
    }
}

#[test]
fn progress_is_reported_while_searching() {
    let reports = Arc::new(Mutex::new(Vec::new()));
    let sink = reports.clone();
    let mut ctl = Control::default()
        .with_limits(Limits {
            max_nodes: Some(300_000),
            ..Limits::default()
        })
        .with_progress(move |p| sink.lock().unwrap().push(*p));
    ctl.report_every = Duration::ZERO;
    let o = run("idastar", HeuristicChoice::Manhattan, ctl);
    assert_eq!(o.status, Status::Limit(LimitKind::Nodes));
    let reports = reports.lock().unwrap();
    assert!(reports.len() > 10, "{} reports", reports.len());
    assert!(reports.windows(2).all(|w| w[0].expanded <= w[1].expanded));
    assert!(reports.iter().all(|p| p.bound.is_some()));
    let last = reports.last().unwrap();
    assert_eq!(last.expanded, o.stats.expanded);
}

#[test]
fn parallel_ida_star_obeys_cancel_and_node_limits() {
    // Past the first iterations IDA* splits its work over threads; the
    // control must still reach every worker.
    let token = CancelToken::new();
    // Workers are unnamed threads of a scope inside the search thread, so
    // a report from a thread not named SEARCH means the parallel phase runs.
    const SEARCH: &str = "idastar-search";
    let (ctl, parallel) = signal_when(
        Control::default()
            .with_cancel(token.clone())
            .with_threads(2),
        |_| std::thread::current().name() != Some(SEARCH),
    );
    let (tx, rx) = mpsc::channel();
    std::thread::Builder::new()
        .name(SEARCH.into())
        .spawn(move || {
            let _ = tx.send(run("idastar", HeuristicChoice::Manhattan, ctl));
        })
        .unwrap();
    parallel
        .recv_timeout(HANG)
        .expect("no report from a parallel worker");
    token.cancel();
    let o = rx
        .recv_timeout(HANG)
        .expect("workers ignored the cancel flag");
    assert_eq!(o.status, Status::Cancelled);
    // Iterations are split once one has expanded 5,000 nodes.
    assert!(
        o.stats.expanded > 5_000,
        "cancelled before the parallel phase"
    );

    let max = 3_000_000;
    let ctl = Control::default()
        .with_limits(Limits {
            max_nodes: Some(max),
            ..Limits::default()
        })
        .with_threads(2);
    let o = run("idastar", HeuristicChoice::Manhattan, ctl);
    assert_eq!(o.status, Status::Limit(LimitKind::Nodes));
    // The workers share the limit in slices: together they stop at it.
    assert_eq!(o.stats.expanded, max);
}

#[test]
fn a_job_runs_in_the_background_reports_progress_and_cancels() {
    use huarong_engine::job::Job;
    // The job keeps an observer already set, so the test hears the first
    // report the job itself stores.
    let (ctl, reported) = signal_when(Control::default(), |p| p.expanded > 0);
    let mut job = Job::spawn(ctl, |ctl| {
        run("idastar", HeuristicChoice::Manhattan, ctl.clone())
    });
    // The caller is never blocked: the job is still running.
    assert!(!job.is_finished());
    reported.recv_timeout(HANG).expect("no progress report");
    assert!(
        job.progress().is_some_and(|p| p.expanded > 0),
        "the job did not keep the report"
    );
    job.cancel();
    let o = job
        .wait_timeout(HANG)
        .expect("job ignored cancel")
        .expect("job did not panic");
    assert_eq!(o.status, Status::Cancelled);
}
