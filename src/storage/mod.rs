//! What lives on disk. The engine never touches files; this module does, for
//! the CLI and the app: the pattern-database cache, puzzle files, atomic
//! writes, and the shipped classic Klotski layouts.

pub mod klotski_file;
pub mod layouts;
pub mod pdb_cache;
pub mod puzzle_file;
pub mod results;

use std::io::Write;
use std::path::Path;

/// Write `bytes` to `path` atomically: into a temporary file in the same
/// folder, flushed to disk, then renamed over the target. A crash leaves
/// either the old file or the new one, never half of one.
pub fn write_atomic(path: &Path, bytes: &[u8]) -> std::io::Result<()> {
    let dir = path.parent().unwrap_or(Path::new("."));
    std::fs::create_dir_all(dir)?;
    let name = path.file_name().and_then(|n| n.to_str()).unwrap_or("file");
    let nanos = std::time::SystemTime::now()
        .duration_since(std::time::UNIX_EPOCH)
        .map(|d| d.subsec_nanos())
        .unwrap_or(0);
    let tmp = dir.join(format!(".{name}.{}.{nanos}.tmp", std::process::id()));
    let result = (|| {
        let mut f = std::fs::File::create(&tmp)?;
        f.write_all(bytes)?;
        f.sync_all()?;
        std::fs::rename(&tmp, path)
    })();
    if result.is_err() {
        let _ = std::fs::remove_file(&tmp);
    }
    result
}
