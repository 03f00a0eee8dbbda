//! The words of the Board look section (picture tiles, fringe colours,
//! hover control, the arrow keys) and of a picture refused: [`LooksMsg`].

use super::messages;

messages! {
    /// The Board look section and the picture's status lines.
    LooksMsg;
    HeadingLook => "Board look", "棋盘外观";
    Picture => "Picture", "图片";
    PictureHint =>
        "Each tile shows its part of a picture: the part its home cell has when the puzzle is at the goal",
        "每块显示图片的一部分：到达目标局面时它所在格的那一部分";
    BuiltInPicture => "Built-in picture", "内置图片";
    BuiltInPictureHint =>
        "The landscape that comes with Huarong",
        "华容道自带的风景画";
    ChoosePicture => "Choose picture…", "选择图片…";
    ChoosePictureHint =>
        "Pick a PNG or JPEG file to cut into the tiles; it is remembered for the next launch",
        "选择一个 PNG 或 JPEG 文件切成各块；下次启动时沿用";
    PictureFile { name: String } => "From {name}", "来自 {name}";
    PictureLoading => "Loading the picture…", "正在载入图片…";
    Numbers => "Numbers on the picture", "在图片上显示数字";
    NumbersHint =>
        "Each tile's number in a small label over its part of the picture",
        "在每块的图片上用小标签显示它的数字";
    Fringe => "Fringe colours", "分组着色";
    FringeHint =>
        "Colour the tiles by the group a row-by-row solve places together: the top row, the left column, the next row, … down to the last 2×3 or 2×2 block; each tile by its home cell in the goal. Picture tiles keep their picture",
        "按逐行求解一起归位的分组给各块着色：最上一行、最左一列、下一行……直到最后的 2×3 或 2×2 区域；每块按它在目标局面中的格子着色。图片模式下各块仍显示图片";
    HoverSlide => "Slide on hover", "悬停即滑动";
    HoverSlideHint =>
        "Moving the pointer onto a tile in the blank's row or column slides it (and the tiles between) into the blank, no click, as speed solvers play",
        "指针移到与空格同行或同列的块上，它（连同中间的块）就滑向空格，无需点击，和速解玩家的玩法一样";
    ArrowKeys => "Arrow keys:", "方向键：";
    ArrowsMoveTile => "move the tile", "移动块";
    ArrowsMoveTileHint =>
        "An arrow moves a tile into the blank in the arrow's direction (Left: the tile right of the blank moves left)",
        "方向键把一块朝箭头方向移入空格（左：空格右边的块向左移）";
    ArrowsMoveBlank => "move the blank", "移动空格";
    ArrowsMoveBlankHint =>
        "An arrow moves the blank in the arrow's direction (Left: the blank swaps with the tile on its left)",
        "方向键让空格朝箭头方向移动（左：空格与它左边的块交换）";
    // Status lines.
    PictureShown { name: String } => "Picture: {name}.", "图片：{name}。";
    PictureKept { why: String } =>
        "{why}; the picture stays as it was.", "{why}；图片保持不变。";
    PictureFellBack { why: String } =>
        "{why}; the built-in picture is shown instead.", "{why}；改为显示内置图片。";
    // What is wrong with a picture file.
    PictureCannotRead { path: String, why: String } =>
        "Cannot read the picture {path}: {why}", "无法读取图片 {path}：{why}";
    PictureTooLarge { path: String, size: String, max: String } =>
        "The picture {path} is {size}, more than the {max} a picture may have",
        "图片 {path} 有 {size}，超过了图片的上限 {max}";
    PictureTooManyPixels { path: String, width: u32, height: u32, max: String } =>
        "The picture {path} is {width}×{height} pixels, more than the {max} a picture may have",
        "图片 {path} 为 {width}×{height} 像素，超过了图片的上限 {max}";
    PictureNotPngOrJpeg { path: String } =>
        "{path} is not a PNG or JPEG picture", "{path} 不是 PNG 或 JPEG 图片";
    PictureUndecodable { path: String, why: String } =>
        "The picture {path} cannot be decoded: {why}", "无法解码图片 {path}：{why}";
    ByteCount { n: String } => "{n} bytes", "{n} 字节";
    PixelCount { millions: String } => "{millions} million pixels", "{millions} 百万像素";
}
