//! The words of the sliding-tiles side of the app: the play view (board,
//! controls, step list, status line), the set-state dialog, the family
//! switch, the Keys and About windows and the pattern databases: [`TilesMsg`].
//! [`Said`] keeps a text that is drawn later, so a status line set before a
//! language switch is shown in the new language.

use super::messages;

messages! {
    /// The sliding-tiles play view, its dialogs and the app's shell.
    TilesMsg;
    // The family switch above the views.
    PuzzleLabel => "Puzzle:", "谜题：";
    FamilyTiles => "Sliding tiles", "数字推盘";
    // The family's name inside a sentence.
    FamilyName => "tile puzzles", "数字推盘";
    ViewPlay => "Play & solve", "游玩与求解";
    ViewCompare => "Compare strategies", "比较策略";
    WindowTitle => "Huarong — sliding puzzles", "华容道 — 滑块谜题";
    ErrorTitle => "Error", "错误";
    ButtonOk => "OK", "确定";
    // Status lines the shell sets.
    Exported { rows: usize, path: String } =>
        "Exported {rows} rows to {path}.", "已导出 {rows} 行到 {path}。";
    ExportedBatch { rows: usize, path: String, starts: usize, starts_path: String } =>
        "Exported {rows} rows to {path} and their {starts} starts to {starts_path}.",
        "已导出 {rows} 行到 {path}，其 {starts} 个起始局面到 {starts_path}。";
    StateSet => "State set.", "局面已设置。";
    OpenedKlotski { path: String } => "Opened {path}", "已打开 {path}";
    Opened { path: String } => "Opened {path}.", "已打开 {path}。";
    Saved { path: String } => "Saved {path}.", "已保存 {path}。";
    // Commands refused while a solve or comparison runs, as the user knows them.
    ActionNewSize => "A new size", "换尺寸";
    ActionRandomize => "Randomize", "随机局面";
    ActionSetGoal => "Choosing the goal", "选择目标";
    GoalLabel => "Goal:", "目标：";
    GoalPatternHint =>
        "The arrangement to reach. Hints, distances, solves and the inspector all follow it.",
        "要到达的排列。提示、距离、求解和检视器都以它为准。";
    GoalCustom => "other (from a file or Set state)", "其他（来自文件或设置局面）";
    GoalSet { pattern: String } => "Goal: {pattern}. A random start toward it.", "目标：{pattern}。已生成通向它的随机起始局面。";
    ActionShuffle => "Shuffle", "打乱";
    ActionReset => "Reset", "重置";
    ActionGoToGoal => "Go to goal", "到目标局面";
    ActionSetState => "Set state", "设置局面";
    ActionPasteState => "Paste state", "粘贴局面";
    ActionChooseLayout => "Choosing a layout", "选择布局";
    ActionEditLayout => "Edit layout", "编辑布局";
    ActionShowPosition => "Showing a position", "显示局面";
    ActionEditMode => "Edit mode", "编辑模式";
    ActionSwitchPuzzle => "Switching the puzzle", "切换谜题";
    ActionOpen => "File ▸ Open", "文件 ▸ 打开";
    ActionBuildStrong => "Building the strong database", "构建强模式数据库";
    ActionPlayCompared => "Playing a compared run", "播放对比中的运行";
    ActionSwitchView => "Switching views", "切换视图";
    // A run as people read it.
    WithHeuristic { strategy: String, heuristic: String } =>
        "{strategy} with {heuristic}", "{strategy}（启发函数：{heuristic}）";
    // The status line of the tile view.
    KlotskiOnly { strategy: String, fallback: String } =>
        "{strategy} solves Klotski only: {fallback} is chosen for sliding tiles.",
        "{strategy}只能解华容道：数字推盘改用{fallback}。";
    FallbackChosen { fallback: String } =>
        "{fallback} is chosen for sliding tiles.",
        "数字推盘改用{fallback}。";
    HeuristicGaveWay { chosen: String, shape: String, fallback: String } =>
        "{chosen} does not fit a {shape} board: {fallback} is chosen.",
        "{chosen}不适用于 {shape} 棋盘：改用{fallback}。";
    Welcome { shape: String } =>
        "Welcome! A shuffled {shape} puzzle: slide the tiles into order (click, drag or arrow keys), or press Solve. Randomize or Shuffle for another.",
        "欢迎！这是一个打乱的 {shape} 谜题：把数字块滑回顺序（点击、拖动或方向键），或按“求解”。想换一题就按“随机局面”或“打乱”。";
    NewPuzzle { shape: String } =>
        "New {shape} puzzle. Randomize or Shuffle to start.",
        "新的 {shape} 谜题。按“随机局面”或“打乱”开始。";
    RandomStart => "Random solvable start.", "随机的可解局面。";
    Shuffled { k: usize } => "Shuffled with {k} random moves.", "随机走了 {k} 步打乱。";
    BackToStart => "Back to the start (Ctrl+Z goes back).", "已回到起始局面（Ctrl+Z 撤销）。";
    AlreadyAtStart => "Back to the start already.", "已经在起始局面。";
    AtGoalJump => "At the goal (Ctrl+Z goes back).", "已到目标局面（Ctrl+Z 撤销）。";
    AlreadyAtGoal => "At the goal already.", "已经在目标局面。";
    OffTheGoal { moves: usize } =>
        "Moved off the goal ({moves} moves played).", "已离开目标局面（已走 {moves} 步）。";
    EditOn => "Edit mode: click two tiles to swap them.", "编辑模式：点击两个块即可交换。";
    EditOff => "Edit mode off.", "编辑模式已关闭。";
    UnsolvableNow { why: String } => "Unsolvable: {why}", "无解：{why}";
    Cancelling => "Cancelling…", "正在取消…";
    StateCopied => "State copied as text.", "局面已复制为文本。";
    BuildingStrong =>
        "Building the strong (7-8) pattern database…", "正在构建强（7-8）模式数据库…";
    SolvedByHand { moves: usize, seconds: String } =>
        "Solved by hand in {moves} moves and {seconds} s!", "手动解出！共 {moves} 步，用时 {seconds} 秒！";
    SolvingFromList { run: String } =>
        "Solving the step list's start (step 0) with {run}…",
        "正在用 {run} 求解步骤列表的起始局面（第 0 步）…";
    SolvingWith { run: String } => "Solving with {run}…", "正在用 {run} 求解…";
    SolveFailed { why: String } => "Solve failed: {why}", "求解失败：{why}";
    SolveRefusedTitle => "Solve refused", "拒绝求解";
    // Before a run that may take very long.
    AdviceTitle { run: String } =>
        "{run} may take very long on this start",
        "{run}在这个局面上可能要算很长时间";
    AdviceGuided { at_least: u32, shape: String } =>
        "Every solution takes at least {at_least} moves (a lower bound: the Manhattan distance), and an exact search's work grows about exponentially with the length: on a {shape} board such a start can take hours.",
        "任何解都至少要 {at_least} 步（下界：曼哈顿距离），而精确搜索的工作量大致随解长指数增长：在 {shape} 棋盘上，这样的局面可能要算几个小时。";
    AdviceBlind { at_least: u32, shape: String } =>
        "Every solution takes at least {at_least} moves (a lower bound: the Manhattan distance), and a blind search stores or revisits every position up to that length: on a {shape} board that can take hours and more memory than there is.",
        "任何解都至少要 {at_least} 步（下界：曼哈顿距离），而不用启发函数的搜索要存储或重复访问这个长度以内的每一个局面：在 {shape} 棋盘上，这可能要算几个小时，内存也可能不足。";
    // The same when the start's exact distance is known (and shown): the
    // weaker bound is not given as news.
    AdviceGuidedExact { moves: u32, shape: String } =>
        "The shortest solution takes {moves} moves (exact), and an exact search's work grows about exponentially with the length: on a {shape} board such a start can take hours.",
        "最短解要 {moves} 步（精确），而精确搜索的工作量大致随解长指数增长：在 {shape} 棋盘上，这样的局面可能要算几个小时。";
    AdviceBlindExact { moves: u32, shape: String } =>
        "The shortest solution takes {moves} moves (exact), and a blind search stores or revisits every position up to that length: on a {shape} board that can take hours and more memory than there is.",
        "最短解要 {moves} 步（精确），而不用启发函数的搜索要存储或重复访问这个长度以内的每一个局面：在 {shape} 棋盘上，这可能要算几个小时，内存也可能不足。";
    AdviceOffers { fast: String, weighted: String } =>
        "{fast} finds a solution in seconds; {weighted} a near-shortest one, in seconds to minutes.",
        "{fast}几秒内就能找到一个解；{weighted}几秒到几分钟内能找到接近最短的解。";
    AdviceOfferFast { fast: String } =>
        "{fast} finds a solution in seconds (on a board this large even Weighted A* can take hours).",
        "{fast}几秒内就能找到一个解（棋盘这么大时，连加权 A* 算法也可能要算几个小时）。";
    UseStrategy { run: String } => "Use {run}", "改用{run}";
    SolveAnyway => "Solve anyway", "仍然求解";
    AdviceStatus { run: String } =>
        "{run} may take very long here: see the Steps panel.",
        "{run}在这里可能要算很长时间：见“步骤”面板。";
    SolveFailedTitle { run: String } => "Solve failed — {run}", "求解失败 — {run}";
    SolveRefusedBy { run: String } => "Solve refused — {run}", "拒绝求解 — {run}";
    EndedBy { status: String, run: String } => "{status} — {run}", "{status}（策略：{run}）";
    Solved { moves: usize, guarantee: String, run: String, counters: String, walk: String } =>
        "Solved: {moves} moves{guarantee} by {run} — {counters}{walk}",
        "已解出：{moves} 步{guarantee}，由 {run} 求得 — {counters}{walk}";
    ParenOptimal => " (optimal)", "（最优）";
    ParenWithin { w: f64 } => " (≤ {w} × optimal)", "（≤ {w} × 最优）";
    CommaOptimal => ", optimal", "，最优";
    CommaWithin { w: f64 } => ", ≤ {w} × optimal", "，≤ {w} × 最优";
    RawWalk { walk: String } => ", raw walk {walk}", "，原始游走 {walk} 步";
    Ended { status: String, counters: String } => "{status} — {counters}", "{status} — 统计：{counters}";
    DatabaseBuilt { name: String, time: String } =>
        "; {name} database built in {time}, not counted in the search time",
        "；{name} 模式数据库构建用时 {time}，不计入搜索时间";
    DatabaseLoaded { name: String, time: String } =>
        "; {name} database loaded in {time}, not counted in the search time",
        "；{name} 模式数据库载入用时 {time}，不计入搜索时间";
    CannotBeSolved => "This board cannot be solved", "这个棋盘无解";
    ItIsUnsolvable { why: String } => "It is unsolvable: {why}.", "它无解：{why}。";
    SwappedSolvable => "Swapped. The arrangement is solvable.", "已交换。这个排列可解。";
    SwappedUnsolvable { why: String } => "Swapped. Unsolvable: {why}", "已交换。无解：{why}";
    // The aids under the readout.
    ColourMoves => "Colour moves", "走法着色";
    ColourMovesHint =>
        "Colour each tile that can move by what its move does to the distance.",
        "按每个可移动的块走一步后距离的变化给它着色。";
    HeuristicView => "Heuristic view", "启发函数视图";
    HeuristicViewHint =>
        "Draw what the chosen heuristic counts on the tiles.",
        "在块上画出所选启发函数计算的内容。";
    AmongAll => "Among all positions…", "在所有局面中…";
    AmongAllHint =>
        "How far all the positions of this board are from the goal.",
        "这个棋盘的所有局面离目标有多远。";
    DatabaseNotLoaded =>
        "The pattern database is not loaded yet (Solve loads it): linear conflict shown.",
        "模式数据库尚未载入（求解时会载入）：显示的是线性冲突。";
    // The line above the board.
    MovesCount { moves: usize } => "Moves: {moves}", "步数：{moves}";
    TimeCount { seconds: String } => "Time: {seconds} s", "用时：{seconds} 秒";
    AtGoal => "At the goal", "已在目标局面";
    PressForPuzzle =>
        "— press Randomize or Shuffle (left) for a puzzle to solve",
        "— 按左侧的“随机局面”或“打乱”出一道题";
    Editing => "Editing: click two tiles to swap them", "编辑中：点击两个块即可交换";
    SolutionStale => "(solution stale)", "（解已过期）";
    // The left panel.
    HeadingPuzzle => "Puzzle", "谜题";
    Custom => "Custom", "自定义";
    RowsSuffix => " rows", " 行";
    ColsSuffix => " cols", " 列";
    NewButton => "New", "新建";
    RowsOut { min: u8, max: u8, rows: u8, cols: u8 } =>
        "Rows must be {min} to {max} (now {rows}×{cols}).",
        "行数须在 {min} 到 {max} 之间（现在是 {rows}×{cols}）。";
    ColsOut { min: u8, max: u8, rows: u8, cols: u8 } =>
        "Columns must be {min} to {max} (now {rows}×{cols}).",
        "列数须在 {min} 到 {max} 之间（现在是 {rows}×{cols}）。";
    BothOut { min: u8, max: u8, rows: u8, cols: u8 } =>
        "Rows and columns must be {min} to {max} (now {rows}×{cols}).",
        "行数和列数须在 {min} 到 {max} 之间（现在是 {rows}×{cols}）。";
    HeadingStrategy => "Strategy", "策略";
    Parameters => "Parameters", "参数";
    Heuristic => "Heuristic", "启发函数";
    Limits => "Limits", "限制";
    LimitNodes => "Nodes", "节点";
    LimitNodesHint { nodes: String } =>
        "Stop after expanding {nodes} nodes (type e.g. 500 k or 10 M)",
        "扩展 {nodes} 个节点后停止（可输入如 500 k 或 10 M）";
    LimitTime => "Time", "时间";
    SecondsSuffix => " s", " 秒";
    LimitTimeHint => "Stop after this many seconds", "运行这么多秒后停止";
    Threads => "Threads", "线程";
    ThreadsHint { cores: usize } =>
        "IDA* splits its larger iterations over this many threads (this computer has {cores} cores); while the anatomy is recorded it runs on one",
        "IDA* 把较大的迭代分给这么多个线程（本机有 {cores} 个核心）；记录剖析时只用一个";
    NeedsFourByFour { kind: String, shape: String } =>
        "{kind} needs a 4×4 board (its tables are built for the 15-puzzle), not {shape}",
        "{kind}需要 4×4 棋盘（它的表是为十五数码建的），不能用于 {shape}";
    NotOnTheWeb { kind: String } =>
        "{kind} is not in the web edition (its tables are too large to build in a page); the installed app has it",
        "网页版没有{kind}（它的表太大，无法在网页中构建）；安装版有";
    HeadingStart => "Start", "起始局面";
    Randomize => "Randomize", "随机局面";
    RandomizeHint => "A uniformly random solvable state", "均匀随机的可解局面";
    SetState => "Set state…", "设置局面…";
    Shuffle => "Shuffle", "打乱";
    ShuffleHint => "Random moves from the goal", "从目标局面随机走若干步";
    ShuffleMoves => "moves", "步";
    Reset => "Reset", "重置";
    ResetHint =>
        "Back to the start (the solution's start if there is one); Undo returns",
        "回到起始局面（有解时为解的起点）；撤销可返回";
    GoToGoal => "Go to goal", "到目标局面";
    GoToGoalHint => "Put the board at the goal; Undo returns", "把棋盘摆成目标局面；撤销可返回";
    EditMode => "Edit mode", "编辑模式";
    EditModeHint => "Click two tiles to swap them", "点击两个块即可交换";
    AnimateSlides => "Animate slides", "滑动动画";
    MarkHome => "Mark tiles in place", "标出已归位的块";
    ShowDistance => "Show distance and Hint", "显示距离和提示";
    Solve => "Solve", "求解";
    Inspect => "Inspect", "检视";
    InspectHint =>
        "Step through the search: its nodes, open list and tree",
        "检视搜索过程：一步步看节点、开放列表和搜索树";
    Running { run: String } => "Running {run}", "正在运行 {run}";
    Cancel => "Cancel", "取消";
    LiveExpanded => "expanded", "已扩展";
    LiveFrontier => "frontier / stored", "边界 / 已存储";
    LiveBound => "bound / depth", "阈值 / 深度";
    LiveMemory => "memory", "内存";
    LiveElapsed => "elapsed", "用时";
    Seconds { seconds: String } => "{seconds} s", "{seconds} 秒";
    // The step list.
    Steps => "Steps", "步骤";
    NoSolutionYet => "No solution yet: press Solve.", "还没有解：请按“求解”。";
    EarlierSolution { summary: String } => "Earlier solution: {summary}", "较早的解：{summary}";
    SolutionSummary { moves: usize, run: String, guarantee: String } =>
        "{moves} moves by {run}{guarantee}", "{moves} 步，由 {run} 求得{guarantee}";
    Stale =>
        "Stale: the board no longer shows a step of this solution.",
        "已过期：棋盘不再显示这个解的任何一步。";
    First => "First", "首步";
    Prev => "Prev", "上一步";
    Play => "Play", "播放";
    Pause => "Pause", "暂停";
    Next => "Next", "下一步";
    Last => "Last", "末步";
    StepsPerSecond => "steps/s", "步/秒";
    StepStart => "0. start", "第 0 步：起始局面";
    StepRow { i: usize, what: String } => "{i}. {what}", "第 {i} 步：{what}";
    /// A tile's move: the tile, the arrow it slides along, where the blank goes.
    TileMoveUp { tile: u8 } => "tile {tile} ↓ (blank up)", "{tile} 号块 ↓（空格上移）";
    TileMoveDown { tile: u8 } => "tile {tile} ↑ (blank down)", "{tile} 号块 ↑（空格下移）";
    TileMoveLeft { tile: u8 } => "tile {tile} → (blank left)", "{tile} 号块 →（空格左移）";
    TileMoveRight { tile: u8 } => "tile {tile} ← (blank right)", "{tile} 号块 ←（空格右移）";
    // The set-state dialog.
    SetStateTitle => "Set state", "设置局面";
    Tiles => "Tiles", "数字块";
    TilesHint =>
        "Row by row, 0 for the blank; spaces, commas or new lines (Shift+Enter). Enter applies.",
        "逐行输入，0 表示空格；用空格、逗号或换行（Shift+Enter）分隔。按 Enter 应用。";
    TilesExample => "e.g. 1 2 3 4 5 6 7 8 0", "例如 1 2 3 4 5 6 7 8 0";
    SizeLabel => "Size:", "尺寸：";
    Goal => "Goal", "目标";
    GoalHint => "empty: 1 2 … then the blank", "留空：1 2 … 最后是空格";
    SolvablePuzzle { shape: String } => "OK: a solvable {shape} puzzle", "可以：一个可解的 {shape} 谜题";
    Apply => "Apply", "应用";
    // The pattern databases.
    DbLoading { name: String } => "Loading the {name} database…", "正在载入 {name} 模式数据库…";
    DbSaving { name: String } => "Saving the {name} database…", "正在保存 {name} 模式数据库…";
    DbBuilding { name: String, percent: String } =>
        "building {name} database {percent}%", "正在构建 {name} 模式数据库 {percent}%";
    StrongMissing => "7-8 database: not built", "7-8 模式数据库：未构建";
    StrongOnDisk => "7-8 database: on disk", "7-8 模式数据库：已在磁盘上";
    StrongLoaded => "7-8 database: loaded", "7-8 模式数据库：已载入";
    StrongLoading => "7-8 database: loading", "7-8 模式数据库：正在载入";
    StrongBuilding => "7-8 database: building", "7-8 模式数据库：正在构建";
    CancelBuild => "Cancel build", "取消构建";
    CancelBuildOf { name: String } => "Cancel the {name} build", "取消构建 {name}";
    BuildStrong => "Build strong database", "构建强模式数据库";
    BuildStrongHint =>
        "Build the 7-8 pattern database (about 0.6 GB on disk and in memory; takes about 15 s on two cores, up to 1.1 GB while building). Optimal 4×4 solves get several times faster.",
        "构建 7-8 模式数据库（磁盘和内存各约 0.6 GB；双核约需 15 秒，构建时最多占用 1.1 GB）。4×4 的最优求解会快好几倍。";
    StrongFailed { why: String } => "Strong database build failed: {why}", "强模式数据库构建失败：{why}";
    StrongReady { what: String } => "Strong database ready: {what}", "强模式数据库已就绪：{what}";
    StrongCancelled =>
        "Strong database build cancelled; nothing was saved", "强模式数据库构建已取消；未保存任何内容";
    PdbFromCache { name: String, path: String, seconds: String } =>
        "pattern database {name}: loaded from {path} in {seconds} s",
        "模式数据库 {name}：从 {path} 载入，用时 {seconds} 秒";
    PdbBuilt { name: String, seconds: String } =>
        "pattern database {name}: built in {seconds} s", "模式数据库 {name}：构建用时 {seconds} 秒";
    PdbRejected { why: String } => " (cached file rejected: {why})", "（缓存文件不可用：{why}）";
    PdbSavedTo { path: String } => ", saved to {path}", "，已保存到 {path}";
    PdbNotSaved { why: String } => ", not saved: {why}", "，未保存：{why}";
    // The Keys window.
    KeyArrows => "Arrow keys / WASD", "方向键 / WASD";
    KeyArrowsWhat => "slide a tile into the blank", "把一个块滑进空格";
    KeyArrowsBlankWhat =>
        "move the blank (the tile there slides the other way)", "移动空格（那里的块朝反方向滑动）";
    KeySpace => "Space", "空格键";
    KeySpaceWhat => "a new scramble (Race)", "新的打乱（竞速）";
    KeyClick => "Click a tile", "点击一个块";
    KeyClickWhat =>
        "slide it (and those between) toward the blank", "把它（连同中间的块）朝空格滑动";
    KeyDrag => "Drag a tile", "拖动一个块";
    KeyDragWhat => "slide it by hand; release past half way", "用手滑动；过半后松开即可";
    KeyUndoWhat => "undo", "撤销";
    KeyRedoWhat => "redo", "重做";
    KeyPasteWhat =>
        "paste a state (opens Set state) or a Klotski layout",
        "粘贴局面（打开“设置局面”）或华容道布局";
    // The About window.
    AboutIntro =>
        "Huarong: play and solve sliding puzzles and Klotski, and see how each strategy works:",
        "华容道：玩数字推盘和华容道，求解它们，并看看每种策略如何工作：";
    AboutMoves =>
        "Moves name the direction the blank moves (U, D, L, R).",
        "走法用空格移动的方向表示（U、D、L、R）。";
    // Back from the search inspector.
    InspectorClosed =>
        "Inspector closed; its run was not finished.",
        "检视器已关闭；它的运行没有结束。";
    // `ended` ends with the run's time ("… 0.35 ms"): the sentence ends
    // after it.
    InspectorClosedAfter { ended: String } =>
        "Inspector closed. Its run: {ended}.",
        "检视器已关闭。它的运行：{ended}。";
    InspectorSolutionHanded { ended: String } =>
        "Inspector closed. Its run: {ended}. Its solution is in the Steps panel: press Play to watch it.",
        "检视器已关闭。它的运行：{ended}。其解法已放入“步骤”面板：按“播放”逐步显示。";
}
