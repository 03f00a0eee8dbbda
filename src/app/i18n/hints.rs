//! The words of the distance readout, the two-stage hint, the move
//! overlay, "Among all positions", why a position is unsolvable and the
//! heuristic view: [`HintMsg`].

use super::messages;

messages! {
    /// Distances, hints, the overlay, the distribution chart, the parity
    /// explanation and the heuristic view.
    HintMsg;
    // The distance readout and the hint.
    Counting => "Distance: counting every position…", "距离：正在统计所有局面…";
    WorkingOut => "Distance: working out…", "距离：正在计算…";
    CannotReach => "This position cannot reach the goal", "这个局面无法到达目标";
    Unknown { why: String } => "Distance unknown: {why}", "距离未知：{why}";
    Exact { d: u32 } => "{d} moves from the goal (exact)", "离目标还差 {d} 步（精确）";
    AtMost { d: u32 } => "At most {d} moves from the goal", "离目标最多还差 {d} 步";
    ExactHow { how: String } => "The least number of moves, {how}.", "这是最少步数，{how}。";
    BoundHow { how: String } =>
        "An upper bound: {how}. The shortest solution may be shorter.",
        "这只是一个上界：{how}。最短解可能更短。";
    Hint => "Hint", "提示";
    MoreHint => "More hint", "进一步提示";
    Up => "up", "上";
    Down => "down", "下";
    Left => "left", "左";
    Right => "right", "右";
    HintMove { tile: u8 } => "Hint: move tile {tile}", "提示：移动 {tile} 号块";
    HintMovePlan { tile: u8 } =>
        "Hint: move tile {tile} (along the fast plan)",
        "提示：移动 {tile} 号块（按快速方案）";
    HintSlide { tile: u8, way: String } =>
        "Hint: slide tile {tile} {way}",
        "提示：把 {tile} 号块向{way}移";
    HintSlidePlan { tile: u8, way: String } =>
        "Hint: slide tile {tile} {way} (along the fast plan)",
        "提示：把 {tile} 号块向{way}移（按快速方案）";
    HintMoveSolution { tile: u8 } =>
        "Hint: move tile {tile} (along the solution found)",
        "提示：移动 {tile} 号块（沿求得的解）";
    HintSlideSolution { tile: u8, way: String } =>
        "Hint: slide tile {tile} {way} (along the solution found)",
        "提示：把 {tile} 号块向{way}移（沿求得的解）";
    SolutionHint =>
        "The distance here is only an upper bound: this move follows the solution found, which reaches the goal, though maybe not by the shortest way.",
        "这里的距离只是上界：这一步沿求得的解走，一定能到达目标，但未必是最短的走法。";
    PlanHint =>
        "The distance here is only an upper bound: this move follows the fast plan, which reaches the goal, though maybe not by the shortest way.",
        "这里的距离只是上界：这一步沿快速方案走，一定能到达目标，但未必是最短的走法。";
    Colouring =>
        "Colouring the moves: working out each move's distance…",
        "为各步着色：正在计算每一步之后的距离…";
    ColouredWhereExact =>
        "Moves are coloured where the distance is exact; here it is a bound.",
        "只有距离精确时才为各步着色；这里的距离只是上界。";
    ShowFarthest => "Show the farthest", "显示最远的局面";
    ShowFarthestHint =>
        "Set the board to a position as far as any from the goal.",
        "把棋盘设为离目标最远的局面之一。";
    TooSlowToCount { shape: String, n: String } =>
        "The {shape} board has {n} positions: counting them all takes a minute and gigabytes, so the chart covers boards of up to 10 cells.",
        "{shape} 棋盘有 {n} 个局面：全部统计要花一分钟和数 GB 内存，所以此图只涵盖不超过 10 格的棋盘。";
    TooManyToCount { shape: String } =>
        "The {shape} board has far too many positions to count them all.",
        "{shape} 棋盘的局面太多，无法全部统计。";
    // How a distance was found (the readout's tooltip).
    HowTable => "read from the table of every position", "查自全部局面的距离表";
    HowIdaStar { heuristic: String } => "found by IDA* with {heuristic}", "由 IDA* 算法借助{heuristic}求得";
    HowPdb { name: String } => "the {name} pattern database", "{name} 模式数据库";
    HowPlan => "the length of the row-by-row plan", "逐行归位方案的长度";
    HowSolution { run: String } =>
        "the length of the solution found by {run}",
        "由{run}求得的解的长度";
    HowPlanNoExact { secs: u64 } =>
        "the length of the row-by-row plan (IDA* found no exact answer within {secs} s)",
        "逐行归位方案的长度（IDA* 算法在 {secs} 秒内没有得到精确答案）";
    Cancelled => "cancelled", "已取消";
    // Among all positions.
    UnitMoves => "moves", "步";
    WindowTitle => "Among all positions", "全部局面的分布";
    CanReach { n: String } => "{n} positions can reach the goal.", "共有 {n} 个局面可以到达目标。";
    OnePosition => "1 position", "1 个局面";
    Positions { n: String } => "{n} positions", "{n} 个局面";
    GodsNumber { max: u32, unit: String, those: String } =>
        "God's number: {max} {unit} — the farthest ({those}) need that many.",
        "上帝之数：{max} {unit}——最远的局面（{those}）正需要这么多。";
    ThisPosition { d: u32, unit: String, closer: String, same: String } =>
        "This position: {d} {unit}; {closer} positions are closer, {same} as far.",
        "当前局面：{d} {unit}；有 {closer} 个局面更近，{same} 个同样远。";
    NotAmong => "This position is not among them.", "当前局面不在其中。";
    BarName { d: usize, unit: String, n: String } => "{d} {unit}: {n} positions", "{d} {unit}：{n} 个局面";
    XAxis { unit: String } => "distance to the goal ({unit})", "到目标的距离（{unit}）";
    PositionsAxis => "positions", "局面数";
    ThisPositionLine => "this position", "当前局面";
    Closer => "closer", "更近";
    SameDistance => "same distance", "距离不变";
    Farther => "farther", "更远";
    MovesLegend => "Moves:", "各步：";
    // Why a position cannot reach the goal.
    Odd => "odd", "奇数";
    Even => "even", "偶数";
    Blank => "blank", "空格";
    WhyTitle => "Why this position cannot reach the goal", "为什么这个局面无法到达目标";
    CyclesOne { drawn: String, list: String } =>
        "Out of place, the tiles form 1 cycle (each belongs where the next one stands{drawn}): {list}.",
        "错位的块组成 1 个循环（每块都应在下一块所在的位置{drawn}）：{list}。";
    Cycles { n: usize, drawn: String, list: String } =>
        "Out of place, the tiles form {n} cycles (each belongs where the next one stands{drawn}): {list}.",
        "错位的块组成 {n} 个循环（每块都应在下一块所在的位置{drawn}）：{list}。";
    /// Said where the board shown is the one explained.
    DrawnOnBoard => "; tinted and linked on the board", "；棋盘上已着色并连线";
    SwapsOne { parity: String } =>
        "Each of k tiles takes k − 1 swaps to sort: 1 swap in all — {parity}.",
        "k 块组成的循环要 k − 1 次交换才能排好：共 1 次交换——{parity}。";
    Swaps { n: usize, parity: String } =>
        "Each of k tiles takes k − 1 swaps to sort: {n} swaps in all — {parity}.",
        "k 块组成的循环要 k − 1 次交换才能排好：共 {n} 次交换——{parity}。";
    BlankStepOne { parity: String } =>
        "The blank is 1 step from its goal cell — {parity}.",
        "空格离它的目标格 1 步——{parity}。";
    BlankSteps { n: usize, parity: String } =>
        "The blank is {n} steps from its goal cell — {parity}.",
        "空格离它的目标格 {n} 步——{parity}。";
    ParityFlips =>
        "Every move is one swap (the blank with a tile) and one step of the blank, so both parities flip together. At the goal both are even; here they differ, so no sequence of moves gets there. Swapping any two tiles fixes it.",
        "每走一步，既是一次交换（空格与一块交换），也是空格移动一格，所以两个奇偶性总是一起翻转。在目标局面两者都是偶数；这里两者不同，所以无论怎样走都到不了目标。把任意两块对调一下就能解决。";
    // The heuristic view.
    HTrue { h: u32, d: u32 } => "h = {h} ≤ {d} true", "h = {h} ≤ 真实距离 {d}";
    HKnown { h: u32, d: u32 } =>
        "h = {h} (a solution of {d} moves is known)",
        "h = {h}（已知一个 {d} 步的解）";
    HOnly { h: u32 } => "h = {h}", "启发值 h = {h}";
    PatternTiles { tiles: String, value: u32 } => "tiles {tiles}: {value}", "块 {tiles}：{value}";
    PartsMisplaced { n: u32 } =>
        "{n} tiles out of place (1 each, in their corners)",
        "{n} 块不在原位（每块计 1，标在角上）";
    PartsManhattan { n: u32 } =>
        "the tiles' Manhattan distances (in their corners) add up to {n}",
        "各块的曼哈顿距离（标在角上）之和为 {n}";
    PartsLinear { manhattan: u32, conflicts: u32, pairs: usize } =>
        "Manhattan {manhattan} (in the corners) + {conflicts} for linear conflicts ({pairs} pairs linked, 2 moves for each tile that must leave its line)",
        "曼哈顿距离 {manhattan}（标在角上）+ 线性冲突 {conflicts}（{pairs} 对已连线，每块必须离开所在行列的块计 2 步）";
    PartsPdb { groups: String, direct: u32, manhattan: u32 } =>
        "pattern groups {groups} = {direct} (tinted; Manhattan {manhattan} in the corners for comparison)",
        "模式分组 {groups} = {direct}（已着色；角上标出曼哈顿距离 {manhattan}，以作比较）";
    PartsNotPerTile =>
        "not per tile: the estimate is of the whole board, so no tile carries a share of it",
        "不是逐块相加：这个估计是对整个棋盘的，没有哪一块单独计数";
    PartsMirrored { n: u32 } =>
        "; the mirrored lookup gives more, {n}",
        "；镜像查表得到的值更大：{n}";
}
