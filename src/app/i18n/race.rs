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
        "move {index}: you moved {played}, best was {best}", "第 {index} 步：你移动了{played}，最佳是{best}";
    TileMoved { tile: u8, dir: String } => "tile {tile} {dir}", "{tile} 号块向{dir}";
    Up => "up", "上";
    Down => "down", "下";
    Left => "left", "左";
    Right => "right", "右";
    MoreLost { n: usize } => "… and {n} more", "…… 还有 {n} 步";
}
