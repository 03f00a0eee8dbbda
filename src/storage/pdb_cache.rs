//! The pattern-database cache under the user's cache directory.
//!
//! A database is looked for at `<cache>/huarong/pdb<sizes>-<RxC>-<goal>.bin`. A file
//! that is missing, damaged, truncated, of another version or for another
//! goal is rebuilt (and the reason reported); a fresh build is saved
//! atomically. `HUARONG_CACHE_DIR` overrides the folder.

use std::path::{Path, PathBuf};
use std::sync::Arc;
use std::time::Duration;
use web_time::Instant;

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

/// A temporary database file untouched this long was left by a killed
/// write, not one in progress (writing even the 7-8 takes seconds).
const STALE_TEMP_AGE: Duration = Duration::from_secs(10 * 60);

/// The folder Huarong caches into.
pub fn cache_dir() -> PathBuf {
    if let Some(dir) = std::env::var_os("HUARONG_CACHE_DIR").filter(|d| !d.is_empty()) {
        return PathBuf::from(dir);
    }
    match dirs::cache_dir() {
        Some(dir) => dir.join("huarong"),
        // No home folder: a folder of this user's own in the shared temporary
        // folder, checked before use (see `private_folder`).
        None => std::env::temp_dir().join(match current_uid() {
            Some(uid) => format!("huarong-{uid}"),
            None => "huarong".to_string(),
        }),
    }
}

/// The user this process runs as, read from the owner of a file it creates
/// (no `libc`: unsafe code is denied).
#[cfg(unix)]
fn current_uid() -> Option<u32> {
    use std::os::unix::fs::MetadataExt;
    Some(tempfile::tempfile().ok()?.metadata().ok()?.uid())
}

#[cfg(not(unix))]
fn current_uid() -> Option<u32> {
    None
}

/// Make sure `dir` is a cache folder only this user can write to, creating
/// it owner-only (0700) if missing: in a folder others can write, a planted
/// file with a recomputed checksum would be trusted. `Err` names why not.
#[cfg(unix)]
fn private_folder(dir: &Path) -> Result<(), String> {
    use std::os::unix::fs::{DirBuilderExt, MetadataExt};
    let shown = dir.display();
    std::fs::DirBuilder::new()
        .recursive(true)
        .mode(0o700)
        .create(dir)
        .map_err(|e| format!("cache folder {shown}: {e}"))?;
    let meta = std::fs::metadata(dir).map_err(|e| format!("cache folder {shown}: {e}"))?;
    if !meta.is_dir() {
        return Err(format!("cache folder {shown} is not a folder"));
    }
    // The owner of a file made inside is this user.
    let me = tempfile::tempfile_in(dir)
        .and_then(|f| f.metadata())
        .map_err(|e| format!("cache folder {shown}: {e}"))?
        .uid();
    if meta.uid() != me {
        return Err(format!("cache folder {shown} belongs to another user"));
    }
    // Group write is allowed: where each user has a private group (umask
    // 002), earlier versions created this folder 0775, and refusing it
    // would silently cost those users their cache. Others' write is not.
    if meta.mode() & 0o002 != 0 {
        return Err(format!(
            "cache folder {shown} is writable by others (mode {:o})",
            meta.mode() & 0o777
        ));
    }
    Ok(())
}

#[cfg(not(unix))]
fn private_folder(dir: &Path) -> Result<(), String> {
    std::fs::create_dir_all(dir).map_err(|e| format!("cache folder {}: {e}", dir.display()))
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
/// while the file is read, the database built or its file written (the
/// temporary file is then removed).
pub fn load_or_build_cancellable(
    dir: &Path,
    goal: &Board,
    partition: &[Vec<u8>],
    progress: &(dyn Fn(f32) + Sync),
    cancel: &CancelToken,
) -> Option<PdbLoad> {
    let start = Instant::now();
    let path = path_for(dir, goal, partition);
    if let Err(why) = private_folder(dir) {
        // No cache: neither read nor written.
        let db = PatternDb::build_cancellable(goal, partition, progress, cancel)?;
        return Some(PdbLoad {
            db: Arc::new(db),
            source: PdbSource::Built {
                why: Some(why),
                saved: Err("no cache: the folder is not private".to_string()),
            },
            path,
            elapsed: start.elapsed(),
        });
    }
    super::remove_stale_temp_files(dir, "pdb", STALE_TEMP_AGE);
    let why = match read_cache_file(&path, PatternDb::encoded_len(goal, partition), cancel) {
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
        Err(ReadError::Missing) => None,
        Err(ReadError::Refused(why)) => Some(why),
        Err(ReadError::Cancelled) => return None,
    };
    let db = PatternDb::build_cancellable(goal, partition, progress, cancel)?;
    // Streamed from the tables: the 7-8 database is ~577 MB.
    // Cancellable: a cancel mid-write removes the temporary file.
    let saved = super::replace_with(&path, |out| {
        db.write_to(&mut super::CancellableWriter::new(out, cancel))
    });
    if cancel.is_cancelled() {
        return None;
    }
    let saved = saved.map_err(|e| format!("{}: {e}", path.display()));
    Some(PdbLoad {
        db: Arc::new(db),
        source: PdbSource::Built { why, saved },
        path,
        elapsed: start.elapsed(),
    })
}

/// Why a cache file was not read.
enum ReadError {
    /// Nothing at the path.
    Missing,
    /// Something there, but not worth reading: the reason.
    Refused(String),
    /// The reader's cancel token was raised part way.
    Cancelled,
}

/// Whether a cache file of the right length is in place for `goal` with
/// `partition` in `dir`, from its metadata only: a call to
/// [`load_or_build`] would then read it rather than build (unless its
/// contents are damaged).
pub fn is_cached(dir: &Path, goal: &Board, partition: &[Vec<u8>]) -> bool {
    std::fs::metadata(path_for(dir, goal, partition))
        .is_ok_and(|m| m.is_file() && m.len() == PatternDb::encoded_len(goal, partition) as u64)
}

/// Bytes read between two looks at the cancel token: the 7-8 file takes
/// a few seconds to read, and a time limit or Cancel must not wait for it.
const READ_CHUNK: usize = 8 << 20;

/// Read the cache file whole, after checking from its metadata that it is a
/// regular file (a FIFO would block the open forever) of exactly the
/// `expected` length (a padded file is not read to be refused). The buffer
/// is backed by huge pages where possible: the largest table keeps it, and
/// IDA* reads it at random. Reading stops (`Cancelled`) once `cancel` is
/// raised.
fn read_cache_file(
    path: &Path,
    expected: usize,
    cancel: &CancelToken,
) -> Result<Vec<u8>, ReadError> {
    use std::io::Read;
    let io = |e: std::io::Error| match e.kind() {
        std::io::ErrorKind::NotFound => ReadError::Missing,
        _ => ReadError::Refused(e.to_string()),
    };
    let check = |meta: &std::fs::Metadata| {
        if !meta.is_file() {
            return Err(ReadError::Refused(
                "not a regular file (a folder, FIFO or device is never read)".into(),
            ));
        }
        if meta.len() != expected as u64 {
            return Err(ReadError::Refused(format!(
                "{} bytes where this database has {expected}: truncated or padded",
                meta.len()
            )));
        }
        Ok(())
    };
    // The path's metadata first: a FIFO there is not even opened.
    check(&std::fs::metadata(path).map_err(io)?)?;
    // Then the opened file's (it may have been replaced in between).
    let mut file = super::open_regular(path).map_err(io)?;
    check(&file.metadata().map_err(io)?)?;
    let mut bytes: Vec<u8> = crate::engine::memory::zeroed(expected);
    for chunk in bytes.chunks_mut(READ_CHUNK) {
        if cancel.is_cancelled() {
            return Err(ReadError::Cancelled);
        }
        file.read_exact(chunk).map_err(io)?;
    }
    // A file that grew since its length was read is caught by the checks.
    Ok(bytes)
}
