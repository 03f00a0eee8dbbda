//! A pattern's table as the database holds it: bytes of its own (built, or
//! read into memory), or a window on bytes someone else holds and shares
//! read-only, such as a file a front end mapped. Lookups read either the
//! same way, as a slice; the engine never knows where the bytes live.

use std::ops::{Deref, Range};
use std::sync::Arc;

/// Bytes held outside the database and shared read-only with it (a mapped
/// file, say): they must not change while any database reads them.
pub type HeldBytes = Arc<dyn AsRef<[u8]> + Send + Sync>;

/// One pattern's table.
///
/// ```
/// use std::sync::Arc;
/// use huarong_engine::tiles::pdb::{HeldBytes, TableBytes};
///
/// let own = TableBytes::from(vec![3, 1, 4]);
/// let file: HeldBytes = Arc::new(vec![9, 9, 3, 1, 4, 9]);
/// let window = TableBytes::held(file, 2..5).unwrap();
/// assert_eq!(&own[..], &window[..]);
/// assert!(TableBytes::held(Arc::new(vec![0u8; 4]), 2..5).is_none());
/// ```
#[derive(Clone, Default)]
pub struct TableBytes(Repr);

#[derive(Clone)]
enum Repr {
    Own(Vec<u8>),
    Held(HeldBytes, Range<usize>),
}

impl Default for Repr {
    fn default() -> Self {
        Repr::Own(Vec::new())
    }
}

impl TableBytes {
    /// The window `range` on `bytes` (`None` if it does not lie within).
    pub fn held(bytes: HeldBytes, range: Range<usize>) -> Option<Self> {
        let len = (*bytes).as_ref().len();
        (range.start <= range.end && range.end <= len).then_some(Self(Repr::Held(bytes, range)))
    }

    /// Whether the bytes are held elsewhere (not the database's own).
    pub fn is_held(&self) -> bool {
        matches!(self.0, Repr::Held(..))
    }
}

impl From<Vec<u8>> for TableBytes {
    fn from(bytes: Vec<u8>) -> Self {
        Self(Repr::Own(bytes))
    }
}

impl Deref for TableBytes {
    type Target = [u8];

    fn deref(&self) -> &[u8] {
        match &self.0 {
            Repr::Own(bytes) => bytes,
            Repr::Held(bytes, range) => &(**bytes).as_ref()[range.clone()],
        }
    }
}

impl PartialEq for TableBytes {
    fn eq(&self, other: &Self) -> bool {
        self[..] == other[..]
    }
}

impl Eq for TableBytes {}

impl std::fmt::Debug for TableBytes {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        let whose = if self.is_held() { "held" } else { "own" };
        write!(f, "TableBytes({} bytes, {whose})", self.len())
    }
}
