//! The 24-puzzle's pattern database (6-6-6-6) in the app.

use super::messages;

messages! {
    /// What the panel says about the 6-6-6-6 database.
    PdbMsg;
    /// Why the 6-6-6-6 database cannot guide a search on another board.
    NeedsFiveByFive { label: String, shape: String } =>
        "{label} needs a 5×5 board (its tables are built for the 24-puzzle), not {shape}",
        "{label}需要 5×5 棋盘（它的表是为 24 数码问题建的），当前是 {shape}";
}
