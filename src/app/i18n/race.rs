//! The words of the race mode: timed solves, their summary against the
//! optimum, the records and the replays: [`RaceMsg`].

use super::messages;

messages! {
    /// The race mode.
    RaceMsg;
    ViewRace => "Race", "竞速";
    ViewRaceHint =>
        "Timed solves of a random scramble, against the clock and the optimum.",
        "限时复原随机打乱的局面，与时钟和最优解比较。";
    Size => "Board:", "棋盘：";
    Goal => "Goal:", "目标：";
    BoardTitle { shape: String, pattern: String } => "{shape}, {pattern}", "{shape} 棋盘，{pattern}";
    GoalRows => "rows", "按行";
    GoalBlankFirst => "blank first", "空格在前";
    GoalColumns => "columns", "按列";
    GoalSnake => "snake", "蛇形";
    GoalSpiral => "spiral", "螺旋";
    Inspection => "Inspection:", "观察时间：";
    InspectionHint =>
        "Seconds to look at the scramble before the clock starts (0: none). A move ends it early.",
        "计时开始前观察打乱局面的秒数（0：不观察）。走一步即提前结束。";
    NewScramble => "New scramble", "新的打乱";
    NewScrambleHint =>
        "A uniformly random solvable start (Space).",
        "均匀随机的可解起始局面（空格键）。";
    PressNew => "Press New scramble (or Space) to start a timed solve.",
        "按“新的打乱”（或空格键）开始一次计时复原。";
    InspectingLeft { seconds: String } =>
        "Inspection: {seconds} s left. The clock starts when it ends or with your first move.",
        "观察：剩余 {seconds} 秒。结束时或你走第一步时开始计时。";
    Ready => "Ready: the clock starts with your first move.", "准备：你走第一步时开始计时。";
    Solving => "Solving…", "复原中…";
    Solved { seconds: String } => "Solved in {seconds} s.", "用时 {seconds} 秒复原。";
    Time { seconds: String } => "Time {seconds} s", "时间 {seconds} 秒";
    SingleTile { moves: usize } => "{moves} single-tile moves", "单格步数 {moves}";
    MultiTile { moves: usize } => "{moves} multi-tile moves", "多格步数 {moves}";
    MetricsHint =>
        "Single-tile: each tile moved one cell counts 1. Multi-tile: a slide of tiles of one row or column counts 1, however many tiles it moves.",
        "单格步数：每块移动一格记 1 步。多格步数：同一行或列的一次滑动记 1 步，不论滑动了几块。";
    Tps { tps: String } => "{tps} moves/s", "每秒 {tps} 步";
    PieceMoves { moves: usize } => "{moves} piece moves", "棋子步数 {moves}";
    UnitSteps { steps: usize } => "{steps} unit steps", "单格步数 {steps}";
    StepsPerSecond { rate: String } => "{rate} steps/s", "每秒 {rate} 格";
    AgainstOptimum { what: String, optimum: u32, excess: usize } =>
        "{what} (optimum {optimum}, {excess} over)", "{what}（最优 {optimum}，多 {excess}）";
    RaceTiles => "Sliding tiles", "数字推盘";
    RaceKlotski => "Klotski", "华容道";
    Layout => "Layout:", "布局：";
    RandomPosition => "A random position of its group", "同一局面组中的随机局面";
    RandomPositionHint =>
        "Start from a random position its pieces can reach (not at the exit), instead of the classic start.",
        "从棋子能到达的随机局面（不在出口）开始，而不是经典的开局。";
    RandomOfGroup { name: String } => "{name}, random position", "{name}，随机局面";
    Scrambling => "Drawing a random position…", "正在抽取随机局面…";
    KlotskiHint =>
        "Click a piece, then move it with the arrow keys, or drag it.",
        "点击一个棋子，再用方向键移动它，或直接拖动。";
    // The summary after a solve.
    SummaryTitle => "Your solve", "本次复原";
    Inspected { seconds: String } => "after {seconds} s of inspection", "观察了 {seconds} 秒";
    Optimum { moves: u32 } => "Optimum: {moves} moves", "最优：{moves} 步";
    Excess { moves: usize, percent: String } =>
        "{moves} moves over the optimum ({percent} % more)", "比最优多 {moves} 步（多 {percent}%）";
    PlayedOptimally => "Optimal: not a move wasted.", "最优解：一步未浪费。";
    FindingOptimum => "Finding the optimum…", "正在求最优解…";
    NoOptimum { shape: String } =>
        "No optimum for a {shape} board: it cannot be found quickly.",
        "{shape} 棋盘不提供最优解：无法快速求出。";
    NoOptimumInTime => "The optimum was not found in time.", "未能及时求出最优解。";
    Analysing { done: usize, total: usize } =>
        "Analysing your moves: {done} of {total} positions…", "正在分析你的走法：{done} / {total} 个局面…";
    NotAnalysed { shape: String } =>
        "Moves are not analysed one by one on a {shape} board (each position takes seconds).",
        "{shape} 棋盘不逐步分析（每个局面要数秒）。";
    DistanceChart => "Distance to the goal after each move", "每步之后到目标的距离";
    ChartMove => "move", "步";
    ChartDistance => "distance", "距离";
    ChartYourPath => "your path", "你的走法";
    ChartLost => "a move that did not bring you closer", "没有让你更接近目标的一步";
    LostCount { n: usize } => "{n} moves did not bring you closer:", "{n} 步没有让你更接近目标：";
    LostMove { index: usize, played: String, best: String } =>
        "move {index}: you moved {played}, best was {best}", "第 {index} 步：你走了{played}，最佳是{best}";
    MoreLost { n: usize } => "… and {n} more", "…… 还有 {n} 步";
    // The records.
    RecordsTitle { board: String } => "Records: {board}", "纪录：{board}";
    NoSolvesYet => "No solves yet on this board.", "这个棋盘还没有复原记录。";
    Current => "current", "当前";
    Best => "best", "最佳";
    Single => "single", "单次";
    MeanOf { n: usize } => "average of {n}", "{n} 次平均";
    MeanOfHint { n: usize } =>
        "The last {n} solves without the fastest and the slowest, averaged; best: the best such average over any {n} solves in a row.",
        "最近 {n} 次去掉最快和最慢后的平均；最佳：任意连续 {n} 次中最好的这种平均。";
    MeanAndCount { mean: String, count: usize } =>
        "Mean {mean} s over {count} solves", "共 {count} 次，平均 {mean} 秒";
    ExportCsv => "Export CSV…", "导出 CSV…";
    Recent => "Recent solves (newest first):", "最近的复原（最新在前）：";
    HistoryRow { n: usize, time: String, moves: usize, excess: String } =>
        "#{n}: {time} s, {moves} moves{excess}", "#{n}：{time} 秒，{moves} 步{excess}";
    ReplayButton => "Replay", "回放";
    ReplayHint => "Watch this solve again, beside an optimal solution.", "重看这次复原，并与最优解并排比较。";
    RecordsNoFolder =>
        "No data folder on this system: records are kept for this session only.",
        "系统没有数据文件夹：纪录只保留到本次退出。";
    RecordsDamaged { why: String, kept: String } =>
        "Your records file could not be read ({why}). It was kept as {kept}; new records start empty.",
        "无法读取纪录文件（{why}）。原文件已保留为 {kept}；新的纪录从空白开始。";
    RecordsUnreadable { why: String } =>
        "Your records could not be read ({why}): new solves are kept for this session only, and the file is left as it is.",
        "无法读取纪录（{why}）：新的复原只保留到本次退出，原文件保持不变。";
    RecordsNotSaved { path: String, why: String } =>
        "The records could not be written to {path}: {why}", "无法把纪录写入 {path}：{why}";
    ExportedRecords { rows: usize, path: String } =>
        "Exported {rows} solves to {path}.", "已导出 {rows} 次复原到 {path}。";
    // Replays.
    OpenReplay => "Open replay…", "打开回放…";
    OpenReplayHint =>
        "Open a replay file, or paste a replay's text (Ctrl+V): a scramble and a move string such as R3 D2 L U, where each letter is the way the tiles move.",
        "打开回放文件，或粘贴回放文本（Ctrl+V）：打乱局面和走法串，例如 R3 D2 L U，每个字母是数字块移动的方向。";
    ReplayTitle { seconds: String, moves: usize, multi: usize } =>
        "Replay: {seconds} s, {moves} single-tile moves, {multi} multi-tile moves",
        "回放：{seconds} 秒，单格步数 {moves}，多格步数 {multi}";
    ReplayUnfinished => "This attempt does not reach the goal.", "这次尝试没有到达目标。";
    Play => "▶ Play", "▶ 播放";
    Pause => "Pause", "暂停";
    StepBack => "◀ Step", "◀ 上一步";
    StepForward => "Step ▶", "下一步 ▶";
    Speed => "Speed:", "速度：";
    CopyReplay => "Copy as text", "复制为文本";
    SaveReplay => "Save replay…", "保存回放…";
    CloseReplay => "Close replay", "关闭回放";
    ReplayMove => "move", "步";
    ReplayAt { step: usize, total: usize, seconds: String } =>
        "Move {step} of {total}, at {seconds} s", "第 {step} / {total} 步，{seconds} 秒";
    YourSolve => "Yours", "你的";
    OptimalBeside { step: usize, total: usize } =>
        "Optimal: move {step} of {total}", "最优：第 {step} / {total} 步";
    ReplayCopied => "The replay was copied as text.", "回放已复制为文本。";
    ReplayOpened => "Replay opened.", "回放已打开。";
    ReplayRefused { why: String } => "Not a replay: {why}", "不是回放：{why}";
    ReplaySaved { path: String } => "Saved the replay to {path}.", "已把回放保存到 {path}。";
    ReplayNotSaved { path: String, why: String } =>
        "The replay could not be saved to {path}: {why}", "无法把回放保存到 {path}：{why}";
}
