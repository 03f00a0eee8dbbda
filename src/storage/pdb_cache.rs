//! The pattern-database cache under the user's cache directory.
//!
//! A database is looked for at `<cache>/huarong/pdb<sizes>-<RxC>-<goal>.bin`. A file
//! that is missing, damaged, truncated, of another version or for another
//! goal is rebuilt (and the reason reported); a fresh build is saved
//! atomically. `HUARONG_CACHE_DIR` overrides the folder.

use std::path::{Path, PathBuf};
use std::sync::Arc;
use std::time::{Duration, Instant};

use crate::engine::CancelToken;
use crate::engine::tiles::Board;
use crate::engine::tiles::pdb::PatternDb;

/// Where the database came from.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum PdbSource {
    /// Read from the cache file.
    Cache,
    /// Built (no usable cache file); `why` says what was wrong with the file
    /// if there was one, `saved` whether the new one was written.
    Built {
        /// Why the cached file was not used, if one existed.
        why: Option<String>,
        /// `Err` names why the new file could not be saved.
        saved: Result<(), String>,
    },
}

/// A loaded database and how it was obtained.
#[derive(Clone, Debug)]
pub struct PdbLoad {
    /// The database.
    pub db: Arc<PatternDb>,
    /// Cache hit, or built.
    pub source: PdbSource,
    /// The cache file.
    pub path: PathBuf,
    /// Time to load or build.
    pub elapsed: Duration,
}

impl std::fmt::Display for PdbLoad {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        let secs = self.elapsed.as_secs_f64();
        let name = self.db.name();
        match &self.source {
            PdbSource::Cache => write!(
                f,
                "pattern database {name}: loaded from {} in {secs:.2} s",
                self.path.display()
            ),
            PdbSource::Built { why, saved } => {
                write!(f, "pattern database {name}: built in {secs:.2} s")?;
                if let Some(why) = why {
                    write!(f, " (cached file rejected: {why})")?;
                }
                match saved {
                    Ok(()) => write!(f, ", saved to {}", self.path.display()),
                    Err(e) => write!(f, ", not saved: {e}"),
                }
            }
        }
    }
}

/// The folder Huarong caches into.
pub fn cache_dir() -> PathBuf {
    if let Some(dir) = std::env::var_os("HUARONG_CACHE_DIR").filter(|d| !d.is_empty()) {
        return PathBuf::from(dir);
    }
    dirs::cache_dir()
        .unwrap_or_else(std::env::temp_dir)
        .join("huarong")
}

/// The cache file of a database for `goal` with `partition`, in `dir`.
pub fn path_for(dir: &Path, goal: &Board, partition: &[Vec<u8>]) -> PathBuf {
    let sizes: Vec<String> = partition.iter().map(|p| p.len().to_string()).collect();
    let key: String = goal.cells().iter().map(|t| format!("{t:02x}")).collect();
    dir.join(format!("pdb{}-{}-{key}.bin", sizes.join(""), goal.shape()))
}

/// Load the database for `goal` with `partition` from the cache folder
/// `dir`, or build and save it there.
pub fn load_or_build(
    dir: &Path,
    goal: &Board,
    partition: &[Vec<u8>],
    progress: &(dyn Fn(f32) + Sync),
) -> PdbLoad {
    load_or_build_cancellable(dir, goal, partition, progress, &CancelToken::new())
        .expect("a fresh token is never cancelled")
}

/// [`load_or_build`], giving up (with `None`) if `cancel` is raised
/// during a build.
pub fn load_or_build_cancellable(
    dir: &Path,
    goal: &Board,
    partition: &[Vec<u8>],
    progress: &(dyn Fn(f32) + Sync),
    cancel: &CancelToken,
) -> Option<PdbLoad> {
    let start = Instant::now();
    let path = path_for(dir, goal, partition);
    let why = match read_whole(&path) {
        Ok(bytes) => match PatternDb::from_vec(bytes, goal, partition) {
            Ok(db) => {
                return Some(PdbLoad {
                    db: Arc::new(db),
                    source: PdbSource::Cache,
                    path,
                    elapsed: start.elapsed(),
                });
            }
            Err(e) => Some(e.to_string()),
        },
        Err(e) if e.kind() == std::io::ErrorKind::NotFound => None,
        Err(e) => Some(e.to_string()),
    };
    let db = PatternDb::build_cancellable(goal, partition, progress, cancel)?;
    // Streamed from the tables: the 7-8 database is ~577 MB.
    let saved = super::write_atomic_with(&path, |out| db.write_to(out))
        .map_err(|e| format!("{}: {e}", path.display()));
    Some(PdbLoad {
        db: Arc::new(db),
        source: PdbSource::Built { why, saved },
        path,
        elapsed: start.elapsed(),
    })
}

/// Read a whole file into a buffer backed by huge pages where possible: the
/// largest table keeps this buffer, and IDA* reads it at random.
fn read_whole(path: &Path) -> std::io::Result<Vec<u8>> {
    use std::io::Read;
    let mut file = std::fs::File::open(path)?;
    let len = usize::try_from(file.metadata()?.len())
        .map_err(|_| std::io::Error::other("file too large"))?;
    let mut bytes: Vec<u8> = crate::engine::tiles::pdb::zeroed(len);
    file.read_exact(&mut bytes)?;
    // A file that grew since its length was read is caught by the checks.
    Ok(bytes)
}
