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

/// Where the database's spread tables (see the engine's `pdb::spread`)
/// came from.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum SpreadSource {
    /// None: the database's tables are too large to spread, there is no
    /// cache, or this system does not map files.
    None,
    /// Mapped from their file beside the database's.
    Cache,
    /// Made from the database; `why` says what was wrong with the file if
    /// there was one, `saved` whether the new one was written.
    Made {
        /// Why the file was not used, if one existed.
        why: Option<String>,
        /// `Err` names why the new file could not be saved.
        saved: Result<(), String>,
    },
}

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
    /// Where its spread tables came from.
    pub spread: SpreadSource,
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
            )?,
            PdbSource::Built { why, saved } => {
                write!(f, "pattern database {name}: built in {secs:.2} s")?;
                if let Some(why) = why {
                    write!(f, " (cached file rejected: {why})")?;
                }
                match saved {
                    Ok(()) => write!(f, ", saved to {}", self.path.display())?,
                    Err(e) => write!(f, ", not saved: {e}")?,
                }
            }
        }
        // Only what went wrong: the spread file is the cache's business.
        match &self.spread {
            SpreadSource::Made { saved: Err(e), .. } => {
                write!(f, "; its spread tables not saved: {e}")
            }
            _ => Ok(()),
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
    load_or_build_with(dir, goal, partition, progress, cancel, MAP_FROM)
}

/// [`load_or_build_cancellable`], mapping files of at least `map_from`
/// bytes.
fn load_or_build_with(
    dir: &Path,
    goal: &Board,
    partition: &[Vec<u8>],
    progress: &(dyn Fn(f32) + Sync),
    cancel: &CancelToken,
    map_from: usize,
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
            spread: SpreadSource::None,
            path,
            elapsed: start.elapsed(),
        });
    }
    super::remove_stale_temp_files(dir, "pdb", STALE_TEMP_AGE);
    let why = match load_cache_file(&path, goal, partition, cancel, map_from) {
        Ok(db) => {
            let spread = attach_spread(&path, &db, cancel)?;
            return Some(PdbLoad {
                db: Arc::new(db),
                source: PdbSource::Cache,
                spread,
                path,
                elapsed: start.elapsed(),
            });
        }
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
    let spread = attach_spread(&path, &db, cancel)?;
    Some(PdbLoad {
        db: Arc::new(db),
        source: PdbSource::Built { why, saved },
        spread,
        path,
        elapsed: start.elapsed(),
    })
}

/// The file of the spread tables of the database cached at `path`.
pub fn spread_path(path: &Path) -> PathBuf {
    let mut name = path.as_os_str().to_owned();
    name.push(".spread");
    PathBuf::from(name)
}

/// Attach to `db` (cached at `path`) its spread tables from their file
/// beside it, mapped: ready at once, and checked as a mapped database is
/// (its checksum computed until it is recorded intact). A file missing
/// or refused is made anew from `db` (the 6-6-6-6's 244 MB in about 5 s,
/// once) and saved, and the tables made are attached. `None` if `cancel`
/// was raised while they were made or written.
#[cfg(target_os = "linux")]
fn attach_spread(path: &Path, db: &PatternDb, cancel: &CancelToken) -> Option<SpreadSource> {
    let Some(expected) = db.spread_encoded_len() else {
        return Some(SpreadSource::None);
    };
    let spread_path = spread_path(path);
    let attached = map_checked(&spread_path, expected, cancel, |bytes, checksum| {
        db.attach_spread_held(bytes, checksum)
    });
    let why = match attached {
        Ok(()) => return Some(SpreadSource::Cache),
        Err(ReadError::Missing) => None,
        Err(ReadError::Refused(why)) => Some(why),
        Err(ReadError::Cancelled) => return None,
    };
    let tables = db.spread_tables(cancel)?;
    let saved = super::replace_with(&spread_path, |out| {
        db.write_spread_to(&tables, &mut super::CancellableWriter::new(out, cancel))
    });
    if cancel.is_cancelled() {
        return None;
    }
    db.attach_spread(tables);
    let saved = saved.map_err(|e| format!("{}: {e}", spread_path.display()));
    Some(SpreadSource::Made { why, saved })
}

#[cfg(not(target_os = "linux"))]
fn attach_spread(_: &Path, _: &PatternDb, _: &CancelToken) -> Option<SpreadSource> {
    Some(SpreadSource::None)
}

/// Map the file at `path` (`expected` bytes long) and `read` it: its
/// checksum computed only when it is not the file last found intact (see
/// [`verified`]), and then recorded.
#[cfg(target_os = "linux")]
fn map_checked<T>(
    path: &Path,
    expected: usize,
    cancel: &CancelToken,
    read: impl FnOnce(
        crate::engine::tiles::pdb::HeldBytes,
        crate::engine::tiles::pdb::Checksum,
    ) -> Result<T, crate::engine::tiles::pdb::PdbError>,
) -> Result<T, ReadError> {
    use crate::engine::tiles::pdb::Checksum;
    let file = open_cache_file(path, expected)?;
    let seen = verified::Seen::of(&file.metadata().map_err(io_error)?);
    let checksum = match verified::is_recorded(path, &seen) {
        true => Checksum::Trusted,
        false => Checksum::Verify,
    };
    let map = super::mapped::Mapped::new(&file).map_err(io_error)?;
    if cancel.is_cancelled() {
        return Err(ReadError::Cancelled);
    }
    let read = read(Arc::new(map), checksum).map_err(|e| ReadError::Refused(e.to_string()))?;
    if checksum == Checksum::Verify {
        verified::record(path, &seen);
    }
    Ok(read)
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

/// Files at least this long are mapped, not read (on Linux): the 7-8's
/// 577 MB and the 6-6-6-6's. Smaller ones (the 6-6-3's 11.5 MB) are read
/// into memory backed by huge pages, which their lookups, the hottest of
/// all, prefer.
const MAP_FROM: usize = 64 << 20;

/// The database in the cache file at `path`, for `goal` with
/// `partition`: mapped if at least `map_from` bytes long (see
/// [`MAP_FROM`]), else read. A mapped file's checksum is computed only
/// when the file is not the one last found intact (see [`verified`]).
fn load_cache_file(
    path: &Path,
    goal: &Board,
    partition: &[Vec<u8>],
    cancel: &CancelToken,
    map_from: usize,
) -> Result<PatternDb, ReadError> {
    let expected = PatternDb::encoded_len(goal, partition);
    #[cfg(target_os = "linux")]
    if expected >= map_from {
        return map_checked(path, expected, cancel, |bytes, checksum| {
            PatternDb::from_held(bytes, goal, partition, checksum)
        });
    }
    let _ = map_from;
    let bytes = read_cache_file(path, expected, cancel)?;
    PatternDb::from_vec(bytes, goal, partition).map_err(|e| ReadError::Refused(e.to_string()))
}

/// A missing file, or why another could not be read.
fn io_error(e: std::io::Error) -> ReadError {
    match e.kind() {
        std::io::ErrorKind::NotFound => ReadError::Missing,
        _ => ReadError::Refused(e.to_string()),
    }
}

/// The cache file at `path` opened, after checking from its metadata that
/// it is a regular file (a FIFO would block the open forever) of exactly
/// the `expected` length (a padded file is not read to be refused), and
/// again on the opened file (it may have been replaced in between).
fn open_cache_file(path: &Path, expected: usize) -> Result<std::fs::File, ReadError> {
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
    check(&std::fs::metadata(path).map_err(io_error)?)?;
    let file = super::open_regular(path).map_err(io_error)?;
    check(&file.metadata().map_err(io_error)?)?;
    Ok(file)
}

/// Read the cache file whole (opened by [`open_cache_file`]). The buffer
/// is backed by huge pages where possible: IDA* reads it at random.
/// Reading stops (`Cancelled`) once `cancel` is raised.
fn read_cache_file(
    path: &Path,
    expected: usize,
    cancel: &CancelToken,
) -> Result<Vec<u8>, ReadError> {
    use std::io::Read;
    let mut file = open_cache_file(path, expected)?;
    let mut bytes: Vec<u8> = crate::engine::memory::zeroed(expected);
    for chunk in bytes.chunks_mut(READ_CHUNK) {
        if cancel.is_cancelled() {
            return Err(ReadError::Cancelled);
        }
        file.read_exact(chunk).map_err(io_error)?;
    }
    // A file that grew since its length was read is caught by the checks.
    Ok(bytes)
}

/// Which cache file was last found intact, so that its checksum (a tenth
/// of a second over the 7-8's 577 MB) is computed once, not at every
/// load. Beside `x.bin` a line in `x.bin.verified` names the file as it
/// was then: its length, device, inode, and change and modification times
/// to the nanosecond. Any write to the file, a rename over it or a new
/// file changes one of them, so the checksum is computed again.
///
/// A change within the same tick of the file system's clock as the check
/// would leave the times equal, so a file is recorded only once it has
/// been left alone for [`SETTLED`]: a write after the record then moves
/// its change time past the one recorded.
#[cfg(target_os = "linux")]
mod verified {
    use std::path::{Path, PathBuf};
    use std::time::Duration;

    /// How long a file must have been unchanged to be recorded.
    pub(super) const SETTLED: Duration = Duration::from_secs(2);

    /// A file's identity and times, as its metadata gives them.
    #[derive(Clone, Debug, PartialEq, Eq)]
    pub(super) struct Seen(pub(super) String);

    impl Seen {
        pub(super) fn of(meta: &std::fs::Metadata) -> Self {
            use std::os::unix::fs::MetadataExt;
            Self(format!(
                "{} {} {} {}.{:09} {}.{:09}",
                meta.len(),
                meta.dev(),
                meta.ino(),
                meta.ctime(),
                meta.ctime_nsec(),
                meta.mtime(),
                meta.mtime_nsec()
            ))
        }

        /// Whether the change time is at least [`SETTLED`] ago.
        fn settled(&self) -> bool {
            let changed = self
                .0
                .split(' ')
                .nth(3)
                .and_then(|t| t.split('.').next())
                .and_then(|s| s.parse::<u64>().ok());
            let now = std::time::SystemTime::now()
                .duration_since(std::time::UNIX_EPOCH)
                .map(|d| d.as_secs());
            matches!((changed, now), (Some(c), Ok(n)) if n >= c + SETTLED.as_secs())
        }
    }

    fn record_path(path: &Path) -> PathBuf {
        let mut name = path.as_os_str().to_owned();
        name.push(".verified");
        PathBuf::from(name)
    }

    /// Whether `path`, now `seen`, is the file last found intact.
    pub(super) fn is_recorded(path: &Path, seen: &Seen) -> bool {
        let record = std::fs::read_to_string(record_path(path));
        record.is_ok_and(|line| line.trim_end() == seen.0)
    }

    /// Note that `path`, `seen` as it is, was found intact (if it has
    /// settled; a record that cannot be written only costs a checksum
    /// next time).
    pub(super) fn record(path: &Path, seen: &Seen) {
        if seen.settled() {
            let line = format!("{}\n", seen.0);
            let _ = super::super::write_atomic(&record_path(path), line.as_bytes());
        }
    }
}

#[cfg(all(test, target_os = "linux"))]
mod tests {
    use super::*;
    use crate::engine::tiles::Shape;

    /// A 3×3 database, its cache folder, and its load through a mapping.
    fn mapped_small() -> (tempfile::TempDir, Board, Vec<Vec<u8>>, PatternDb) {
        let tmp = tempfile::TempDir::new().unwrap();
        let goal = Board::goal(Shape::new(3, 3).unwrap());
        let partition = vec![vec![1, 2, 3, 4], vec![5, 6, 7, 8]];
        let db = PatternDb::build(&goal, &partition, &|_| {});
        (tmp, goal, partition, db)
    }

    fn load(dir: &Path, goal: &Board, partition: &[Vec<u8>]) -> PdbLoad {
        load_or_build_with(dir, goal, partition, &|_| {}, &CancelToken::new(), 0).unwrap()
    }

    /// Mapped, the database is the one built; its checksum is computed
    /// until the file is recorded intact, then trusted while the file
    /// stays as recorded; a write to it (here, a flipped bit) is seen, and
    /// the file rebuilt.
    #[test]
    fn a_mapped_database_is_checked_once_and_a_change_is_seen() {
        let (tmp, goal, partition, db) = mapped_small();
        let dir = tmp.path().join("cache");
        let built = load(&dir, &goal, &partition);
        assert!(matches!(
            built.source,
            PdbSource::Built {
                why: None,
                saved: Ok(())
            }
        ));
        let path = built.path.clone();
        let record = dir.join(format!(
            "{}.verified",
            path.file_name().unwrap().to_string_lossy()
        ));
        let loaded = load(&dir, &goal, &partition);
        assert_eq!(loaded.source, PdbSource::Cache);
        assert!(loaded.db.is_held());
        assert_eq!(*loaded.db, db);
        // Just written: not yet settled, so not recorded.
        assert!(!record.exists());
        // As if left alone long enough: its modification time an hour
        // back (a write sets it to now), then the record made by a load.
        let hour_ago = std::time::SystemTime::now() - Duration::from_secs(3600);
        let file = std::fs::File::options().write(true).open(&path).unwrap();
        file.set_modified(hour_ago).unwrap();
        let seen = verified::Seen::of(&file.metadata().unwrap());
        std::fs::write(&record, format!("{}\n", seen.0)).unwrap();
        assert!(verified::is_recorded(&path, &seen));
        let trusted = load(&dir, &goal, &partition);
        assert_eq!(trusted.source, PdbSource::Cache);
        assert_eq!(*trusted.db, db);
        // Trusted: a damaged table would now go unseen, so damage the
        // record's own claim instead — any write moves the file's times.
        let mut bytes = std::fs::read(&path).unwrap();
        let at = bytes.len() - 100;
        bytes[at] ^= 0x10;
        std::fs::write(&path, &bytes).unwrap();
        let seen_now = verified::Seen::of(&std::fs::metadata(&path).unwrap());
        assert!(!verified::is_recorded(&path, &seen_now));
        let again = load(&dir, &goal, &partition);
        assert!(
            matches!(&again.source, PdbSource::Built { why: Some(w), .. } if w.contains("checksum")),
            "{:?}",
            again.source
        );
        assert_eq!(*again.db, db);
    }

    /// A mapped database whose file another program truncates reads zeros
    /// (lower bounds still) instead of crashing the process, and the next
    /// load rebuilds the file.
    #[test]
    fn a_mapped_database_cut_short_underneath_reads_zeros_and_is_rebuilt() {
        let (tmp, goal, partition, db) = mapped_small();
        let dir = tmp.path().join("cache");
        let path = load(&dir, &goal, &partition).path;
        let mapped = load(&dir, &goal, &partition);
        assert!(mapped.db.is_held());
        let far: Vec<u8> = vec![8, 7, 6, 5, 4, 3, 2, 1, 0];
        let before: Vec<u8> = (0..2).map(|i| mapped.db.pattern_value(i, &far)).collect();
        assert!(before.iter().all(|&v| v > 0), "{before:?}");
        assert_eq!(
            before,
            [db.pattern_value(0, &far), db.pattern_value(1, &far)]
        );
        std::fs::File::options()
            .write(true)
            .open(&path)
            .unwrap()
            .set_len(0)
            .unwrap();
        let after: Vec<u8> = (0..2).map(|i| mapped.db.pattern_value(i, &far)).collect();
        assert_eq!(after, [0, 0]);
        let again = load(&dir, &goal, &partition);
        assert!(
            matches!(&again.source, PdbSource::Built { why: Some(w), .. } if w.contains("truncated")),
            "{:?}",
            again.source
        );
        assert_eq!(*again.db, db);
    }

    /// The spread tables are made and saved beside the database on its
    /// first load, mapped on the next (attached at once: the first search
    /// reads them), and made anew when their file is damaged or cut short.
    #[test]
    fn spread_tables_are_saved_beside_the_database_and_checked() {
        let (tmp, goal, partition, db) = mapped_small();
        let dir = tmp.path().join("cache");
        let expected = db.spread_tables(&CancelToken::new()).unwrap();
        let same_tables = |load: &PdbLoad| {
            let tables = load.db.spread().expect("attached at load");
            let bytes: Vec<Vec<u8>> = tables.iter().map(|t| t.to_vec()).collect();
            assert_eq!(bytes, expected);
        };
        let first = load(&dir, &goal, &partition);
        assert_eq!(
            first.spread,
            SpreadSource::Made {
                why: None,
                saved: Ok(())
            }
        );
        same_tables(&first);
        let file = spread_path(&first.path);
        assert_eq!(
            std::fs::metadata(&file).unwrap().len() as usize,
            db.spread_encoded_len().unwrap()
        );
        let second = load(&dir, &goal, &partition);
        assert_eq!(second.spread, SpreadSource::Cache);
        same_tables(&second);

        let mut bytes = std::fs::read(&file).unwrap();
        let last = bytes.len() - 1;
        bytes[last] ^= 0x20;
        std::fs::write(&file, &bytes).unwrap();
        let damaged = load(&dir, &goal, &partition);
        assert!(
            matches!(&damaged.spread, SpreadSource::Made { why: Some(w), saved: Ok(()) } if w.contains("checksum")),
            "{:?}",
            damaged.spread
        );
        same_tables(&damaged);

        std::fs::write(&file, &bytes[..100]).unwrap();
        let cut = load(&dir, &goal, &partition);
        assert!(
            matches!(&cut.spread, SpreadSource::Made { why: Some(w), .. } if w.contains("truncated")),
            "{:?}",
            cut.spread
        );
        same_tables(&cut);
        assert_eq!(load(&dir, &goal, &partition).spread, SpreadSource::Cache);
    }

    /// A file just written has not settled: no record is made for it.
    #[test]
    fn a_file_just_written_is_not_recorded() {
        let tmp = tempfile::TempDir::new().unwrap();
        let path = tmp.path().join("x.bin");
        std::fs::write(&path, b"abc").unwrap();
        let seen = verified::Seen::of(&std::fs::metadata(&path).unwrap());
        verified::record(&path, &seen);
        assert!(!verified::is_recorded(&path, &seen));
        assert!(!tmp.path().join("x.bin.verified").exists());
    }
}
