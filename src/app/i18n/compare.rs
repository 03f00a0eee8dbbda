//! The words of the compare view (its table, buttons, charts, the batch by
//! depth) and of the local searches' trace plot: [`CompareMsg`].

use super::messages;

messages! {
    /// The compare view and the trace plot.
    CompareMsg;
    Heading => "Compare strategies on the start shown", "在当前局面上比较各策略";
    RunAll => "Run all", "全部运行";
    Ready { rows: usize } =>
        "Strategies to compare: {rows}. Run all runs each on the start shown.",
        "待比较的策略：{rows} 个。点“全部运行”在当前局面上逐一运行。";
    CancelAll => "Cancel all", "全部取消";
    Export => "Export…", "导出…";
    ExportHint => "Save the table as CSV or RON", "把表格保存为 CSV 或 RON 文件";
    NewRow => "New row", "新增一行";
    With => "with", "启发函数";
    Add => "Add", "添加";
    AddHint =>
        "A local search row takes the parameters now set in the play view's panel",
        "局部搜索的行采用游戏视图面板中当前设置的参数";
    UnknownStrategy => "Unknown strategy", "未知策略";
    EarlierStart =>
        "Some results are from an earlier start than the one shown: Run all to compare on this one.",
        "有些结果来自之前的局面，而不是当前局面：点“全部运行”在当前局面上比较。";
    TraceOf { label: String } => "Trace of {label}", "{label}的轨迹";
    Disagree =>
        "Strategies that claim optimality disagree on the length: that is a bug.",
        "声称最优的策略给出的长度不一致：这是程序错误。";
    TimeChart => "Time (log scale)", "用时（对数刻度）";
    NodesChart => "Nodes expanded (log scale)", "扩展节点数（对数刻度）";
    // The table.
    ColStrategy => "Strategy", "策略";
    ColStatus => "Status", "状态";
    ColLength => "Length", "长度";
    ColLengthMoves => "Length (moves)", "长度（步）";
    ColLengthSteps => "Length (steps)", "长度（格）";
    ColOptimal => "Optimal", "最优";
    ColExpanded => "Expanded", "扩展";
    ColGenerated => "Generated", "生成";
    ColMemory => "Memory", "内存";
    ColTime => "Time", "用时";
    SortBy { column: String } => "Sort by {column}", "按{column}排序";
    LengthMoves { length: usize, moves: usize } => "{length} steps ({moves} moves)", "{length} 格（{moves} 步）";
    Disagrees => "DISAGREES", "不一致";
    DisagreesHint =>
        "It claims an optimal length that another optimal strategy contradicts",
        "它声称的最优长度与另一个最优策略的结果矛盾";
    Refused => "Refused", "未运行";
    RunFailed { why: String } =>
        "The run failed (internal error): {why}",
        "运行失败（内部错误）：{why}";
    // How a run ended: in English as the command line prints it.
    StatusSolved => "Solved", "已解出";
    StatusUnsolvable => "Unsolvable", "无解";
    StatusNodeLimit => "Node limit reached", "达到节点上限";
    StatusMemoryLimit => "Memory limit reached", "达到内存上限";
    StatusTimeLimit => "Time limit reached", "达到时间上限";
    StatusCancelled => "Cancelled", "已取消";
    StatusNotFound => "Not found", "未找到解";
    StoppedAt { limit: String } => "Stopped at the {limit}", "已停止：{limit}";
    Yes => "yes", "是";
    No => "no", "否";
    Run => "Run", "运行";
    Cancel => "Cancel", "取消";
    Play => "Play", "播放";
    Trace => "Trace", "轨迹";
    Copy => "Copy", "复制";
    Remove => "Remove", "删除";
    RunRow { label: String } => "Run {label}", "运行 {label}";
    CancelRow { label: String } => "Cancel {label}", "取消 {label}";
    PlayHint => "Load this solution into the play view", "把这个解载入游戏视图";
    TraceHint =>
        "Show this run's trace below (local searches)",
        "在下方显示这次运行的轨迹（局部搜索）";
    CopyHint => "Duplicate this row", "复制这一行";
    RemoveHint => "Remove this row", "删除这一行";
    // The batch by solution depth (Russell and Norvig's table).
    ByDepthTitle => "Search cost by solution depth", "按解的深度统计搜索代价";
    ByDepthIntro =>
        "Starts exactly d moves from the goal, drawn uniformly from the board's exact distance table; every row above runs on each. Nodes: nodes generated per search, the mean over a depth's starts; b*: the effective branching factor of that mean.",
        "起始局面离目标正好 d 步，从本棋盘的精确距离表中均匀随机选出；上面的每一行都在每个局面上运行。节点数：每次搜索生成的节点数，取该深度所有局面的平均；b*：这个平均值的有效分支因子。";
    ByDepthNeedsTable =>
        "By depth needs a tile board of at most 12 cells (it draws from the exact distance table).",
        "按深度统计需要最多 12 格的数字棋盘（局面从精确距离表中选出）。";
    ByDepthFailed { why: String } => "By depth failed: {why}", "按深度运行失败：{why}";
    ByDepthTableLimit =>
        "The exact distance table does not fit the memory or time limit of the settings.",
        "精确距离表超出了设置中的内存或时间上限。";
    ByDepthFrom => "Depths from", "深度从";
    ByDepthTo => "to", "到";
    ByDepthStep => "every", "间隔";
    ByDepthPerDepth => "Starts per depth", "每个深度的起点数";
    ByDepthRun => "Run by depth", "按深度运行";
    ByDepthCancel => "Cancel by depth", "取消按深度运行";
    ByDepthProgress { done: u64, total: u64 } =>
        "{done} of {total} starts",
        "已完成 {done} / {total} 个局面";
    ByDepthLimit { nodes: String } =>
        "Each run stops at {nodes} nodes expanded (the settings' node limit, or this one).",
        "每次运行最多扩展 {nodes} 个节点（设置中的节点上限，没有时用这个）。";
    ByDepthOver { solved: usize, runs: usize } =>
        "– ({solved}/{runs} solved)",
        "–（解出 {solved}/{runs}）";
    ByDepthOverHint =>
        "Some start was over a limit: no mean, as Russell and Norvig print none there",
        "有局面超出上限：不给平均值，和 Russell 与 Norvig 的表一样";
    ByDepthNotRun => "not run", "未运行";
    ByDepthNotRunHint =>
        "None of its starts was solved at a smaller depth",
        "在较小的深度上它一个局面也没有解出";
    ByDepthNodesChart =>
        "Nodes generated per search (mean, log scale)",
        "每次搜索生成的节点数（平均，对数刻度）";
    ByDepthBranchingChart => "Effective branching factor b*", "有效分支因子 b*";
    ByDepthNoLocalBranching =>
        "Local searches are left out of b*: they walk from state to state and expand no layers, so b* means nothing for them.",
        "局部搜索不计算有效分支因子 b*：它们不是逐层搜索，结果没有意义，所以不在此图中。";
    ByDepthAxis => "solution depth", "解的深度";
    ByDepthNodesPoint { series: String, depth: f64, nodes: String } =>
        "{series}\ndepth {depth}: {nodes} nodes",
        "{series}\n深度 {depth}：{nodes} 个节点";
    ByDepthBranchingPoint { series: String, depth: f64, b: String } =>
        "{series}\ndepth {depth}: b* = {b}",
        "{series}\n深度 {depth}：b* = {b}";
    ColDepth => "Depth", "深度";
    ColPositions => "All positions at this depth", "该深度的全部局面";
    // The trace plot of a local search.
    TraceOnePoint => "Trace: 1 point", "轨迹：1 个点";
    TracePoints { n: usize } => "Trace: {n} points", "轨迹：{n} 个点";
    Energy => "energy", "能量";
    Score => "score", "评分";
    Current { what: String } => "current {what}", "当前{what}";
    Best { what: String } => "best {what}", "最佳{what}";
    Iteration => "iteration", "迭代次数";
    Temperature => "temperature", "温度";
    AcceptanceRate => "acceptance rate", "接受率";
}
