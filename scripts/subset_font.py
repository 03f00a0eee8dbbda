#!/usr/bin/env python3
"""Make the small CJK font the app ships: assets/fonts/NotoSansSC-Huarong-subset.ttf.

Requirements (Python 3.11+):
    pip install fonttools            # the subsetter and the CFF->TrueType conversion
    pip install pillow               # only for --preview
    apt-get install fonts-noto-cjk   # Debian: the default source font

Usage (from anywhere; paths are relative to the repository root):
    python3 scripts/subset_font.py                      # default source, write the font
    python3 scripts/subset_font.py /path/to/NotoSansSC-Regular.otf
    python3 scripts/subset_font.py --check              # only check the shipped font
                                                        # covers every CJK char in the repo
    python3 scripts/subset_font.py --preview /tmp/p.png # also render the kept chars

What it does:
  * opens the source font; for a .ttc collection it picks the face whose
    PostScript/family name is Noto Sans CJK SC (not the JP/KR/TC/HK or Mono faces);
  * keeps every CJK ideograph, CJK punctuation and fullwidth form found in
    assets/**/*.ron and src/**/*.rs, plus the fixed list below (piece names,
    the classic Klotski layout names, UI words), so the font is complete even
    before the layouts file exists. Basic Latin/ASCII is left out: egui's
    built-in fonts cover it;
  * drops hinting, OpenType layout (GSUB/GPOS/GDEF/BASE) and vertical metrics;
  * converts the CFF outlines to quadratic TrueType (glyf) outlines with cu2qu;
  * renames the family to "Noto Sans SC Huarong Subset", keeping the
    copyright, trademark, designer and licence entries of the name table;
  * keeps the source's head timestamps, so the same inputs give the same bytes.

The font is under the SIL Open Font License 1.1 (assets/fonts/OFL.txt).
"""

from __future__ import annotations

import argparse
import re
import sys
from pathlib import Path

try:
    from fontTools import subset
    from fontTools.pens.cu2quPen import Cu2QuPen
    from fontTools.pens.ttGlyphPen import TTGlyphPen
    from fontTools.ttLib import TTCollection, TTFont, newTable
except ImportError:  # pragma: no cover
    sys.exit("fontTools is missing: pip install fonttools")

ROOT = Path(__file__).resolve().parent.parent
DEFAULT_SOURCE = Path("/usr/share/fonts/opentype/noto/NotoSansCJK-Regular.ttc")
DEFAULT_OUTPUT = ROOT / "assets" / "fonts" / "NotoSansSC-Huarong-subset.ttf"
SC_FACE_NAMES = {"Noto Sans CJK SC", "NotoSansCJKsc-Regular", "Noto Sans SC", "NotoSansSC-Regular"}

FAMILY = "Noto Sans SC Huarong Subset"
PS_NAME = "NotoSansSC-HuarongSubset-Regular"

# Characters always kept (whitespace is ignored).
FIXED_TEXT = """
曹操 关羽 张飞 赵云 马超 黄忠 卒 兵 华容道
横刀立马 指挥若定 将拥曹营 齐头并进 兵分三路 雨声淅沥 左右布兵 桃花园中
一路进军 一路顺风 峰回路转 四面楚歌 近在咫尺 走投无路 小燕出巢 层层设防
井中之蛙 插翅难飞 守口如瓶 围而不歼 水泄不通 前呼后拥 兵临城下 勇闯五关
步步高 调兵遣将 背水列阵 捷足先登 巧过五关 比翼横空 四将连关 星罗棋布
将守角楼 兵挡将阻 屯兵东路 四路进兵 日出 云遮雾障 六将把关
华容道 布局 编辑 步 移动 解
步数 移动 解法 最优 撤销 重做 编辑布局
\u3000、。，：；！？（）【】《》「」～
"""

# CJK ideographs (URO, Ext. A, compatibility, Ext. B+), CJK symbols and
# punctuation, CJK compatibility/vertical forms, halfwidth and fullwidth forms.
CJK_RE = re.compile(
    "[\u3000-\u303f\u3400-\u4dbf\u4e00-\u9fff\uf900-\ufaff"
    "\ufe10-\ufe1f\ufe30-\ufe4f\uff00-\uffef\U00020000-\U0003ffff]"
)
SCAN_GLOBS = ("assets/**/*.ron", "src/**/*.rs")

# Name IDs kept from the source: 0 copyright, 7 trademark, 8 manufacturer,
# 9 designer, 10 description, 11 vendor URL, 12 designer URL, 13 licence,
# 14 licence URL. 1-6 are rewritten below.
KEPT_NAME_IDS = [0, 7, 8, 9, 10, 11, 12, 13, 14]


def wanted_chars(root: Path) -> tuple[set[str], dict[str, set[str]]]:
    """Return the characters to keep and, per scanned file, what it added."""
    chars = {c for c in FIXED_TEXT if CJK_RE.fullmatch(c)}
    per_file: dict[str, set[str]] = {}
    for pattern in SCAN_GLOBS:
        for path in sorted(root.glob(pattern)):
            try:
                text = path.read_text(encoding="utf-8")
            except (UnicodeDecodeError, OSError):
                continue
            found = set(CJK_RE.findall(text))
            if found:
                per_file[str(path.relative_to(root))] = found
                chars |= found
    return chars, per_file


def open_sc_face(source: Path) -> TTFont:
    """Open the font; in a collection pick the Simplified Chinese (SC) face."""
    kwargs = dict(recalcTimestamp=False, recalcBBoxes=True)
    with open(source, "rb") as f:
        is_collection = f.read(4) == b"ttcf"
    if not is_collection:
        return TTFont(source, **kwargs)
    collection = TTCollection(source, lazy=True)
    for index, face in enumerate(collection.fonts):
        names = {face["name"].getDebugName(i) for i in (1, 4, 6, 16)}
        if names & SC_FACE_NAMES:
            return TTFont(source, fontNumber=index, **kwargs)
    sys.exit(f"no Noto Sans CJK SC face in {source}")


def subset_font(font: TTFont, chars: set[str]) -> None:
    options = subset.Options()
    options.layout_features = []
    options.hinting = False
    options.desubroutinize = True
    options.notdef_outline = True
    options.name_IDs = ["*"]
    options.name_languages = [0x0409]  # English names only
    options.drop_tables += ["GSUB", "GPOS", "GDEF", "BASE", "VORG", "vhea", "vmtx", "gasp"]
    subsetter = subset.Subsetter(options)
    subsetter.populate(unicodes=sorted(ord(c) for c in chars))
    subsetter.subset(font)
    for tag in ("GSUB", "GPOS", "GDEF", "BASE", "VORG", "vhea", "vmtx"):
        if tag in font:
            del font[tag]


def cff_to_glyf(font: TTFont, max_err: float = 1.0) -> None:
    """Replace CFF outlines by quadratic TrueType outlines (fontTools' otf2ttf recipe)."""
    if "CFF " not in font:
        return  # already TrueType
    order = font.getGlyphOrder()
    glyph_set = font.getGlyphSet()
    glyphs = {}
    for name in order:
        pen = TTGlyphPen(None)
        glyph_set[name].draw(Cu2QuPen(pen, max_err, reverse_direction=True))
        glyphs[name] = pen.glyph()

    font["loca"] = newTable("loca")
    font["glyf"] = glyf = newTable("glyf")
    glyf.glyphOrder = order
    glyf.glyphs = glyphs
    del font["CFF "]
    glyf.compile(font)  # computes the bounding boxes

    hmtx = font["hmtx"]
    for name, glyph in glyf.glyphs.items():
        hmtx[name] = (hmtx[name][0], getattr(glyph, "xMin", 0))

    font["maxp"] = maxp = newTable("maxp")
    maxp.tableVersion = 0x00010000
    maxp.maxZones = 1
    for attr in ("maxTwilightPoints", "maxStorage", "maxFunctionDefs",
                 "maxInstructionDefs", "maxStackElements", "maxSizeOfInstructions",
                 "maxComponentElements", "maxComponentDepth"):
        setattr(maxp, attr, 0)
    maxp.compile(font)

    post = font["post"]
    post.formatType = 3.0  # no glyph names: smaller, and nothing needs them
    post.extraNames = []
    post.mapping = {}
    font.sfntVersion = "\x00\x01\x00\x00"


def rename(font: TTFont, source_version: str) -> None:
    name = font["name"]
    name.names = [r for r in name.names if r.nameID in KEPT_NAME_IDS and r.platformID == 3]
    version = f"{source_version}; subset for Huarong"
    for name_id, value in (
        (1, FAMILY),
        (2, "Regular"),
        (3, f"{source_version.replace('Version ', '').split(';')[0]};{PS_NAME}"),
        (4, f"{FAMILY} Regular"),
        (5, version),
        (6, PS_NAME),
    ):
        name.setName(value, name_id, 3, 1, 0x0409)
    name.names.sort(key=lambda r: (r.platformID, r.platEncID, r.langID, r.nameID))
    if "CFF " in font:  # keep the CFF's own names consistent if not converted
        cff = font["CFF "].cff
        cff.fontNames = [PS_NAME]


def verify(path: Path, chars: set[str]) -> list[str]:
    """Return the wanted characters that lack a glyph or whose glyph is empty."""
    font = TTFont(path)
    cmap = font.getBestCmap()
    glyph_set = font.getGlyphSet()
    bad = []
    for c in sorted(chars):
        gname = cmap.get(ord(c))
        if gname is None:
            bad.append(c)
            continue
        if c == "\u3000":  # the ideographic space is blank by design
            continue
        if "glyf" in font:
            g = font["glyf"][gname]
            if g.numberOfContours == 0:
                bad.append(c)
        else:
            from fontTools.pens.boundsPen import BoundsPen
            pen = BoundsPen(glyph_set)
            glyph_set[gname].draw(pen)
            if pen.bounds is None:
                bad.append(c)
    return bad


def preview(path: Path, chars: set[str], out: Path) -> None:
    from PIL import Image, ImageDraw, ImageFont  # pip install pillow

    size = 48
    per_row = 20
    text = sorted(c for c in chars if c != "\u3000")
    rows = [text[i:i + per_row] for i in range(0, len(text), per_row)]
    img = Image.new("L", (per_row * (size + 8) + 16, len(rows) * (size + 20) + 16), 255)
    draw = ImageDraw.Draw(img)
    font = ImageFont.truetype(str(path), size)
    for r, row in enumerate(rows):
        draw.text((8, 8 + r * (size + 20)), "".join(row), font=font, fill=0)
    img.save(out)
    print(f"preview: {out}")


def main() -> int:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("source", nargs="?", type=Path, default=DEFAULT_SOURCE,
                    help=f"source font (.ttc/.otf/.ttf); default {DEFAULT_SOURCE}")
    ap.add_argument("-o", "--output", type=Path, default=DEFAULT_OUTPUT)
    ap.add_argument("--check", action="store_true",
                    help="do not write; exit 1 if the output font misses a wanted character")
    ap.add_argument("--preview", type=Path, help="render the kept characters to this PNG")
    args = ap.parse_args()

    chars, per_file = wanted_chars(ROOT)
    for rel, found in per_file.items():
        print(f"scanned {rel}: {len(found)} CJK chars")

    if args.check:
        bad = verify(args.output, chars)
        if bad:
            print(f"{args.output} lacks {len(bad)} characters: {''.join(bad)}")
            print("regenerate it: python3 scripts/subset_font.py")
            return 1
        print(f"{args.output} covers all {len(chars)} wanted characters")
        return 0

    if not args.source.exists():
        sys.exit(f"{args.source} not found (Debian: apt-get install fonts-noto-cjk)")
    font = open_sc_face(args.source)
    source_version = font["name"].getDebugName(5) or "unknown"
    print(f"source: {args.source} ({font['name'].getDebugName(4)}, {source_version})")

    missing = sorted(c for c in chars if ord(c) not in font.getBestCmap())
    if missing:
        print(f"warning: the source has no glyph for {''.join(missing)}", file=sys.stderr)
        chars -= set(missing)

    subset_font(font, chars)
    cff_to_glyf(font)
    rename(font, source_version)
    args.output.parent.mkdir(parents=True, exist_ok=True)
    font.save(args.output)

    bad = verify(args.output, chars)
    size = args.output.stat().st_size
    n_glyphs = len(TTFont(args.output).getGlyphOrder())
    print(f"wrote {args.output}: {size} bytes, {len(chars)} characters, {n_glyphs} glyphs")
    print("characters:", "".join(sorted(chars)))
    if args.preview:
        preview(args.output, chars, args.preview)
    if bad:
        print(f"error: no outline for {''.join(bad)}", file=sys.stderr)
        return 1
    return 0


if __name__ == "__main__":
    sys.exit(main())
