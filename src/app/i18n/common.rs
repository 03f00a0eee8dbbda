//! The words of the menu bar, the file dialogs, the plots, the batch
//! experiment and About: [`Msg`].

use super::messages;

messages! {
    /// The menu bar, the file dialogs, the plots, the batch experiment and
    /// About.
    Msg;
    // The menu bar.
    MenuFile => "File", "文件";
    MenuOpen => "Open…", "打开…";
    MenuSave => "Save…", "保存…";
    MenuSaveSolution => "Save solution…", "保存解法…";
    MenuCopyState => "Copy state", "复制局面";
    MenuCopyLink => "Copy link", "复制网页";
    MenuCopyLinkHint =>
        "The web edition's address that opens this puzzle with this strategy",
        "打开此谜题（及所选策略）的网页版网页";
    LinkCopied { link: String } => "Link copied: {link}", "已复制打开此谜题的网页：{link}";
    MenuPasteState => "Paste state…", "粘贴局面…";
    MenuPasteStateHint =>
        "Opens Set state (in Klotski, the layout editor); Ctrl+V pastes",
        "打开“设置局面”（华容道中为布局编辑器）；Ctrl+V 直接粘贴";
    MenuQuit => "Quit", "退出";
    MenuEdit => "Edit", "编辑";
    MenuUndo => "Undo", "撤销";
    MenuRedo => "Redo", "重做";
    MenuHelp => "Help", "帮助";
    MenuStrategies => "How the strategies work", "解法入门";
    MenuKeys => "Keys", "按键";
    MenuAbout => "About", "关于";
    MenuLanguage => "Language", "语言";
    MenuLanguageHint =>
        "The app's language; remembered for the next launch",
        "界面语言；下次启动时沿用";
    // File dialogs: the system's (titles, filters) and Huarong's own.
    FileOpenTitle => "Open a puzzle", "打开谜题";
    FileSaveTitle => "Save the puzzle", "保存谜题";
    FileSaveSolutionTitle => "Save the puzzle and its solution", "保存谜题及其解法";
    FileExportTitle => "Export the compare table", "导出对比表";
    FileExportBatchTitle => "Export the batch aggregates", "导出批量实验汇总";
    FileExportRecordsTitle => "Export the race records", "导出竞速纪录";
    FileOpenReplayTitle => "Open a replay", "打开回放";
    FileSaveReplayTitle => "Save the replay", "保存回放";
    FilterPuzzle => "Huarong puzzle", "华容道谜题";
    FilterReplay => "Huarong replay", "华容道回放";
    FilterText => "Text", "文本";
    FilePictureTitle => "Choose a picture for the tiles", "为各块选择图片";
    FilterPicture => "PNG or JPEG picture", "PNG 或 JPEG 图片";
    FilterCsv => "CSV table", "CSV 表格";
    FilterRon => "RON data", "RON 数据";
    NativeDidNotOpen =>
        "The system file dialog did not open (is xdg-desktop-portal or zenity installed?)",
        "系统文件对话框没有打开（是否安装了 xdg-desktop-portal 或 zenity？）";
    NativeMissing =>
        "No system file dialog: no session bus for xdg-desktop-portal and no zenity",
        "没有系统文件对话框：既没有 xdg-desktop-portal 所需的会话总线，也没有 zenity";
    LinkRefused { parameter: String, value: String } =>
        "The page's parameter {parameter}={value} cannot be used: the starting puzzle is shown.",
        "网页参数 {parameter}={value} 无法使用，已打开起始谜题。";
    NativeStopped =>
        "The system file dialog stopped without an answer.",
        "系统文件对话框未作回答就关闭了。";
    NativeInstead { why: String } =>
        "{why}: using Huarong's own file dialog.",
        "{why}：改用华容道自带的文件对话框。";
    DialogPath => "Path", "路径";
    DialogTypeSavePath => "Type a path to save to.", "请输入保存路径。";
    DialogTypeOpenPath =>
        "Type the path of a file to open, or pick one below.",
        "请输入要打开的文件路径，或在下方选择。";
    DialogFolderToOpen { path: String } =>
        "{path} is a folder: pick a file in it.",
        "{path} 是文件夹：请选择其中的文件。";
    DialogFolderToSave { path: String } =>
        "{path} is a folder: pick a file in it or type a file name after it.",
        "{path} 是文件夹：请选择其中的文件，或在其后输入文件名。";
    DialogNotRegular { path: String } => "{path} is not a regular file.", "{path} 不是普通文件。";
    DialogNoFile { path: String } => "There is no file at {path}.", "{path} 处没有文件。";
    DialogNoFolder { path: String } =>
        "The folder {path} does not exist.",
        "文件夹 {path} 不存在。";
    DialogNotFolder { path: String } => "{path} is not a folder.", "{path} 不是文件夹。";
    DialogReplace { path: String } =>
        "{path} exists: Save again replaces it.",
        "{path} 已存在：再按一次“保存”将替换它。";
    DialogCannotList { path: String, error: String } =>
        "Cannot list {path}: {error}",
        "无法列出 {path}：{error}";
    DialogNoSuchFolder =>
        "No such folder: type a path whose folder exists.",
        "没有这个文件夹：请输入一个所在文件夹存在的路径。";
    DialogUp => ".. (up one folder)", "..（上一级文件夹）";
    DialogUpTo { path: String } => "Up to {path}", "上到 {path}";
    DialogEmpty => "(no folders or matching files here)", "（这里没有文件夹或匹配的文件）";
    DialogFilesShown { kinds: String } => "Files shown: {kinds}", "显示的文件：{kinds}";
    ButtonSave => "Save", "保存";
    ButtonOpen => "Open", "打开";
    ButtonCancel => "Cancel", "取消";
    // Plots.
    PlotResetView => "Reset view", "重置视图";
    PlotResetViewHint =>
        "Show every point again after zooming or panning",
        "缩放或平移之后，重新显示所有的点";
    PlotZoomHint => "Ctrl + wheel zooms, drag pans", "Ctrl + 滚轮缩放，拖动平移";
    // The batch experiment.
    BatchTitle => "Batch experiment", "批量实验";
    BatchFailed { why: String } => "Batch failed: {why}", "批量实验失败：{why}";
    BatchDone { starts: usize, rows: usize } =>
        "Batch done: {starts} starts, {rows} strategies on each.",
        "批量实验完成：{starts} 个局面，每个局面运行 {rows} 个策略。";
    BatchStarts => "Starts", "起始局面";
    BatchShuffle => "Shuffle", "打乱步数";
    BatchShuffleHint =>
        "Random moves from the goal (steps from the layout for Klotski); 0: uniformly random tiles",
        "从目标局面随机走的步数（华容道为从布局起走的步数）；0：完全随机的可解局面";
    BatchSeed => "Seed", "随机种子";
    BatchRun => "Run batch", "运行批量实验";
    BatchCancel => "Cancel batch", "取消批量实验";
    BatchProgress { done: u64, total: u64 } => "{done} of {total} starts", "已完成 {done} / {total} 个局面";
    BatchExport => "Export batch…", "导出批量结果…";
    BatchExportHint => "Save the aggregate table as CSV or RON", "把汇总表保存为 CSV 或 RON 文件";
    BatchDisagreed =>
        "Strategies that claim optimality disagreed on some starts: that is a bug.",
        "声称最优的策略在某些局面上给出了不同的长度：这是程序错误。";
    BatchScatterTitle =>
        "Time against solution length (solved runs, log time)",
        "用时与解的长度（已解出的运行，用时取对数）";
    BatchLengthAxis => "solution length", "解的长度";
    BatchPoint { series: String, length: f64, time: String } =>
        "{series}\nlength {length}, time {time}",
        "{series}\n长度 {length}，用时 {time}";
    BatchDisagree { n: u64 } => "{n} DISAGREE", "{n} 处不一致";
    ColStrategy => "Strategy", "策略";
    ColSolved => "Solved", "解出";
    ColMeanLength => "Mean length", "平均长度";
    ColMedianLength => "Median length", "长度中位数";
    ColMeanExpanded => "Mean expanded", "平均扩展节点";
    ColMeanTime => "Mean time", "平均用时";
    ColMedianTime => "Median time", "用时中位数";
    ColMaxMemory => "Max memory", "最大内存";
    ColDisagreements => "Disagreements", "不一致";
    // The About window.
    AboutTitle => "About Huarong", "关于华容道";
    AboutVersion { version: &'static str } => "Version {version}", "版本 {version}";
}
