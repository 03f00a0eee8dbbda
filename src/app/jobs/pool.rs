//! The pattern databases the app holds: one `Arc` per database and goal,
//! shared by every job that needs one (a solve, the strong database's
//! build, compare rows, a batch, the inspector, hints). A database being
//! read or built is something a second asker waits for, never a second
//! build: the 7-8 database is 0.6 GB and takes minutes to build.

use std::path::PathBuf;
use std::sync::atomic::{AtomicU32, AtomicU64, Ordering};
use std::sync::{Arc, Condvar, Mutex, MutexGuard};
use std::time::Duration;
use web_time::Instant;

use crate::engine::tiles::pdb::PatternDb;
use crate::engine::{Board, CancelToken, HeuristicKind};
use crate::storage::pdb_cache::{self, PdbLoad};

/// What a background step is doing with a pattern database, written by its
/// thread and read by the panel each frame.
/// It also carries the held database's size, once in hand.
#[derive(Clone, Debug)]
pub struct DbWork(Arc<AtomicU32>, Arc<Mutex<Option<Instant>>>, Arc<AtomicU64>);

/// Least time between two frames asked for by a build's progress. Where
/// the window is drawn in software (no GPU, e.g. a bare X server) a frame
/// can cost a few hundred milliseconds of CPU, and a frame at every layer
/// of the 7-8 build was seen to keep the UI thread busy on one of two
/// cores while the build ran.
const REPAINT_EVERY: Duration = Duration::from_secs(1);

/// How often a job waiting for another's build looks at its cancel token.
const WAIT_SLICE: Duration = Duration::from_millis(20);

/// What [`DbWork`] holds.
#[derive(Clone, Copy, Debug, PartialEq)]
pub enum DbPhase {
    /// No database work (the search itself may run).
    Idle,
    /// Reading the cache file (seconds for the 7-8 database; no progress).
    Loading,
    /// Building: the fraction done (1.0 while the file is written).
    Building(f32),
}

/// Idle.
impl Default for DbWork {
    fn default() -> Self {
        Self(
            Arc::new(AtomicU32::new(Self::IDLE)),
            Arc::default(),
            Arc::default(),
        )
    }
}

impl DbWork {
    const IDLE: u32 = u32::MAX;
    const LOADING: u32 = u32::MAX - 1;

    /// The phase now.
    pub fn phase(&self) -> DbPhase {
        match self.0.load(Ordering::Relaxed) {
            Self::IDLE => DbPhase::Idle,
            Self::LOADING => DbPhase::Loading,
            x => DbPhase::Building(x as f32 / 1000.0),
        }
    }

    /// A cache file is being read.
    pub fn loading(&self) {
        self.0.store(Self::LOADING, Ordering::Relaxed);
    }

    /// A build is `done` (0 to 1) through; whether to ask for a frame: the
    /// shown percentage changed, and the last frame asked for is at least
    /// [`REPAINT_EVERY`] old (the start and the end always show).
    pub fn building(&self, done: f32) -> bool {
        let now = (done.clamp(0.0, 1.0) * 1000.0) as u32;
        let before = self.0.swap(now, Ordering::Relaxed);
        let percent = |x: u32| x / 10;
        let edge = now == 0 || now == 1000 || before >= Self::LOADING;
        if !edge && percent(now) == percent(before) {
            return false;
        }
        let mut last = self.1.lock().unwrap_or_else(|e| e.into_inner());
        let due = last.is_none_or(|t| t.elapsed() >= REPAINT_EVERY);
        if edge || due {
            *last = Some(Instant::now());
        }
        edge || due
    }

    /// The database work is over.
    pub fn idle(&self) {
        self.0.store(Self::IDLE, Ordering::Relaxed);
    }

    /// The database in hand has tables of `bytes` (the live counters show
    /// them apart from the search's memory).
    pub fn hold_bytes(&self, bytes: u64) {
        self.2.store(bytes, Ordering::Relaxed);
    }

    /// The bytes of the database in hand (0 before, or without one).
    pub fn held_bytes(&self) -> u64 {
        self.2.load(Ordering::Relaxed)
    }

    /// The phase and bytes as two numbers (sent from a web worker).
    #[cfg(target_arch = "wasm32")]
    pub(crate) fn raw(&self) -> (u32, u64) {
        (self.0.load(Ordering::Relaxed), self.held_bytes())
    }

    /// Show the phase and bytes a web worker's copy sent.
    #[cfg(target_arch = "wasm32")]
    pub(crate) fn set_raw(&self, (phase, bytes): (u32, u64)) {
        self.0.store(phase, Ordering::Relaxed);
        self.hold_bytes(bytes);
    }

    /// Show what `other` shows (a job waiting for another's build).
    fn mirror(&self, other: &DbWork) {
        self.0
            .store(other.0.load(Ordering::Relaxed), Ordering::Relaxed);
    }
}

/// A database from the pool.
#[derive(Clone, Debug)]
pub struct Got {
    /// The database.
    pub db: Arc<PatternDb>,
    /// How it was read or built, when this asker did it (not when it was
    /// already held, or another job's build was waited for).
    pub load: Option<PdbLoad>,
}

/// The databases held and those being read or built; cheap to clone (all
/// clones are the one pool).
#[derive(Clone)]
pub struct DatabasePool {
    shared: Arc<Shared>,
    cache_dir: PathBuf,
}

struct Shared {
    state: Mutex<State>,
    /// Told whenever a read or build ends (or is given up).
    changed: Condvar,
    /// Taken by a read or build once its progress is shown, before it
    /// starts: a test holds it to see the progress of a build that would
    /// otherwise end (the 6-6-3 in a tenth of a second) before a frame.
    hold: Mutex<()>,
}

#[derive(Default)]
struct State {
    held: Vec<Arc<PatternDb>>,
    pending: Vec<Pending>,
    /// Reads and builds started, for the tests that pin "never twice".
    started: usize,
    /// Askers waiting for another's read or build.
    waiting: usize,
}

/// A read or build under way, and its progress for those who wait.
struct Pending {
    goal: Board,
    partition: Vec<Vec<u8>>,
    work: DbWork,
}

fn same(db: &PatternDb, goal: &Board, partition: &[Vec<u8>]) -> bool {
    db.goal() == goal.cells() && db.shape() == goal.shape() && db.partition() == partition
}

impl State {
    fn find(&self, goal: &Board, partition: &[Vec<u8>]) -> Option<Arc<PatternDb>> {
        self.held
            .iter()
            .find(|db| same(db, goal, partition))
            .cloned()
    }

    fn pending(&self, goal: &Board, partition: &[Vec<u8>]) -> Option<&Pending> {
        self.pending
            .iter()
            .find(|p| p.goal == *goal && p.partition == partition)
    }

    /// Hold `db`, in place of one of the same key; databases for another
    /// goal that no job uses any more are let go (a 7-8 table is 0.6 GB).
    fn hold(&mut self, db: Arc<PatternDb>) {
        let goal = db.goal().to_vec();
        self.held.retain(|d| {
            let replaced = d.goal() == db.goal() && d.partition() == db.partition();
            let unused_elsewhere = d.goal() != goal.as_slice() && Arc::strong_count(d) == 1;
            !replaced && !unused_elsewhere
        });
        self.held.push(db);
    }
}

/// Takes the pending entry out when its read or build ends, however it
/// ends (a panic too), so a waiter never waits forever.
struct PendingGuard<'a> {
    shared: &'a Shared,
    goal: &'a Board,
    partition: &'a [Vec<u8>],
}

impl Drop for PendingGuard<'_> {
    fn drop(&mut self) {
        let mut state = self.shared.lock();
        state
            .pending
            .retain(|p| !(p.goal == *self.goal && p.partition == self.partition));
        drop(state);
        self.shared.changed.notify_all();
    }
}

impl Shared {
    fn lock(&self) -> MutexGuard<'_, State> {
        self.state.lock().unwrap_or_else(|e| e.into_inner())
    }
}

impl DatabasePool {
    /// An empty pool reading and writing cache files in `cache_dir`.
    pub fn new(cache_dir: PathBuf) -> Self {
        Self {
            shared: Arc::new(Shared {
                state: Mutex::new(State::default()),
                changed: Condvar::new(),
                hold: Mutex::new(()),
            }),
            cache_dir,
        }
    }

    /// Hold every read and build at its start, its progress shown, until
    /// the guard is dropped (tests).
    #[cfg(test)]
    pub fn hold_builds(&self) -> std::sync::MutexGuard<'_, ()> {
        self.shared.hold.lock().unwrap_or_else(|p| p.into_inner())
    }

    /// The database of `partition` for `goal`, if held.
    pub fn find(&self, goal: &Board, partition: &[Vec<u8>]) -> Option<Arc<PatternDb>> {
        self.shared.lock().find(goal, partition)
    }

    /// The database of heuristic `kind` for `goal`, if held.
    pub fn find_kind(&self, kind: HeuristicKind, goal: &Board) -> Option<Arc<PatternDb>> {
        self.find(goal, &kind.partition(goal)?)
    }

    /// Whether the database is held or has a cache file to read.
    pub fn is_at_hand(&self, goal: &Board, partition: &[Vec<u8>]) -> bool {
        self.find(goal, partition).is_some() || self.is_on_disk(goal, partition)
    }

    /// Whether the database has a cache file.
    pub fn is_on_disk(&self, goal: &Board, partition: &[Vec<u8>]) -> bool {
        pdb_cache::path_for(&self.cache_dir, goal, partition).exists()
    }

    /// What a read or build of this database under way is doing, if one is.
    pub fn pending_phase(&self, goal: &Board, partition: &[Vec<u8>]) -> Option<DbPhase> {
        let state = self.shared.lock();
        state.pending(goal, partition).map(|p| p.work.phase())
    }

    /// A read or build under way (the first, if several): its partition's
    /// name (`7-8`) and phase.
    pub fn under_way(&self) -> Option<(String, DbPhase)> {
        let state = self.shared.lock();
        state.pending.first().map(|p| {
            let sizes: Vec<String> = p.partition.iter().map(|g| g.len().to_string()).collect();
            (sizes.join("-"), p.work.phase())
        })
    }

    /// Hold `db` (a database made elsewhere, e.g. by a test).
    #[cfg(test)]
    pub fn hold(&self, db: Arc<PatternDb>) {
        self.shared.lock().hold(db);
        self.shared.changed.notify_all();
    }

    /// Block until `n` askers wait for another's read or build.
    #[cfg(test)]
    fn until_waiting(&self, n: usize) {
        let mut state = self.shared.lock();
        while state.waiting < n {
            state = self
                .shared
                .changed
                .wait(state)
                .unwrap_or_else(|e| e.into_inner());
        }
    }

    /// Reads and builds started so far.
    #[cfg(test)]
    pub fn loads_started(&self) -> usize {
        self.shared.lock().started
    }

    /// The database of `partition` for `goal`: the one held, else the one
    /// another job is reading or building (waited for), else read from the
    /// cache or built and saved. `work` shows the phase to the panel;
    /// `repaint` is called when there is news. `None` if cancelled.
    pub fn get(
        &self,
        goal: &Board,
        partition: &[Vec<u8>],
        work: &DbWork,
        repaint: &(dyn Fn() + Sync),
        cancel: &CancelToken,
    ) -> Option<Got> {
        let cache_dir = self.cache_dir.clone();
        self.get_with(goal, partition, work, cancel, |work| {
            // A file that turns out unusable is rebuilt: the first progress
            // report then switches the panel to the build's bar.
            if pdb_cache::path_for(&cache_dir, goal, partition).exists() {
                work.loading();
            } else {
                work.building(0.0);
            }
            repaint();
            drop(self.shared.hold.lock().unwrap_or_else(|p| p.into_inner()));
            let progress = |f| {
                if work.building(f) {
                    repaint();
                }
            };
            pdb_cache::load_or_build_cancellable(&cache_dir, goal, partition, &progress, cancel)
        })
    }

    /// [`get`](Self::get) with the read-or-build step given: `load` runs at
    /// most once at a time per database, on the asking thread.
    pub fn get_with(
        &self,
        goal: &Board,
        partition: &[Vec<u8>],
        work: &DbWork,
        cancel: &CancelToken,
        load: impl FnOnce(&DbWork) -> Option<PdbLoad>,
    ) -> Option<Got> {
        let mut state = self.shared.lock();
        let mut waiting = false;
        let held = loop {
            if let Some(db) = state.find(goal, partition) {
                break Some(db);
            }
            let Some(theirs) = state.pending(goal, partition).map(|p| p.work.clone()) else {
                break None;
            };
            if cancel.is_cancelled() {
                break None;
            }
            if !waiting {
                waiting = true;
                state.waiting += 1;
                self.shared.changed.notify_all();
            }
            work.mirror(&theirs);
            state = self
                .shared
                .changed
                .wait_timeout(state, WAIT_SLICE)
                .unwrap_or_else(|e| e.into_inner())
                .0;
        };
        if waiting {
            state.waiting -= 1;
        }
        if held.is_some() || cancel.is_cancelled() {
            work.idle();
            return held.map(|db| Got { db, load: None });
        }
        state.pending.push(Pending {
            goal: goal.clone(),
            partition: partition.to_vec(),
            work: work.clone(),
        });
        state.started += 1;
        drop(state);
        let guard = PendingGuard {
            shared: &self.shared,
            goal,
            partition,
        };
        let loaded = load(work);
        work.idle();
        if let Some(l) = &loaded {
            self.shared.lock().hold(l.db.clone());
        }
        drop(guard);
        loaded.map(|l| Got {
            db: l.db.clone(),
            load: Some(l),
        })
    }
}

#[cfg(test)]
mod tests {
    use std::sync::mpsc;

    use super::*;
    use crate::engine::Shape;
    use crate::storage::pdb_cache::{PdbSource, SpreadSource};

    fn small() -> (Board, Vec<Vec<u8>>) {
        let goal = Board::goal(Shape::new(3, 3).unwrap());
        (goal, vec![vec![1, 2, 3, 4], vec![5, 6, 7, 8]])
    }

    fn built(goal: &Board, partition: &[Vec<u8>]) -> Option<PdbLoad> {
        let db = PatternDb::build_cancellable(goal, partition, &|_| {}, &CancelToken::new())?;
        Some(PdbLoad {
            db: Arc::new(db),
            source: PdbSource::Built {
                why: None,
                saved: Ok(()),
            },
            spread: SpreadSource::None,
            path: PathBuf::new(),
            elapsed: Duration::ZERO,
        })
    }

    /// A build of the small database started on its own thread and held
    /// there until the returned sender says go; back once it runs.
    fn held_build(pool: &DatabasePool) -> (std::thread::JoinHandle<Option<Got>>, mpsc::Sender<()>) {
        let (goal, partition) = small();
        let (started_tx, started_rx) = mpsc::channel();
        let (go_tx, go_rx) = mpsc::channel::<()>();
        let pool = pool.clone();
        let first = std::thread::spawn(move || {
            let cancel = CancelToken::new();
            pool.get_with(&goal, &partition, &DbWork::default(), &cancel, |_| {
                started_tx.send(()).unwrap();
                go_rx.recv().unwrap();
                built(&goal, &partition)
            })
        });
        started_rx.recv().unwrap();
        (first, go_tx)
    }

    /// Two jobs asking for one database while it is built: one build, one
    /// `Arc`, and the second asker waits rather than builds.
    #[test]
    fn a_second_asker_waits_for_the_build_under_way() {
        let pool = DatabasePool::new(PathBuf::new());
        let (goal, partition) = small();
        let (first, go) = held_build(&pool);
        assert!(pool.pending_phase(&goal, &partition).is_some());
        let second = {
            let (pool, goal, partition) = (pool.clone(), goal.clone(), partition.clone());
            std::thread::spawn(move || {
                let cancel = CancelToken::new();
                pool.get_with(&goal, &partition, &DbWork::default(), &cancel, |_| {
                    panic!("a second build of a database being built")
                })
            })
        };
        pool.until_waiting(1);
        go.send(()).unwrap();
        let a = first.join().unwrap().expect("built");
        let b = second.join().unwrap().expect("waited for");
        assert!(Arc::ptr_eq(&a.db, &b.db));
        assert!(a.load.is_some());
        assert!(b.load.is_none());
        assert_eq!(pool.loads_started(), 1);
    }

    /// A waiter whose own job is cancelled stops waiting.
    #[test]
    fn a_cancelled_waiter_stops_waiting() {
        let pool = DatabasePool::new(PathBuf::new());
        let (goal, partition) = small();
        let (first, go) = held_build(&pool);
        let cancel = CancelToken::new();
        cancel.cancel();
        let waited = pool.get_with(&goal, &partition, &DbWork::default(), &cancel, |_| {
            panic!("a cancelled job builds nothing")
        });
        assert!(waited.is_none());
        go.send(()).unwrap();
        assert!(first.join().unwrap().is_some());
    }

    /// A build given up (cancelled) leaves the next asker to build it.
    #[test]
    fn a_build_given_up_is_built_by_the_next_asker() {
        let pool = DatabasePool::new(PathBuf::new());
        let (goal, partition) = small();
        let cancel = CancelToken::new();
        let gave_up = pool.get_with(&goal, &partition, &DbWork::default(), &cancel, |_| None);
        assert!(gave_up.is_none());
        assert!(pool.pending_phase(&goal, &partition).is_none());
        let got = pool
            .get_with(&goal, &partition, &DbWork::default(), &cancel, |_| {
                built(&goal, &partition)
            })
            .expect("built");
        assert_eq!(pool.loads_started(), 2);
        let held = pool.find(&goal, &partition).expect("held");
        assert!(Arc::ptr_eq(&held, &got.db));
    }

    /// A database for another goal is let go once no job holds it, and
    /// kept while one does.
    #[test]
    fn databases_of_another_goal_go_when_unused() {
        let pool = DatabasePool::new(PathBuf::new());
        let (goal, partition) = small();
        let first = built(&goal, &partition).unwrap().db;
        pool.hold(first.clone());
        let other = Board::new(Shape::new(3, 3).unwrap(), vec![1, 2, 3, 4, 5, 6, 7, 0, 8]).unwrap();
        pool.hold(built(&other, &partition).unwrap().db);
        assert!(pool.find(&goal, &partition).is_some(), "still used");
        drop(first);
        let third = Board::new(Shape::new(3, 3).unwrap(), vec![1, 2, 3, 4, 5, 6, 0, 7, 8]).unwrap();
        pool.hold(built(&third, &partition).unwrap().db);
        assert!(pool.find(&goal, &partition).is_none());
        assert!(pool.find(&third, &partition).is_some());
    }
}
