//! What lives on disk. The engine never touches files; this module does, for
//! the CLI and the app: the pattern-database cache, puzzle files, atomic
//! writes, and the shipped classic Klotski layouts.

pub mod browser;
pub mod common;
pub mod klotski_file;
pub mod layouts;
#[cfg(target_os = "linux")]
pub mod mapped;
pub mod pdb_cache;
pub mod puzzle_file;
pub mod records;
pub mod replay;
pub mod results;

use std::fs::File;
use std::io::{BufWriter, Write};
use std::path::Path;

/// A puzzle file of any family: each family's saved form, written and
/// read by its own file module.
#[derive(Clone, Debug, PartialEq)]
pub enum Document {
    /// Tiles.
    Tiles(puzzle_file::Saved),
    /// Klotski.
    Klotski(klotski_file::SavedKlotski),
}

impl Document {
    /// The family of puzzle it holds.
    pub fn family(&self) -> crate::engine::strategy::Family {
        use crate::engine::strategy::Family;
        match self {
            Document::Tiles(_) => Family::Tiles,
            Document::Klotski(_) => Family::Klotski,
        }
    }
}

/// Save a document of any family to `path`, atomically.
pub fn save_any(path: &Path, document: &Document) -> std::io::Result<()> {
    match document {
        Document::Tiles(saved) => puzzle_file::save(path, saved),
        Document::Klotski(saved) => klotski_file::save(path, saved),
    }
}

/// What a results file says of `family`'s batches: its storage module's
/// [`results::BatchWords`].
pub fn batch_words(family: crate::engine::strategy::Family) -> &'static results::BatchWords {
    use crate::engine::strategy::Family;
    match family {
        Family::Tiles => &puzzle_file::BATCH_WORDS,
        Family::Klotski => &klotski_file::BATCH_WORDS,
    }
}

/// Read and check a puzzle file of any family from disk: its `kind`
/// decides which reader checks it (tiles when it names none it knows, so
/// the error is the tile reader's).
pub fn load_any(path: &Path) -> Result<Document, common::FileError> {
    let bytes = common::read_bytes(path)?;
    let text = common::text_of(&bytes)?;
    match common::kind_of(text) {
        Some(common::PuzzleKind::Klotski) => klotski_file::from_ron(text).map(Document::Klotski),
        _ => puzzle_file::from_ron(text).map(Document::Tiles),
    }
}

/// Open `path` for reading if it is a regular file; a folder, FIFO or
/// device is refused with [`std::io::ErrorKind::InvalidInput`] ("not a
/// regular file"). The open itself never blocks (on Unix it is
/// non-blocking, which changes nothing for a regular file), and the check
/// is made on the opened file, so a FIFO swapped in after an earlier look
/// at the path can neither block nor be read.
pub fn open_regular(path: &Path) -> std::io::Result<File> {
    #[cfg(unix)]
    let file = {
        use std::os::unix::fs::OpenOptionsExt;
        std::fs::OpenOptions::new()
            .read(true)
            .custom_flags(libc::O_NONBLOCK)
            .open(path)?
    };
    #[cfg(not(unix))]
    let file = File::open(path)?;
    if !file.metadata()?.is_file() {
        return Err(std::io::Error::new(
            std::io::ErrorKind::InvalidInput,
            "not a regular file (a folder, FIFO or device is never read)",
        ));
    }
    Ok(file)
}

/// The whole of the regular file at `path` (see [`open_regular`]), refused
/// with [`std::io::ErrorKind::InvalidData`] if it is longer than `max_len`
/// bytes, before anything is read (in the web edition, the file picked
/// under that name).
pub fn read_regular(path: &Path, max_len: u64) -> std::io::Result<Vec<u8>> {
    use std::io::Read;
    // A page reads only what the player picked (see `browser`).
    if cfg!(target_arch = "wasm32") {
        return browser::read(path, max_len);
    }
    let file = open_regular(path)?;
    let len = file.metadata()?.len();
    if len > max_len {
        return Err(too_long(len, max_len));
    }
    let mut bytes = Vec::with_capacity(len as usize);
    // A file that grows while read stops at the bound all the same.
    file.take(max_len + 1).read_to_end(&mut bytes)?;
    if bytes.len() as u64 > max_len {
        return Err(std::io::Error::new(
            std::io::ErrorKind::InvalidData,
            "the file grew past the bound while it was read",
        ));
    }
    Ok(bytes)
}

/// A file of `len` bytes refused by a reader of at most `max_len`.
fn too_long(len: u64, max_len: u64) -> std::io::Error {
    std::io::Error::new(
        std::io::ErrorKind::InvalidData,
        format!(
            "{} bytes, more than the {} this reads",
            crate::units::thousands(len),
            crate::units::thousands(max_len)
        ),
    )
}

/// Write `bytes` to `path` atomically: see [`write_atomic_with`] (in the
/// web edition, a download named as `path`'s file).
pub fn write_atomic(path: &Path, bytes: &[u8]) -> std::io::Result<()> {
    // A page writes by handing the browser a download (see `browser`).
    #[cfg(target_arch = "wasm32")]
    return browser::download(path, bytes);
    #[cfg(not(target_arch = "wasm32"))]
    write_atomic_with(path, |out| out.write_all(bytes))
}

/// Write a file, its contents streamed by `write` (through a buffer).
///
/// A path that does not exist yet or holds a regular file is written
/// atomically: into a new temporary file in the target's folder, which is
/// flushed to disk and renamed over `path`; the folder is then flushed so the
/// rename itself survives a crash. A crash leaves either the old file or the
/// new one, never half of one; on any error (the writer's own included, such
/// as a cancelled write) the temporary file is removed.
///
/// A path that exists and is not a regular file — a device such as
/// `/dev/null`, a FIFO, a socket, or a symbolic link (whatever it points
/// to) — is never renamed over: it is opened and written in place, as a
/// shell's `> path` does (following a link, creating a link's missing
/// target, truncating a regular target). A folder there is refused with the
/// system's error.
pub fn write_atomic_with(
    path: &Path,
    write: impl FnOnce(&mut BufWriter<&mut File>) -> std::io::Result<()>,
) -> std::io::Result<()> {
    match std::fs::symlink_metadata(path) {
        Ok(meta) if !meta.is_file() => write_in_place(path, write),
        _ => replace_with(path, write),
    }
}

/// Write `path` through a temporary file renamed over it, whatever is
/// there: the case of [`write_atomic_with`] for a regular file, and the
/// pattern-database cache's own writes, which replace whatever is at their
/// path in their private folder (a FIFO put there is replaced, not fed).
pub fn replace_with(
    path: &Path,
    write: impl FnOnce(&mut BufWriter<&mut File>) -> std::io::Result<()>,
) -> std::io::Result<()> {
    let mut replacement = Replacement::begin(path)?;
    {
        let mut out = BufWriter::new(replacement.file());
        write(&mut out)?;
        out.flush()?;
    }
    replacement.finish(Flush::ToDisk)
}

/// A file being replaced: written into a new temporary file in its folder,
/// renamed over it by [`finish`](Self::finish). Dropped unfinished (an
/// error, a cancelled write), the temporary file is removed and the file
/// left as it was: a reader never sees half of the new one.
pub struct Replacement {
    path: std::path::PathBuf,
    tmp: tempfile::NamedTempFile,
}

/// How far [`Replacement::finish`] makes sure the new file got.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Flush {
    /// To the disk, its folder's entry too: a crash of the machine leaves
    /// the old file or the new one.
    ToDisk,
    /// To the system only: a crash or kill of the program still leaves the
    /// old file or the new one, a power cut may lose the new one. For
    /// what a run can make again (a search's trace), where a flush to disk
    /// would cost as much as the run.
    ToSystem,
}

impl Replacement {
    /// Start replacing `path`: its folder is made if missing and a
    /// temporary file created in it (so a folder that cannot be written is
    /// found now, before any work).
    pub fn begin(path: &Path) -> std::io::Result<Self> {
        let dir = folder_of(path);
        std::fs::create_dir_all(&dir)?;
        let name = path.file_name().and_then(|n| n.to_str()).unwrap_or("file");
        let prefix = format!(".{name}.");
        let mut builder = tempfile::Builder::new();
        builder.prefix(&prefix).suffix(TEMP_SUFFIX);
        // The permissions `File::create` gives (0o666 less the umask), not
        // the owner-only 0o600 of a temporary file: the result is the
        // user's file.
        #[cfg(unix)]
        {
            use std::os::unix::fs::PermissionsExt;
            builder.permissions(std::fs::Permissions::from_mode(0o666));
        }
        // Created exclusively under a fresh random name; removed when
        // dropped unless persisted.
        let tmp = builder.tempfile_in(&dir)?;
        Ok(Self {
            path: path.to_path_buf(),
            tmp,
        })
    }

    /// The new file, to write.
    pub fn file(&mut self) -> &mut File {
        self.tmp.as_file_mut()
    }

    /// Rename the new file over the old, flushed as far as `flush` says.
    pub fn finish(self, flush: Flush) -> std::io::Result<()> {
        if flush == Flush::ToDisk {
            self.tmp.as_file().sync_all()?;
        }
        if flush == Flush::ToSystem && exchange(self.tmp.path(), &self.path)? {
            // The temporary file's name now holds the old file, which its
            // drop removes.
            return Ok(());
        }
        // On failure the error holds the temporary file, which its drop
        // removes.
        self.tmp.persist(&self.path).map_err(|e| e.error)?;
        match flush {
            Flush::ToDisk => sync_folder(&folder_of(&self.path)),
            Flush::ToSystem => Ok(()),
        }
    }
}

/// Swap the regular files at `new` and `old` in one step (Linux's
/// `RENAME_EXCHANGE`): `Ok(false)`, nothing changed, where there is no
/// regular file at `old` or the system cannot. A rename over an existing
/// file makes ext4 write the new file's data out at once (its guard for
/// programs that replace a file without flushing it), which for a trace of
/// megabytes costs as much as the search; an exchange is not a rename
/// over, so the data is written out later, as for any new file.
#[cfg(target_os = "linux")]
#[allow(
    unsafe_code,
    reason = "renameat2 has no safe interface in std; libc declares it"
)]
fn exchange(new: &Path, old: &Path) -> std::io::Result<bool> {
    use std::ffi::CString;
    use std::os::unix::ffi::OsStrExt;
    let regular = |path: &Path| std::fs::symlink_metadata(path).is_ok_and(|m| m.is_file());
    if !regular(old) {
        return Ok(false);
    }
    let c = |path: &Path| CString::new(path.as_os_str().as_bytes()).map_err(std::io::Error::from);
    let (new_c, old_c) = (c(new)?, c(old)?);
    let swap = || {
        // SAFETY: both are live NUL-terminated paths; renameat2 only
        // reads them.
        let done = unsafe {
            libc::renameat2(
                libc::AT_FDCWD,
                new_c.as_ptr(),
                libc::AT_FDCWD,
                old_c.as_ptr(),
                libc::RENAME_EXCHANGE,
            )
        };
        if done == 0 {
            Ok(())
        } else {
            Err(std::io::Error::last_os_error())
        }
    };
    match swap() {
        Ok(()) if regular(new) => Ok(true),
        // Something else was put there meanwhile: put it back, and let
        // the plain rename say what it says.
        Ok(()) => swap().map(|()| false),
        Err(e)
            if matches!(
                e.raw_os_error(),
                Some(libc::EINVAL | libc::ENOSYS | libc::ENOENT)
            ) =>
        {
            Ok(false)
        }
        Err(e) => Err(e),
    }
}

/// Elsewhere a plain rename over is all there is.
#[cfg(not(target_os = "linux"))]
fn exchange(_new: &Path, _old: &Path) -> std::io::Result<bool> {
    Ok(false)
}

/// The folder `path` is in (`.` for a bare name).
fn folder_of(path: &Path) -> std::path::PathBuf {
    match path.parent() {
        Some(dir) if !dir.as_os_str().is_empty() => dir.to_path_buf(),
        _ => std::path::PathBuf::from("."),
    }
}

/// Write `path` in place, as `> path` does: the case of
/// [`write_atomic_with`] for a path that is not a regular file.
fn write_in_place(
    path: &Path,
    write: impl FnOnce(&mut BufWriter<&mut File>) -> std::io::Result<()>,
) -> std::io::Result<()> {
    let mut file = open_in_place(path)?;
    let mut out = BufWriter::new(&mut file);
    write(&mut out)?;
    out.flush()
}

/// How long a FIFO written in place waits for a reader to open it.
pub const FIFO_READER_WAIT: std::time::Duration = std::time::Duration::from_secs(2);

/// `path` opened for writing as `> path` does, except that a FIFO with no
/// reader does not block the open forever: it waits up to
/// [`FIFO_READER_WAIT`] for one, then fails with
/// [`std::io::ErrorKind::WouldBlock`] ("no reader …").
fn open_in_place(path: &Path) -> std::io::Result<File> {
    let mut options = std::fs::OpenOptions::new();
    options.write(true).create(true).truncate(true);
    #[cfg(unix)]
    {
        use std::os::unix::fs::OpenOptionsExt;
        // Non-blocking, a FIFO's open fails at once (ENXIO) while nobody
        // reads it, instead of waiting for a reader however long.
        options.custom_flags(libc::O_NONBLOCK);
        let started = web_time::Instant::now();
        loop {
            match options.open(path) {
                Ok(probe) => {
                    // A reader is there: opened again without the flag
                    // (which does not block now), writes wait for the
                    // reader as usual. The probe keeps the FIFO open
                    // meanwhile.
                    let file = std::fs::OpenOptions::new()
                        .write(true)
                        .truncate(true)
                        .open(path)?;
                    drop(probe);
                    return Ok(file);
                }
                Err(e) if e.raw_os_error() == Some(libc::ENXIO) => {
                    if started.elapsed() >= FIFO_READER_WAIT {
                        return Err(std::io::Error::new(
                            std::io::ErrorKind::WouldBlock,
                            format!(
                                "no reader on the FIFO after {} s (start its reader first)",
                                FIFO_READER_WAIT.as_secs()
                            ),
                        ));
                    }
                    // No event tells a writer that a reader opened the
                    // FIFO: look again shortly.
                    std::thread::sleep(std::time::Duration::from_millis(10));
                }
                Err(e) => return Err(e),
            }
        }
    }
    #[cfg(not(unix))]
    options.open(path)
}

/// A writer that fails (with the error [`CANCELLED`]) once `cancel` is
/// raised, and passes at most [`CANCEL_CHUNK`] bytes per write, so that a large
/// write stops within one chunk of the cancel: under
/// [`write_atomic_with`], whose temporary file is then removed.
pub struct CancellableWriter<'a, W: Write> {
    inner: W,
    cancel: &'a crate::engine::CancelToken,
}

/// The most bytes [`CancellableWriter`] passes on between two looks at its
/// token.
pub const CANCEL_CHUNK: usize = 4 << 20;

impl<'a, W: Write> CancellableWriter<'a, W> {
    /// `inner`, stopped by `cancel`.
    pub fn new(inner: W, cancel: &'a crate::engine::CancelToken) -> Self {
        Self { inner, cancel }
    }

    fn check(&self) -> std::io::Result<()> {
        if self.cancel.is_cancelled() {
            Err(std::io::Error::other(CANCELLED))
        } else {
            Ok(())
        }
    }
}

/// The error message of a write stopped by its [`CancellableWriter`]'s token.
pub const CANCELLED: &str = "cancelled";

impl<W: Write> Write for CancellableWriter<'_, W> {
    fn write(&mut self, buf: &[u8]) -> std::io::Result<usize> {
        self.check()?;
        self.inner.write(&buf[..buf.len().min(CANCEL_CHUNK)])
    }

    fn flush(&mut self) -> std::io::Result<()> {
        self.check()?;
        self.inner.flush()
    }
}

/// How [`write_atomic_with`]'s temporary files end; they start with `.`
/// and the target's file name.
const TEMP_SUFFIX: &str = ".tmp";

/// Remove the temporary files [`write_atomic_with`] left in `dir` (a kill
/// mid-write leaves one, as large as the file) for targets whose names start
/// with `target_prefix`, when last modified more than `older_than` ago: a
/// younger one may belong to a writer still running. Returns how many were
/// removed; what cannot be read or removed is left alone.
pub fn remove_stale_temp_files(
    dir: &Path,
    target_prefix: &str,
    older_than: std::time::Duration,
) -> usize {
    let Ok(entries) = std::fs::read_dir(dir) else {
        return 0;
    };
    let ours = format!(".{target_prefix}");
    let now = std::time::SystemTime::now();
    entries
        .filter_map(Result::ok)
        .filter(|e| {
            let name = e.file_name();
            let name = name.to_string_lossy();
            name.starts_with(&ours) && name.ends_with(TEMP_SUFFIX)
        })
        .filter(|e| {
            // Not followed through a link: only a regular file is ours.
            e.metadata().is_ok_and(|m| {
                m.is_file()
                    && m.modified()
                        .is_ok_and(|t| now.duration_since(t).is_ok_and(|age| age > older_than))
            })
        })
        .filter(|e| std::fs::remove_file(e.path()).is_ok())
        .count()
}

/// Flush a folder's entries (the rename) to disk. Where folders cannot be
/// opened or synced (Windows; some file systems refuse with `EINVAL`), the
/// rename is as durable as the platform makes it.
fn sync_folder(dir: &Path) -> std::io::Result<()> {
    #[cfg(unix)]
    {
        match File::open(dir)?.sync_all() {
            Err(e) if e.kind() == std::io::ErrorKind::InvalidInput => Ok(()),
            other => other,
        }
    }
    #[cfg(not(unix))]
    {
        let _ = dir;
        Ok(())
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// A replacement flushed only to the system takes the place of a
    /// regular file whole (the old one's other names keep the old
    /// contents), makes a new file where there was none, leaves nothing
    /// beside them, and dropped unfinished changes nothing.
    #[cfg(unix)]
    #[test]
    fn a_replacement_swaps_in_whole_and_leaves_nothing_beside() {
        use std::io::Write as _;
        let dir = tempfile::tempdir().unwrap();
        let path = dir.path().join("trace.jsonl");
        std::fs::write(&path, "old\n").unwrap();
        let other = dir.path().join("other-name");
        std::fs::hard_link(&path, &other).unwrap();
        for flush in [Flush::ToSystem, Flush::ToDisk] {
            let mut r = Replacement::begin(&path).unwrap();
            r.file().write_all(b"half").unwrap();
            drop(r);
            assert_eq!(std::fs::read_to_string(&path).unwrap(), "old\n");
            let mut r = Replacement::begin(&path).unwrap();
            r.file().write_all(b"new\n").unwrap();
            r.finish(flush).unwrap();
            assert_eq!(std::fs::read_to_string(&path).unwrap(), "new\n");
            assert_eq!(std::fs::read_to_string(&other).unwrap(), "old\n");
            let fresh = dir.path().join(format!("fresh-{flush:?}"));
            let mut r = Replacement::begin(&fresh).unwrap();
            r.file().write_all(b"made\n").unwrap();
            r.finish(flush).unwrap();
            assert_eq!(std::fs::read_to_string(&fresh).unwrap(), "made\n");
            std::fs::write(&path, "old\n").unwrap();
        }
        let mut names: Vec<String> = std::fs::read_dir(dir.path())
            .unwrap()
            .map(|e| e.unwrap().file_name().to_string_lossy().into_owned())
            .collect();
        names.sort();
        assert_eq!(
            names,
            [
                "fresh-ToDisk",
                "fresh-ToSystem",
                "other-name",
                "trace.jsonl"
            ]
        );
    }

    /// A FIFO named `fifo` made in `dir`.
    #[cfg(target_os = "linux")]
    fn fifo_in(dir: &Path) -> std::path::PathBuf {
        let fifo = dir.join("fifo");
        let made = std::process::Command::new("mkfifo")
            .arg(&fifo)
            .status()
            .expect("run mkfifo");
        assert!(made.success());
        fifo
    }

    #[cfg(target_os = "linux")]
    #[test]
    fn a_fifo_is_refused_by_the_open_itself_not_waited_on() {
        let dir = tempfile::tempdir().unwrap();
        let fifo = fifo_in(dir.path());
        // No look at the path first: the open must neither block (no
        // writer ever comes) nor hand back the FIFO.
        let err = open_regular(&fifo).unwrap_err();
        assert_eq!(err.kind(), std::io::ErrorKind::InvalidInput);
        assert!(err.to_string().contains("not a regular file"), "{err}");
        // And every reader built on it: puzzle files, bench files.
        let err = puzzle_file::load(&fifo).unwrap_err().to_string();
        assert!(err.contains("not a regular file"), "{err}");
        let err = open_regular(dir.path()).unwrap_err();
        assert!(err.to_string().contains("not a regular file"), "{err}");
    }

    #[test]
    fn a_file_over_the_bound_is_refused_before_it_is_read() {
        let dir = tempfile::tempdir().unwrap();
        let path = dir.path().join("big.ron");
        // Sparse: the length is set, nothing is written.
        std::fs::File::create(&path)
            .unwrap()
            .set_len(common::MAX_FILE_BYTES + 1)
            .unwrap();
        let err = read_regular(&path, common::MAX_FILE_BYTES).unwrap_err();
        assert_eq!(err.kind(), std::io::ErrorKind::InvalidData);
        assert!(err.to_string().contains("16,777,217 bytes"), "{err}");
        let err = puzzle_file::load(&path).unwrap_err().to_string();
        assert!(err.contains("more than the 16,777,216"), "{err}");
        std::fs::write(&path, b"exactly").unwrap();
        assert_eq!(read_regular(&path, 7).unwrap(), b"exactly");
        assert!(read_regular(&path, 6).is_err());
    }

    fn entries(dir: &Path) -> Vec<String> {
        let mut names: Vec<String> = std::fs::read_dir(dir)
            .unwrap()
            .map(|e| e.unwrap().file_name().to_string_lossy().into_owned())
            .collect();
        names.sort();
        names
    }

    #[test]
    fn write_atomic_creates_then_replaces_and_leaves_nothing_else() {
        let dir = tempfile::TempDir::new().unwrap();
        let path = dir.path().join("sub").join("out.txt");
        write_atomic(&path, b"first").unwrap();
        assert_eq!(std::fs::read(&path).unwrap(), b"first");
        write_atomic(&path, b"second, longer").unwrap();
        assert_eq!(std::fs::read(&path).unwrap(), b"second, longer");
        assert_eq!(entries(path.parent().unwrap()), ["out.txt"]);
    }

    #[test]
    fn a_failing_writer_keeps_the_old_file_and_removes_the_temporary_one() {
        let dir = tempfile::TempDir::new().unwrap();
        let path = dir.path().join("out.bin");
        write_atomic(&path, b"old").unwrap();
        let err = write_atomic_with(&path, |out| {
            out.write_all(&[7; 100_000])?;
            Err(std::io::Error::other("disk on fire"))
        })
        .unwrap_err();
        assert_eq!(err.to_string(), "disk on fire");
        assert_eq!(std::fs::read(&path).unwrap(), b"old");
        assert_eq!(entries(dir.path()), ["out.bin"]);
    }

    #[test]
    fn write_atomic_streams_large_contents_intact() {
        let dir = tempfile::TempDir::new().unwrap();
        let path = dir.path().join("big.bin");
        let chunk: Vec<u8> = (0..=255u8).cycle().take(1 << 16).collect();
        write_atomic_with(&path, |out| {
            for _ in 0..20 {
                out.write_all(&chunk)?;
            }
            Ok(())
        })
        .unwrap();
        let back = std::fs::read(&path).unwrap();
        assert_eq!(back.len(), 20 * chunk.len());
        assert!(back.chunks(chunk.len()).all(|c| c == chunk));
    }

    /// The written file gets the permissions of a file made with
    /// `File::create`, not a temporary file's owner-only ones.
    #[cfg(unix)]
    #[test]
    fn write_atomic_gives_ordinary_file_permissions() {
        use std::os::unix::fs::PermissionsExt;
        let dir = tempfile::TempDir::new().unwrap();
        let plain = dir.path().join("plain");
        File::create(&plain).unwrap();
        let atomic = dir.path().join("atomic");
        write_atomic(&atomic, b"x").unwrap();
        let mode = |p: &Path| std::fs::metadata(p).unwrap().permissions().mode() & 0o777;
        assert_eq!(mode(&atomic), mode(&plain));
    }

    /// A symbolic link is written through, never replaced: the link stays,
    /// its target gets the contents (as `> link` does), and a link to a
    /// device writes to the device without a temporary file beside it.
    #[cfg(unix)]
    #[test]
    fn a_symlink_is_written_through_not_renamed_over() {
        let dir = tempfile::TempDir::new().unwrap();
        let target = dir.path().join("target.txt");
        std::fs::write(&target, b"old contents, longer than the new").unwrap();
        let link = dir.path().join("link.txt");
        std::os::unix::fs::symlink(&target, &link).unwrap();
        write_atomic(&link, b"new").unwrap();
        assert!(std::fs::symlink_metadata(&link).unwrap().is_symlink());
        assert_eq!(std::fs::read(&target).unwrap(), b"new");
        assert_eq!(entries(dir.path()), ["link.txt", "target.txt"]);
        // A dangling link: its target is created, the link kept.
        let dangling = dir.path().join("dangling");
        std::os::unix::fs::symlink(dir.path().join("made"), &dangling).unwrap();
        write_atomic(&dangling, b"made").unwrap();
        assert!(std::fs::symlink_metadata(&dangling).unwrap().is_symlink());
        assert_eq!(std::fs::read(dir.path().join("made")).unwrap(), b"made");
        // A link to the null device: written, still a link, nothing left.
        let null = dir.path().join("null");
        std::os::unix::fs::symlink("/dev/null", &null).unwrap();
        write_atomic_with(&null, |out| out.write_all(&[1; 100_000])).unwrap();
        assert!(std::fs::symlink_metadata(&null).unwrap().is_symlink());
        assert_eq!(
            entries(dir.path()),
            ["dangling", "link.txt", "made", "null", "target.txt"]
        );
    }

    /// A FIFO is written in place, to its reader; it stays a FIFO.
    #[cfg(target_os = "linux")]
    #[test]
    fn a_fifo_is_written_to_its_reader_not_replaced() {
        use std::os::unix::fs::FileTypeExt;
        let dir = tempfile::TempDir::new().unwrap();
        let fifo = fifo_in(dir.path());
        let reader = {
            let fifo = fifo.clone();
            // Blocks until the writer opens the FIFO, then reads to its end.
            std::thread::spawn(move || std::fs::read(fifo))
        };
        write_atomic(&fifo, b"through the pipe").unwrap();
        assert!(
            std::fs::symlink_metadata(&fifo)
                .unwrap()
                .file_type()
                .is_fifo()
        );
        assert_eq!(reader.join().unwrap().unwrap(), b"through the pipe");
        assert_eq!(entries(dir.path()), ["fifo"]);
    }

    /// A folder at the path is refused, and left as it is.
    #[test]
    fn a_folder_is_refused() {
        let dir = tempfile::TempDir::new().unwrap();
        let sub = dir.path().join("sub");
        std::fs::create_dir(&sub).unwrap();
        assert!(write_atomic(&sub, b"x").is_err());
        assert!(sub.is_dir());
        assert_eq!(entries(dir.path()), ["sub"]);
    }

    /// A write cancelled midway ends with an error, the old file kept and
    /// the temporary file removed.
    #[test]
    fn a_cancelled_write_removes_its_temporary_file() {
        let dir = tempfile::TempDir::new().unwrap();
        let path = dir.path().join("db.bin");
        write_atomic(&path, b"old").unwrap();
        let cancel = crate::engine::CancelToken::new();
        let big = vec![5u8; 3 * CANCEL_CHUNK];
        let mut seen = Vec::new();
        let err = write_atomic_with(&path, |out| {
            let mut w = CancellableWriter::new(out, &cancel);
            w.write_all(&big[..CANCEL_CHUNK])?;
            seen = entries(dir.path());
            cancel.cancel();
            w.write_all(&big)
        })
        .unwrap_err();
        assert_eq!(err.to_string(), CANCELLED);
        assert_eq!(seen.len(), 2, "{seen:?}");
        assert_eq!(std::fs::read(&path).unwrap(), b"old");
        assert_eq!(entries(dir.path()), ["db.bin"]);
    }

    fn age(path: &Path, ago: std::time::Duration) {
        let f = File::options().write(true).open(path).unwrap();
        f.set_modified(std::time::SystemTime::now() - ago).unwrap();
    }

    #[test]
    fn only_stale_temporary_files_of_matching_targets_are_removed() {
        let dir = tempfile::TempDir::new().unwrap();
        let target = dir.path().join("pdb44-4x4-00.bin");
        // The temporary file a kill mid-write leaves behind: catch its real
        // name from inside the write.
        let mut left = None;
        write_atomic_with(&target, |out| {
            left = entries(dir.path()).into_iter().next();
            out.write_all(b"x")
        })
        .unwrap();
        let left = left.expect("a temporary file exists during the write");
        assert_ne!(left, "pdb44-4x4-00.bin");
        let hour = std::time::Duration::from_secs(3600);
        let stale = dir.path().join(&left);
        std::fs::write(&stale, b"half").unwrap();
        age(&stale, hour);
        let fresh = dir.path().join(".pdb44-4x4-00.bin.fresh1.tmp");
        std::fs::write(&fresh, b"in progress").unwrap();
        let other = dir.path().join(".notes.txt.abc.tmp");
        std::fs::write(&other, b"not ours").unwrap();
        age(&other, hour);
        let removed =
            remove_stale_temp_files(dir.path(), "pdb", std::time::Duration::from_secs(600));
        assert_eq!(removed, 1);
        assert_eq!(
            entries(dir.path()),
            vec![
                ".notes.txt.abc.tmp".to_string(),
                ".pdb44-4x4-00.bin.fresh1.tmp".to_string(),
                "pdb44-4x4-00.bin".to_string(),
            ]
        );
        // A missing folder is nothing to clean.
        assert_eq!(
            remove_stale_temp_files(&dir.path().join("none"), "pdb", hour),
            0
        );
    }

    #[test]
    fn either_kind_is_loaded_by_load_any_and_tiles_refuse_klotski() {
        let tmp = tempfile::TempDir::new().unwrap();
        let dir = tmp.path();
        let k = dir.join("k.ron");
        let hengdao = crate::engine::klotski::Layout::parse("BAAC/BAAC/DEEF/DGHF/I..J").unwrap();
        klotski_file::save(
            &k,
            &klotski_file::SavedKlotski::new(hengdao, Some("横刀立马".into())),
        )
        .unwrap();
        match load_any(&k).unwrap() {
            Document::Klotski(s) => assert_eq!(s.name.as_deref(), Some("横刀立马")),
            other => panic!("{other:?}"),
        }
        let err = puzzle_file::load(&k).unwrap_err();
        assert_eq!(err.to_string(), "this file holds a Klotski puzzle");
        let t = dir.join("t.ron");
        let tiles = puzzle_file::Saved::new(
            crate::engine::TilePuzzle::parse("1 2 3 0", None, None).unwrap(),
            None,
        );
        puzzle_file::save(&t, &tiles).unwrap();
        assert_eq!(load_any(&t).unwrap(), Document::Tiles(tiles));
    }
}
