//! The app's error messages and its wording of the engine's and storage's
//! typed errors (which stay English for the CLI): [`ErrorMsg`].

use super::messages;

messages! {
    /// Errors the app shows: its own, and the engine's and storage's in its
    /// words.
    ErrorMsg;
    // The app's own.
    BusySolve => "solve", "求解";
    BusyComparison => "comparison", "对比";
    BusyDatabase => "database build", "数据库构建";
    CannotOpen { path: String, why: String } => "Cannot open {path}: {why}", "无法打开 {path}：{why}";
    CannotSave { path: String, why: String } => "Cannot save {path}: {why}", "无法保存 {path}：{why}";
    CannotExport { path: String, why: String } =>
        "Cannot export to {path}: {why}", "无法导出到 {path}：{why}";
    NoSolution =>
        "There is no solution to save yet: press Solve first.",
        "还没有可保存的解：请先按“求解”。";
    OpenWhileBusy { busy: String } =>
        "Cancel the running {busy} before opening a file.",
        "请先取消正在进行的{busy}，再打开文件。";
    Refused { action: String, busy: String } =>
        "{action} is not available while a {busy} runs: cancel it first.",
        "{busy}进行时不能{action}：请先取消。";
    NotSolvingUnsolvable { why: String } =>
        "Not solving: this start is unsolvable: {why}",
        "不求解：这个起始局面无解：{why}";
    UnsolvableForGoal { why: String } => "unsolvable for this goal: {why}", "对这个目标无解：{why}";
    NotSolving { why: String } => "Not solving: {why}", "不求解：{why}";
    // The engine's board errors.
    BoardEmpty => "no tiles given", "没有给出数字块";
    BoardNotANumber { token: String } =>
        "'{token}' is not a number (tiles are whole numbers, 0 = blank)",
        "“{token}”不是数字（数字块是整数，0 表示空格）";
    BoardBadSize { text: String } =>
        "size '{text}' is not RxC (e.g. 4x4 or 3x5)",
        "尺寸“{text}”不是 行x列 的形式（例如 4x4 或 3x5）";
    BoardSizeOutOfRange { rows: usize, cols: usize, min: u8, max: u8 } =>
        "size {rows}x{cols} is out of range: rows and columns must be {min} to {max}",
        "尺寸 {rows}x{cols} 超出范围：行数和列数须在 {min} 到 {max} 之间";
    BoardNotSquare { n: usize } =>
        "{n} numbers do not make a square board; give the size as RxC (--size)",
        "{n} 个数字排不成正方形棋盘；请按 行x列 给出尺寸";
    BoardWrongCount { found: usize, shape: String, cells: usize } =>
        "{found} numbers for a {shape} board: expected {cells}",
        "{shape} 棋盘给了 {found} 个数字：应为 {cells} 个";
    BoardGoalCount { found: usize, shape: String, cells: usize } =>
        "the goal has {found} numbers but the start is a {shape} board ({cells} numbers)",
        "目标有 {found} 个数字，但起始局面是 {shape} 棋盘（{cells} 个数字）";
    BoardOutOfRange { tile: u64, max: usize } =>
        "tile {tile} is out of range: tiles go from 0 (blank) to {max}",
        "数字块 {tile} 超出范围：数字块从 0（空格）到 {max}";
    BoardTwoBlanks => "duplicate tile 0: only one blank allowed", "0 重复：只能有一个空格";
    BoardDuplicate { tile: u8 } => "duplicate tile {tile}", "数字块 {tile} 重复";
    BoardNoBlank => "missing tile 0: the board needs a blank", "缺少 0：棋盘需要一个空格";
    BoardMissing { tile: u8 } => "missing tile {tile}", "缺少数字块 {tile}";
    BoardGoalShape { goal: String, start: String } =>
        "the goal is a {goal} board but the start is {start}",
        "目标是 {goal} 棋盘，但起始局面是 {start}";
    BoardInGoal { why: String } => "goal: {why}", "目标：{why}";
    // Why a start cannot reach its goal.
    ParityOdd => "odd", "奇";
    ParityEven => "even", "偶";
    Unsolvable { permutation: String, distance: usize, blank: String } =>
        "the arrangement is an {permutation} permutation of the goal but the blank is {distance} moves from its goal cell ({blank}); every move flips both parities, so this start can never reach the goal",
        "这个排列是目标的{permutation}排列，但空格离它的目标格 {distance} 步（{blank}数）；每走一步两个奇偶性都会翻转，所以这个起始局面永远到不了目标";
    UnsolvableOneMove { permutation: String, distance: usize, blank: String } =>
        "the arrangement is an {permutation} permutation of the goal but the blank is {distance} move from its goal cell ({blank}); every move flips both parities, so this start can never reach the goal",
        "这个排列是目标的{permutation}排列，但空格离它的目标格 {distance} 步（{blank}数）；每走一步两个奇偶性都会翻转，所以这个起始局面永远到不了目标";
    // Why a solve was refused.
    HeuristicUnavailable => "the chosen heuristic cannot be used on this board", "所选启发函数不能用于这个棋盘";
    BadParameter { why: String } => "{why}", "参数无效：{why}";
    Unsupported { strategy: String, families: String, family: String } =>
        "{strategy} solves {families} only, not {family}",
        "{strategy}只能求解{families}，不能求解{family}";
    And => " and ", "和";
    // Klotski layouts.
    // Puzzle files.
    FileIo { path: String, why: String } => "cannot read {path}: {why}", "无法读取 {path}：{why}";
    FileNotFound => "no such file", "文件不存在";
    FilePermission => "permission denied", "没有权限";
    FileEmpty => "the file is empty", "文件是空的";
    FileNotText { offset: usize } =>
        "not a text file: invalid UTF-8 at byte {offset}",
        "不是文本文件：第 {offset} 字节不是有效的 UTF-8";
    FileParse { line: usize, column: usize, why: String } =>
        "not a valid puzzle file: line {line}, column {column}: {why}",
        "不是有效的谜题文件：第 {line} 行第 {column} 列：{why}";
    FileNotPuzzleTagged { tag: String } =>
        "not a Huarong puzzle file (format '{tag}')", "不是华容道谜题文件（格式“{tag}”）";
    FileNotPuzzle => "not a Huarong puzzle file (no format tag)", "不是华容道谜题文件（没有格式标记）";
    FileTooNew { version: u64, supported: u32 } =>
        "file version {version} is newer than this app supports ({supported})",
        "文件版本 {version} 比本程序支持的版本（{supported}）新";
    FileBadVersion { version: u64 } =>
        "file version {version} is not valid: versions start at 1",
        "文件版本 {version} 无效：版本号从 1 开始";
    FileUnknownKind { kind: String, known: String } =>
        "unknown puzzle kind '{kind}' (this app knows: {known})",
        "未知的谜题种类“{kind}”（本程序认识：{known}）";
    FileState { why: String } => "state: {why}", "局面：{why}";
    FileGoal { why: String } => "goal: {why}", "目标：{why}";
    FileGoalSize { shape: String, cells: usize, found: usize } =>
        "start and goal differ in size: the start is a {shape} board ({cells} tiles) but the goal has {found}",
        "起始局面和目标大小不同：起始局面是 {shape} 棋盘（{cells} 个数字块），目标却有 {found} 个";
    FileBadLetter { index: usize, letter: String } =>
        "solution: move {index} is '{letter}', not a move (use U, D, L, R: the direction the blank moves)",
        "解法：第 {index} 步是“{letter}”，不是走法（用 U、D、L、R：空格移动的方向）";
    FileIllegalMove { index: usize, letter: char } =>
        "solution: move {index} ({letter}) is illegal: the blank is at the edge",
        "解法：第 {index} 步（{letter}）不合法：空格已在棋盘边上";
    FileNotAtGoal { moves: usize } =>
        "solution: its {moves} moves do not end at the goal",
        "解法：它的 {moves} 步没有走到目标";
    FileBadElapsed { ms: f64 } =>
        "solution: elapsed_ms {ms} is not a time (a number of milliseconds, 0 or more)",
        "解法：elapsed_ms {ms} 不是时间（应为 0 或更大的毫秒数）";
    FileWrongKind { kind: String } => "this file holds a {kind} puzzle", "这个文件存的是{kind}谜题";
    FileLayout { why: String } => "layout: {why}", "布局：{why}";
    FileBadStep { index: usize, text: String } =>
        "solution: step {index} is '{text}', not a step (use letter:direction, e.g. A:D)",
        "解法：第 {index} 步是“{text}”，不是一步（格式是“字母:方向”，例如 A:D）";
    FileIllegalStep { index: usize, text: String } =>
        "solution: step {index} ({text}) is illegal: that piece cannot move there",
        "解法：第 {index} 步（{text}）不合法：那块棋子不能移到那里";
    FileStepsNotAtGoal { steps: usize } =>
        "solution: its {steps} steps do not bring the target to its goal",
        "解法：它的 {steps} 步没有把目标棋子移到出口";
}
