//! What lives on disk. The engine never touches files; this module does, for
//! the CLI and the app: the pattern-database cache, puzzle files, atomic
//! writes, and the shipped classic Klotski layouts.

pub mod klotski_file;
pub mod layouts;
pub mod pdb_cache;
pub mod puzzle_file;
pub mod results;

use std::fs::File;
use std::io::{BufWriter, Write};
use std::path::Path;

/// Write `bytes` to `path` atomically: see [`write_atomic_with`].
pub fn write_atomic(path: &Path, bytes: &[u8]) -> std::io::Result<()> {
    write_atomic_with(path, |out| out.write_all(bytes))
}

/// Write a file atomically, its contents streamed by `write` (through a
/// buffer) into a new temporary file in the target's folder, which is
/// flushed to disk and renamed over `path`; the folder is then flushed so the
/// rename itself survives a crash. A crash leaves either the old file or the
/// new one, never half of one; on any error the temporary file is removed.
pub fn write_atomic_with(
    path: &Path,
    write: impl FnOnce(&mut BufWriter<&mut File>) -> std::io::Result<()>,
) -> std::io::Result<()> {
    let dir = match path.parent() {
        Some(dir) if !dir.as_os_str().is_empty() => dir,
        _ => Path::new("."),
    };
    std::fs::create_dir_all(dir)?;
    let name = path.file_name().and_then(|n| n.to_str()).unwrap_or("file");
    let prefix = format!(".{name}.");
    let mut builder = tempfile::Builder::new();
    builder.prefix(&prefix).suffix(".tmp");
    // The permissions `File::create` gives (0o666 less the umask), not the
    // owner-only 0o600 of a temporary file: the result is the user's file.
    #[cfg(unix)]
    {
        use std::os::unix::fs::PermissionsExt;
        builder.permissions(std::fs::Permissions::from_mode(0o666));
    }
    // Created exclusively under a fresh random name; removed when dropped
    // unless persisted.
    let mut tmp = builder.tempfile_in(dir)?;
    {
        let mut out = BufWriter::new(tmp.as_file_mut());
        write(&mut out)?;
        out.flush()?;
    }
    tmp.as_file().sync_all()?;
    // On failure the error holds the temporary file, which its drop removes.
    tmp.persist(path).map_err(|e| e.error)?;
    sync_folder(dir)
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
}
