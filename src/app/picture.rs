//! Picture tiles: the picture the tiles are cut from — the built-in
//! landscape (painted here, in code) or a PNG or JPEG the player chose —
//! read and decoded as a job of the app's one job owner (a large JPEG takes
//! a while), kept as one texture. The board draws each tile as a UV rect of
//! that texture (its home cell's part of the picture, the picture cropped
//! to the board's proportions), so it scales with the window and nothing is
//! cut again per frame.
//!
//! The app owns one [`Picture`]; each frame's `logic` polls its job and
//! publishes what is shown in egui's context ([`published`]), where the
//! board views read it.

use std::io::Read;
use std::path::{Path, PathBuf};

use eframe::egui::{self, Color32, ColorImage, Rect, TextureHandle, TextureOptions};

use super::i18n::{Lang, LooksMsg, Message, Said};
use super::jobs::task::Bytes;
use super::jobs::{Handle, JobKind, Jobs, Task, TaskEnv};
use super::settings::Look;
use crate::engine::{Control, Shape};

/// The largest picture file read, in bytes.
pub const MAX_FILE_BYTES: u64 = 64 << 20;
/// The most pixels a picture may have (decoded, 4 bytes each).
pub const MAX_PIXELS: u64 = 40_000_000;
/// The longest side kept: a larger picture is scaled down once, after
/// decoding (every GPU takes 2048-pixel textures, and a tile of a 10×10
/// board still gets about 200 of them).
pub const TEXTURE_SIDE: u32 = 2048;
/// The built-in picture's side, in pixels.
pub const BUILT_IN_SIDE: usize = 1024;

/// Where a picture comes from: a file, or the built-in one (`None`).
pub type Source = Option<PathBuf>;

/// Why a picture file was refused.
#[derive(Debug, Clone, thiserror::Error, serde::Serialize, serde::Deserialize)]
pub enum PictureError {
    /// The file could not be read.
    #[error("Cannot read the picture {}: {why}", path.display())]
    CannotRead {
        /// The file.
        path: PathBuf,
        /// The system's reason.
        why: String,
        /// Its kind, for the reason's translation.
        #[serde(with = "super::error::io_kind_serde")]
        kind: std::io::ErrorKind,
    },
    /// The file is larger than [`MAX_FILE_BYTES`].
    #[error(
        "The picture {} is {}, more than the {} a picture may have",
        path.display(),
        file_size(*bytes, Lang::English),
        crate::units::bytes(MAX_FILE_BYTES)
    )]
    TooLarge {
        /// The file.
        path: PathBuf,
        /// Its size.
        bytes: u64,
    },
    /// The picture has more than [`MAX_PIXELS`] pixels.
    #[error(
        "The picture {} is {width}×{height} pixels, more than the {} a picture may have",
        path.display(),
        pixel_count(Lang::English)
    )]
    TooManyPixels {
        /// The file.
        path: PathBuf,
        /// Its width in pixels.
        width: u32,
        /// Its height in pixels.
        height: u32,
    },
    /// Neither PNG nor JPEG (by its first bytes, not its name).
    #[error("{} is not a PNG or JPEG picture", path.display())]
    NotPngOrJpeg {
        /// The file.
        path: PathBuf,
    },
    /// A PNG or JPEG the decoder could not read.
    #[error("The picture {} cannot be decoded: {why}", path.display())]
    Undecodable {
        /// The file.
        path: PathBuf,
        /// The decoder's reason (in its own words, English).
        why: String,
    },
}

/// A file's size as people read it (`70.2 MiB`), or in bytes when that
/// reads as the bound itself (a file a byte over it).
fn file_size(bytes: u64, lang: Lang) -> String {
    let shown = crate::units::bytes(bytes);
    if shown == crate::units::bytes(MAX_FILE_BYTES) {
        let n = crate::units::thousands(bytes);
        return LooksMsg::ByteCount { n }.text(lang);
    }
    shown
}

/// [`MAX_PIXELS`] in words.
fn pixel_count(lang: Lang) -> String {
    let millions = (MAX_PIXELS / 1_000_000).to_string();
    LooksMsg::PixelCount { millions }.text(lang)
}

/// English is the error's own text; Chinese from the same fields.
impl Message for PictureError {
    fn text(&self, lang: Lang) -> String {
        if lang == Lang::English {
            return self.to_string();
        }
        let shown = |p: &Path| p.display().to_string();
        match self {
            PictureError::CannotRead { path, why, kind } => LooksMsg::PictureCannotRead {
                path: shown(path),
                why: super::error::io_kind_text(*kind, why, lang),
            },
            PictureError::TooLarge { path, bytes } => LooksMsg::PictureTooLarge {
                path: shown(path),
                size: file_size(*bytes, lang),
                max: crate::units::bytes(MAX_FILE_BYTES),
            },
            PictureError::TooManyPixels {
                path,
                width,
                height,
            } => LooksMsg::PictureTooManyPixels {
                path: shown(path),
                width: *width,
                height: *height,
                max: pixel_count(lang),
            },
            PictureError::NotPngOrJpeg { path } => {
                LooksMsg::PictureNotPngOrJpeg { path: shown(path) }
            }
            PictureError::Undecodable { path, why } => LooksMsg::PictureUndecodable {
                path: shown(path),
                why: why.clone(),
            },
        }
        .text(lang)
    }
}

/// Read and decode the picture at `path`: a regular file of at most
/// [`MAX_FILE_BYTES`], PNG or JPEG, of at most [`MAX_PIXELS`] pixels,
/// scaled down to [`TEXTURE_SIDE`] if larger.
pub fn read(path: &Path) -> Result<ColorImage, PictureError> {
    let cannot = |e: std::io::Error| PictureError::CannotRead {
        path: path.to_path_buf(),
        why: e.to_string(),
        kind: e.kind(),
    };
    let file = crate::storage::open_regular(path).map_err(cannot)?;
    let len = file.metadata().map_err(cannot)?.len();
    let too_large = |bytes| PictureError::TooLarge {
        path: path.to_path_buf(),
        bytes,
    };
    if len > MAX_FILE_BYTES {
        return Err(too_large(len));
    }
    let mut bytes = Vec::with_capacity(len as usize);
    // A file that grows while read stops at the bound all the same.
    file.take(MAX_FILE_BYTES + 1)
        .read_to_end(&mut bytes)
        .map_err(cannot)?;
    if bytes.len() as u64 > MAX_FILE_BYTES {
        return Err(too_large(bytes.len() as u64));
    }
    decode(&bytes, path)
}

/// Decode `bytes` (read from `path`, which the errors name) as [`read`]
/// does.
pub fn decode(bytes: &[u8], path: &Path) -> Result<ColorImage, PictureError> {
    use image::{ImageFormat, ImageReader};
    let reader = || {
        ImageReader::new(std::io::Cursor::new(bytes))
            .with_guessed_format()
            .map_err(|e| PictureError::CannotRead {
                path: path.to_path_buf(),
                why: e.to_string(),
                kind: e.kind(),
            })
    };
    let undecodable = |e: image::ImageError| PictureError::Undecodable {
        path: path.to_path_buf(),
        why: e.to_string(),
    };
    let first = reader()?;
    if !matches!(first.format(), Some(ImageFormat::Png | ImageFormat::Jpeg)) {
        return Err(PictureError::NotPngOrJpeg {
            path: path.to_path_buf(),
        });
    }
    // The header first: a picture too large is refused before its pixels
    // are allocated.
    let (width, height) = first.into_dimensions().map_err(undecodable)?;
    if u64::from(width) * u64::from(height) > MAX_PIXELS {
        return Err(PictureError::TooManyPixels {
            path: path.to_path_buf(),
            width,
            height,
        });
    }
    let mut second = reader()?;
    let mut limits = image::Limits::default();
    limits.max_alloc = Some(MAX_PIXELS * 8);
    second.limits(limits);
    // A photograph's EXIF orientation (a phone held upright) is applied,
    // so the picture stands as its owner sees it.
    let mut decoder = second.into_decoder().map_err(undecodable)?;
    let orientation = image::ImageDecoder::orientation(&mut decoder)
        .unwrap_or(image::metadata::Orientation::NoTransforms);
    let mut picture = image::DynamicImage::from_decoder(decoder).map_err(undecodable)?;
    picture.apply_orientation(orientation);
    if width.max(height) > TEXTURE_SIDE {
        picture = picture.thumbnail(TEXTURE_SIDE, TEXTURE_SIDE);
    }
    let rgba = picture.to_rgba8();
    let size = [rgba.width() as usize, rgba.height() as usize];
    Ok(ColorImage::from_rgba_unmultiplied(size, rgba.as_raw()))
}

/// A picture to load, as a job's data (on a thread, or in a web worker).
#[derive(serde::Serialize, serde::Deserialize)]
pub enum LoadPicture {
    /// The built-in picture, painted.
    BuiltIn,
    /// The file at this path, read and decoded.
    File(PathBuf),
    /// A file's bytes, read where the task was made, decoded (a web
    /// worker cannot read the files the page was given).
    Picked {
        /// The file's name.
        path: PathBuf,
        /// Its bytes.
        bytes: Bytes,
    },
}

impl LoadPicture {
    /// What loads `source`: in the web edition the file's bytes travel
    /// with the task (or why they cannot be read).
    fn of(source: &Source) -> Result<Self, PictureError> {
        let Some(path) = source else {
            return Ok(Self::BuiltIn);
        };
        if cfg!(target_arch = "wasm32") {
            let bytes = crate::storage::read_regular(path, MAX_FILE_BYTES).map_err(|e| {
                PictureError::CannotRead {
                    path: path.clone(),
                    why: e.to_string(),
                    kind: e.kind(),
                }
            })?;
            return Ok(Self::Picked {
                path: path.clone(),
                bytes: Bytes(bytes),
            });
        }
        Ok(Self::File(path.clone()))
    }
}

impl Task for LoadPicture {
    type Output = Result<Pixels, PictureError>;
    const NAME: &'static str = "load_picture";

    fn run(self, _: &Control, _: &TaskEnv) -> Self::Output {
        match self {
            Self::BuiltIn => Ok(built_in()),
            Self::File(path) => read(&path),
            Self::Picked { path, bytes } => decode(&bytes.0, &path),
        }
        .map(Pixels::of)
    }

    fn cancelled(&self, _: Option<crate::engine::Progress>) -> Self::Output {
        // Never seen: a load is only ever dropped for another.
        Err(PictureError::Undecodable {
            path: PathBuf::new(),
            why: "cancelled".to_string(),
        })
    }
}

/// A picture's pixels as a job hands them back.
#[derive(serde::Serialize, serde::Deserialize)]
pub struct Pixels {
    /// Width and height.
    size: [usize; 2],
    /// Premultiplied RGBA, row by row.
    rgba: Bytes,
}

impl Pixels {
    fn of(image: ColorImage) -> Self {
        let rgba = image.pixels.iter().flat_map(|p| p.to_array()).collect();
        Self {
            size: image.size,
            rgba: Bytes(rgba),
        }
    }

    /// The image again, unless its bytes do not fill its size.
    fn image(&self) -> Result<ColorImage, ShortPixels> {
        let [w, h] = self.size;
        let needed = w.checked_mul(h).and_then(|n| n.checked_mul(4));
        if needed != Some(self.rgba.0.len()) {
            return Err(ShortPixels {
                size: self.size,
                bytes: self.rgba.0.len(),
            });
        }
        Ok(ColorImage::from_rgba_premultiplied(self.size, &self.rgba.0))
    }
}

/// Pixels that do not fill their picture (a worker's answer damaged: a
/// bug's words).
#[derive(Debug, thiserror::Error)]
#[error("{bytes} bytes of pixels for a {}×{} picture", size[0], size[1])]
struct ShortPixels {
    size: [usize; 2],
    bytes: usize,
}

/// The built-in picture: a landscape at dusk, painted here (so it ships
/// with the code, under the code's licence). Its parts differ all over —
/// stars and a sun in a graded sky, two mountain ranges, a lake, trees, a
/// patchwork of fields and a river — so a player can tell where a tile
/// belongs on any board, and any crop of it (a long thin board's) has some
/// of each.
pub fn built_in() -> ColorImage {
    let n = BUILT_IN_SIDE;
    let mut pixels = Vec::with_capacity(n * n);
    for j in 0..n {
        for i in 0..n {
            let (x, y) = ((i as f32 + 0.5) / n as f32, (j as f32 + 0.5) / n as f32);
            let [r, g, b] = landscape(x, y, 1.0 / n as f32);
            let byte = |v: f32| (v.clamp(0.0, 1.0) * 255.0).round() as u8;
            pixels.push(Color32::from_rgb(byte(r), byte(g), byte(b)));
        }
    }
    ColorImage::new([n, n], pixels)
}

type Rgb = [f32; 3];

fn mix(a: Rgb, b: Rgb, t: f32) -> Rgb {
    let t = t.clamp(0.0, 1.0);
    [
        a[0] + (b[0] - a[0]) * t,
        a[1] + (b[1] - a[1]) * t,
        a[2] + (b[2] - a[2]) * t,
    ]
}

fn scale(a: Rgb, k: f32) -> Rgb {
    [a[0] * k, a[1] * k, a[2] * k]
}

/// How much of a pixel of side `px` lies past an edge at signed distance
/// `d` (positive inside): a soft, antialiased edge.
fn cover(d: f32, px: f32) -> f32 {
    (d / px + 0.5).clamp(0.0, 1.0)
}

/// A number in 0..1 from two integers (a small integer hash).
fn hash(a: i32, b: i32) -> f32 {
    let mut h = (a as u32).wrapping_mul(0x9e37_79b9) ^ (b as u32).wrapping_mul(0x85eb_ca6b);
    h ^= h >> 15;
    h = h.wrapping_mul(0x2c1b_3c6d);
    h ^= h >> 12;
    (h & 0xffff) as f32 / 65535.0
}

const HORIZON: f32 = 0.62;
const SUN: (f32, f32, f32) = (0.72, 0.34, 0.075);

/// The sky at (x, y), y above the horizon (also what the lake mirrors).
fn sky(x: f32, y: f32, px: f32) -> Rgb {
    let t = (y / HORIZON).clamp(0.0, 1.0);
    let top = [0.08, 0.10, 0.30];
    let middle = [0.50, 0.30, 0.58];
    let low = [1.00, 0.66, 0.42];
    let mut c = if t < 0.55 {
        mix(top, middle, t / 0.55)
    } else {
        mix(middle, low, (t - 0.55) / 0.45)
    };
    // Warmer toward the sun, cooler away from it.
    c = mix(
        c,
        [0.95, 0.55, 0.45],
        0.25 * (1.0 - (x - SUN.0).abs() * 2.0).max(0.0),
    );
    // Bands of cloud lit from below.
    for (cy, cx, w, h) in [
        (0.18, 0.30, 0.22, 0.018),
        (0.26, 0.55, 0.30, 0.014),
        (0.44, 0.20, 0.26, 0.012),
        (0.50, 0.85, 0.20, 0.010),
    ] {
        let d = ((x - cx) / w).powi(2) + ((y - cy) / h).powi(2);
        c = mix(c, [1.0, 0.72, 0.70], 0.6 * (1.0 - d).max(0.0));
    }
    // Stars, fading toward the horizon.
    let cells = 28.0;
    let (gi, gj) = ((x * cells).floor() as i32, (y * cells).floor() as i32);
    if hash(gi, gj) > 0.55 {
        let sx = (gi as f32 + 0.2 + 0.6 * hash(gj, gi)) / cells;
        let sy = (gj as f32 + 0.2 + 0.6 * hash(gi + 7, gj)) / cells;
        let d = ((x - sx).powi(2) + (y - sy).powi(2)).sqrt();
        let glow = cover(0.0025 - d, px) * (1.0 - t * 1.6).max(0.0);
        c = mix(c, [1.0, 1.0, 0.92], glow);
    }
    // The sun and its glow.
    let d = ((x - SUN.0).powi(2) + (y - SUN.1).powi(2)).sqrt();
    c = mix(c, [1.0, 0.80, 0.50], 0.5 * (-(d * d) / 0.012).exp());
    mix(c, [1.0, 0.95, 0.75], cover(SUN.2 - d, px))
}

/// The far range's crest (its top's y at x).
fn far_crest(x: f32) -> f32 {
    0.50 - 0.09 * (0.5 + 0.5 * (x * 7.0 + 1.3).sin())
        - 0.04 * (x * 17.0 + 0.4).sin()
        - 0.015 * (x * 43.0).sin()
}

/// The near range's crest.
fn near_crest(x: f32) -> f32 {
    0.58 - 0.06 * (0.5 + 0.5 * (x * 4.0 + 4.0).sin()) - 0.02 * (x * 23.0 + 1.0).sin()
}

/// The shore of the fields in front of the lake.
fn shore(x: f32) -> f32 {
    0.72 + 0.04 * (x * 5.0 + 2.0).sin() + 0.01 * (x * 19.0).sin()
}

/// The landscape's colour at (x, y) in 0..1, for a pixel of side `px`.
fn landscape(x: f32, y: f32, px: f32) -> Rgb {
    let mut c = if y < HORIZON {
        sky(x, y, px)
    } else {
        // The lake mirrors the sky, darker, with ripples; the sun's path
        // glitters on it.
        let mirrored = scale(sky(x, 2.0 * HORIZON - y, px), 0.72);
        let ripple = 0.92 + 0.08 * ((y * 420.0 + (x * 30.0).sin() * 3.0).sin());
        let path = (1.0 - ((x - SUN.0).abs() / 0.05)).max(0.0) * ripple.powi(6) * 0.5;
        mix(scale(mirrored, ripple), [1.0, 0.85, 0.6], path)
    };
    // The far range, hazy, with snow on its peaks.
    let far = far_crest(x);
    let rock = mix([0.36, 0.32, 0.56], [0.26, 0.24, 0.44], (y - far) * 6.0);
    let snow = cover(far + 0.025 - y, px) * cover(0.43 - far, 0.01);
    let far_colour = mix(rock, [0.92, 0.88, 0.95], snow);
    c = mix(c, far_colour, cover(y - far, px) * cover(HORIZON - y, px));
    // The near range, darker, its slopes striped by gullies.
    let near = near_crest(x);
    let gully = 0.9 + 0.1 * (x * 90.0 + y * 40.0).sin();
    let near_colour = scale(
        mix([0.20, 0.24, 0.36], [0.14, 0.18, 0.26], (y - near) * 8.0),
        gully,
    );
    c = mix(c, near_colour, cover(y - near, px) * cover(HORIZON - y, px));
    // Trees on the shore: dark cones of varying height.
    for k in 0..16 {
        let tx = (k as f32 + 0.5 * hash(k, 3)) / 16.0;
        let base = shore(tx) + 0.005;
        let height = 0.035 + 0.03 * hash(k, 9);
        let half = 0.012 + 0.006 * hash(k, 5);
        let up = (base - y) / height;
        if (0.0..=1.0).contains(&up) {
            let inside = half * (1.0 - up) - (x - tx).abs();
            let green = mix([0.08, 0.22, 0.14], [0.14, 0.30, 0.16], hash(k, 1));
            c = mix(c, green, cover(inside, px));
        }
    }
    // The fields: a patchwork in perspective, each with its own crop and
    // furrows, a river winding through them to the lake.
    let edge = shore(x);
    if y > edge - px {
        let depth = (y - edge).max(0.0);
        let u = 0.5 + (x - 0.5) / (0.35 + depth * 2.2);
        let column = (u * 4.0 + 0.4 * (depth * 9.0).sin()).floor() as i32;
        let row = (depth.sqrt() * 9.0).floor() as i32;
        let crops: [Rgb; 6] = [
            [0.42, 0.58, 0.22],
            [0.75, 0.66, 0.26],
            [0.30, 0.48, 0.20],
            [0.62, 0.42, 0.20],
            [0.52, 0.64, 0.30],
            [0.80, 0.54, 0.30],
        ];
        let crop = crops[(hash(column, row) * 5.99) as usize];
        let furrow = 0.88 + 0.12 * ((u * 60.0 + row as f32).sin()).abs();
        // Nearer is brighter: the low sun lights the slope.
        let mut field = scale(crop, furrow * (0.7 + 0.5 * depth));
        let centre = 0.34 + 0.12 * (depth * 14.0).sin() + 0.05 * (depth * 31.0).sin();
        let half = 0.008 + depth * 0.10;
        let water = cover(half - (x - centre).abs(), px);
        field = mix(field, [0.40, 0.56, 0.82], water);
        c = mix(c, field, cover(y - edge, px));
    }
    // A soft vignette.
    let v = 1.0 - 0.25 * ((x - 0.5).powi(2) + (y - 0.5).powi(2));
    scale(c, v)
}

/// The picture shown: its texture and where it came from.
#[derive(Clone)]
pub struct Shown {
    /// Where it came from.
    pub source: Source,
    /// The texture the tiles are drawn from.
    pub texture: TextureHandle,
}

impl std::fmt::Debug for Shown {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct(std::any::type_name::<Self>())
            .field("source", &self.source)
            .field("size", &self.texture.size())
            .finish()
    }
}

impl Shown {
    /// The part of the texture (in UV, 0..1) that cell `cell` of a board
    /// of `shape` shows: the picture cropped about its centre to the
    /// board's proportions, cut into rows × columns.
    pub fn uv(&self, shape: Shape, cell: usize) -> Rect {
        let [w, h] = self.texture.size();
        cell_uv([w, h], shape, cell)
    }
}

/// [`Shown::uv`] for a picture of `size` pixels.
pub fn cell_uv(size: [usize; 2], shape: Shape, cell: usize) -> Rect {
    let (rows, cols) = (f32::from(shape.rows), f32::from(shape.cols));
    let picture = size[0].max(1) as f32 / size[1].max(1) as f32;
    let board = cols / rows;
    // The crop: the whole width or the whole height.
    let (cw, ch) = if picture > board {
        (board / picture, 1.0)
    } else {
        (1.0, picture / board)
    };
    let (u0, v0) = ((1.0 - cw) / 2.0, (1.0 - ch) / 2.0);
    let (r, c) = shape.coords(cell);
    let (r, c) = (r as f32, c as f32);
    Rect::from_min_max(
        egui::pos2(u0 + cw * c / cols, v0 + ch * r / rows),
        egui::pos2(u0 + cw * (c + 1.0) / cols, v0 + ch * (r + 1.0) / rows),
    )
}

/// A load under way.
struct Pending {
    source: Source,
    /// The load, or why it could not start.
    job: Result<Handle<<LoadPicture as Task>::Output>, PictureError>,
    /// The settings' own choice at launch (or after a switch), not a file
    /// just chosen: a failure falls back to the built-in picture.
    restoring: bool,
}

/// What the board views read each frame (see [`published`]).
#[derive(Clone, Debug, Default)]
pub struct Published {
    /// The picture shown, once loaded.
    pub shown: Option<Shown>,
    /// A picture is being read or decoded.
    pub loading: bool,
}

/// The app's picture: the one shown and the one being loaded.
#[derive(Default)]
pub struct Picture {
    shown: Option<Shown>,
    pending: Option<Pending>,
    /// A source that failed to load: not tried again until chosen anew.
    failed: Option<Source>,
}

fn key() -> egui::Id {
    egui::Id::unique("picture")
}

/// The picture shown and whether one is loading, as the app's `logic`
/// last published it.
pub fn published(ctx: &egui::Context) -> Published {
    ctx.data(|d| d.get_temp::<Published>(key()))
        .unwrap_or_default()
}

impl Picture {
    /// Read and decode the file at `path` in the background; it is shown
    /// (and kept in the settings) once decoded, and refused with one line
    /// if it cannot be, the picture shown staying.
    pub fn choose(&mut self, path: PathBuf, jobs: &Jobs, ctx: &egui::Context) {
        self.start(Some(path), false, jobs, ctx);
    }

    fn start(&mut self, source: Source, restoring: bool, jobs: &Jobs, ctx: &egui::Context) {
        let wake = ctx.clone();
        let job = match LoadPicture::of(&source) {
            Ok(task) => Ok(
                jobs.run_task(JobKind::Picture, Control::default(), task, move || {
                    wake.request_repaint()
                }),
            ),
            Err(e) => Err(e),
        };
        self.pending = Some(Pending {
            source,
            job,
            restoring,
        });
    }

    /// Each frame: take a finished load, start the one `look` wants if
    /// none is shown or under way, and publish the result for the boards.
    /// A line for the status bar when a load ended.
    pub fn logic(&mut self, ctx: &egui::Context, look: &mut Look, jobs: &Jobs) -> Option<Said> {
        let mut said = None;
        let done = self.pending.as_mut().and_then(|p| match &mut p.job {
            Ok(job) => job.try_take(),
            Err(e) => Some(Ok(Err(e.clone()))),
        });
        if let Some(result) = done {
            let p = self.pending.take().expect("a load finished");
            let undecodable = |why: String| PictureError::Undecodable {
                path: p.source.clone().unwrap_or_default(),
                why,
            };
            let result = match result {
                Ok(Ok(pixels)) => pixels.image().map_err(|e| undecodable(e.to_string())),
                Ok(Err(e)) => Err(e),
                Err(panicked) => Err(undecodable(panicked.to_string())),
            };
            match result {
                Ok(image) => {
                    let options = TextureOptions {
                        mipmap_mode: Some(egui::TextureFilter::Linear),
                        ..TextureOptions::LINEAR
                    };
                    let texture = ctx.load_texture("picture", image, options);
                    if !p.restoring {
                        let name = name_of(&p.source);
                        said = Some(Said::msg(LooksMsg::PictureShown { name }));
                        look.picture = true;
                    }
                    look.picture_file = p.source.clone();
                    self.shown = Some(Shown {
                        source: p.source,
                        texture,
                    });
                    self.failed = None;
                }
                Err(e) => {
                    let fell_back = p.restoring;
                    if fell_back {
                        look.picture_file = None;
                    }
                    said = Some(Said::new(move |lang| {
                        let why = e.text(lang);
                        if fell_back {
                            LooksMsg::PictureFellBack { why }.text(lang)
                        } else {
                            LooksMsg::PictureKept { why }.text(lang)
                        }
                    }));
                    self.failed = Some(p.source);
                }
            }
        }
        let wanted = &look.picture_file;
        let have = self.shown.as_ref().map(|s| &s.source);
        if look.picture
            && self.pending.is_none()
            && have != Some(wanted)
            && self.failed.as_ref() != Some(wanted)
        {
            self.start(wanted.clone(), true, jobs, ctx);
        }
        let published = Published {
            shown: self.shown.clone().filter(|_| look.picture),
            loading: self.pending.is_some(),
        };
        ctx.data_mut(|d| d.insert_temp(key(), published));
        said
    }
}

/// A source's name for the status line and the panel: the file's name, or
/// the built-in picture's.
pub fn name_of(source: &Source) -> String {
    match source {
        Some(path) => path.file_name().map_or_else(
            || path.display().to_string(),
            |n| n.to_string_lossy().into_owned(),
        ),
        None => LooksMsg::BuiltInPicture.text(Lang::English),
    }
}

#[cfg(test)]
/// Make the PNG `png` claim to be `width`×`height` pixels: IHDR's
/// width and height are the 4 bytes each at 16..24, its CRC-32 (over
/// the chunk's type and data, bytes 12..29) at 29..33.
pub(crate) fn claim_size(png: &mut [u8], width: u32, height: u32) {
    png[16..20].copy_from_slice(&width.to_be_bytes());
    png[20..24].copy_from_slice(&height.to_be_bytes());
    let mut crc = !0u32;
    for &byte in &png[12..29] {
        crc ^= u32::from(byte);
        for _ in 0..8 {
            crc = if crc & 1 == 1 {
                (crc >> 1) ^ 0xedb8_8320
            } else {
                crc >> 1
            };
        }
    }
    png[29..33].copy_from_slice(&(!crc).to_be_bytes());
}

#[cfg(test)]
mod tests {
    use super::*;
    use image::ImageEncoder;

    fn shape(rows: u8, cols: u8) -> Shape {
        Shape::new(rows, cols).unwrap()
    }

    /// The cells' UV rects tile the crop exactly: a square picture on a
    /// 3×3 board is cut in thirds; on a 2×4 board the middle half of its
    /// height is used, all of its width.
    #[test]
    fn cells_cut_the_centred_crop_into_rows_and_columns() {
        let third = 1.0 / 3.0;
        let r = cell_uv([900, 900], shape(3, 3), 4);
        assert!((r.min.x - third).abs() < 1e-6 && (r.max.y - 2.0 * third).abs() < 1e-6);
        let first = cell_uv([800, 800], shape(2, 4), 0);
        let last = cell_uv([800, 800], shape(2, 4), 7);
        assert_eq!((first.min.x, first.min.y), (0.0, 0.25));
        assert_eq!((last.max.x, last.max.y), (1.0, 0.75));
        // A wide picture on a tall board: the middle of its width.
        let tall = cell_uv([2000, 1000], shape(4, 2), 0);
        assert_eq!((tall.min.x, tall.min.y, tall.max.y), (0.375, 0.0, 0.25));
    }

    /// Refusals name their problem, and nothing is decoded past the
    /// bounds.
    #[test]
    fn bad_files_are_refused_with_their_problem() {
        let dir = tempfile::TempDir::new().unwrap();
        let missing = dir.path().join("none.png");
        assert!(matches!(
            read(&missing),
            Err(PictureError::CannotRead { .. })
        ));
        let text = dir.path().join("notes.png");
        std::fs::write(&text, "not a picture").unwrap();
        let e = read(&text).unwrap_err();
        assert!(matches!(e, PictureError::NotPngOrJpeg { .. }), "{e}");
        assert!(e.text(Lang::Chinese).contains("不是 PNG 或 JPEG"));
        // A file over the bound (sparse: nothing is written, nor read).
        let big = dir.path().join("big.jpg");
        std::fs::File::create(&big)
            .unwrap()
            .set_len(MAX_FILE_BYTES + 1)
            .unwrap();
        let e = read(&big).unwrap_err();
        assert!(
            matches!(e, PictureError::TooLarge { bytes, .. } if bytes == MAX_FILE_BYTES + 1),
            "{e}"
        );
        assert!(
            e.to_string()
                .ends_with("is 67,108,865 bytes, more than the 64.0 MiB a picture may have"),
            "{e}"
        );
        assert!(e.text(Lang::Chinese).contains("67,108,865 字节"), "{e}");
        // A folder is not read.
        let e = read(dir.path()).unwrap_err();
        assert!(matches!(e, PictureError::CannotRead { .. }), "{e}");
        // A PNG whose header claims 10,000 × 10,000 pixels: refused from
        // the header, before its pixels are allocated.
        let mut huge = Vec::new();
        image::codecs::png::PngEncoder::new(&mut huge)
            .write_image(&[0u8; 4], 1, 1, image::ExtendedColorType::Rgba8)
            .unwrap();
        claim_size(&mut huge, 10_000, 10_000);
        let e = decode(&huge, Path::new("huge.png")).unwrap_err();
        assert!(
            matches!(
                e,
                PictureError::TooManyPixels {
                    width: 10_000,
                    height: 10_000,
                    ..
                }
            ),
            "{e}"
        );
        // A truncated PNG: the decoder's reason.
        let mut cut = Vec::new();
        image::codecs::png::PngEncoder::new(&mut cut)
            .write_image(&[7u8; 64 * 64 * 4], 64, 64, image::ExtendedColorType::Rgba8)
            .unwrap();
        cut.truncate(cut.len() / 2);
        let e = decode(&cut, Path::new("cut.png")).unwrap_err();
        assert!(matches!(e, PictureError::Undecodable { .. }), "{e}");
    }

    #[test]
    fn a_good_png_decodes_to_its_pixels() {
        let mut png = Vec::new();
        let pixels: Vec<u8> = (0..2 * 3).flat_map(|i| [i as u8 * 40, 0, 0, 255]).collect();
        image::codecs::png::PngEncoder::new(&mut png)
            .write_image(&pixels, 2, 3, image::ExtendedColorType::Rgba8)
            .unwrap();
        let img = decode(&png, Path::new("small.png")).unwrap();
        assert_eq!(img.size, [2, 3]);
        assert_eq!(img.pixels[5], Color32::from_rgb(200, 0, 0));
    }

    /// A photograph taken upright is stored on its side with an EXIF
    /// orientation: it is turned back. Stored 40 wide and 20 high, red on
    /// the left and blue on the right, with orientation 6 (turn 90°
    /// clockwise to view): shown 20 wide and 40 high, red on top.
    #[test]
    fn a_photographs_exif_orientation_is_applied() {
        let stored = image::RgbImage::from_fn(40, 20, |x, _| {
            if x < 20 {
                image::Rgb([230, 20, 20])
            } else {
                image::Rgb([20, 20, 230])
            }
        });
        // A little-endian TIFF header and one IFD entry: Orientation
        // (0x0112), a SHORT, value 6.
        let exif = vec![
            0x49, 0x49, 0x2a, 0, 8, 0, 0, 0, 1, 0, 0x12, 0x01, 3, 0, 1, 0, 0, 0, 6, 0, 0, 0, 0, 0,
            0, 0,
        ];
        let mut jpeg = Vec::new();
        let mut encoder = image::codecs::jpeg::JpegEncoder::new_with_quality(&mut jpeg, 95);
        encoder.set_exif_metadata(exif).unwrap();
        encoder
            .write_image(stored.as_raw(), 40, 20, image::ExtendedColorType::Rgb8)
            .unwrap();
        let img = decode(&jpeg, Path::new("photo.jpg")).unwrap();
        assert_eq!(img.size, [20, 40]);
        let top = img.pixels[5 * 20 + 10];
        let bottom = img.pixels[35 * 20 + 10];
        assert!(top.r() > 150 && top.b() < 100, "{top:?}");
        assert!(bottom.b() > 150 && bottom.r() < 100, "{bottom:?}");
    }

    /// The built-in picture differs from one part to another: the mean
    /// colours of its 4×4 cells are all apart.
    #[test]
    fn the_built_in_picture_has_structure_everywhere() {
        let img = built_in();
        let n = img.size[0];
        let means: Vec<[f32; 3]> = (0..16)
            .map(|cell| {
                let (r, c) = (cell / 4, cell % 4);
                let mut sum = [0.0f32; 3];
                let q = n / 4;
                for y in r * q..(r + 1) * q {
                    for x in c * q..(c + 1) * q {
                        let p = img.pixels[y * n + x];
                        sum[0] += f32::from(p.r());
                        sum[1] += f32::from(p.g());
                        sum[2] += f32::from(p.b());
                    }
                }
                sum.map(|s| s / (q * q) as f32)
            })
            .collect();
        for i in 0..16 {
            for j in i + 1..16 {
                let d: f32 = (0..3).map(|k| (means[i][k] - means[j][k]).abs()).sum();
                assert!(d > 4.0, "cells {i} and {j} look alike: {d}");
            }
        }
    }
}

#[cfg(test)]
mod task_tests {
    use image::ImageEncoder;

    use super::*;
    use crate::app::tasks::testing::{env, sent};

    /// A load's answer as the web edition gets it (sent to a worker as
    /// JSON, read back) is the picture decoded in place, pixel for pixel,
    /// or the same refusal in both languages.
    #[test]
    fn a_picture_load_sent_as_json_answers_as_in_place() {
        let dir = tempfile::TempDir::new().unwrap();
        let env = env(&Jobs::new(dir.path().to_path_buf()));
        let ctl = Control::default();
        let mut png = Vec::new();
        let pixels: Vec<u8> = (0..5 * 7)
            .flat_map(|i: u32| [(i * 7) as u8, (i * 3) as u8, 200, (i * 5 + 80) as u8])
            .collect();
        image::codecs::png::PngEncoder::new(&mut png)
            .write_image(&pixels, 5, 7, image::ExtendedColorType::Rgba8)
            .unwrap();
        let path = dir.path().join("small.png");
        std::fs::write(&path, &png).unwrap();
        let in_place = decode(&png, &path).unwrap();
        let image = |task: LoadPicture| sent(&task, &env).unwrap().image().unwrap();
        assert_eq!(image(LoadPicture::File(path.clone())), in_place);
        let picked = LoadPicture::Picked {
            path: path.clone(),
            bytes: Bytes(png.clone()),
        };
        assert_eq!(image(picked), in_place);
        assert_eq!(image(LoadPicture::BuiltIn), built_in());
        // Refusals come back as they were made.
        for task in [
            LoadPicture::File(dir.path().join("none.png")),
            LoadPicture::Picked {
                path: path.clone(),
                bytes: Bytes(b"not a picture".to_vec()),
            },
        ] {
            let json = serde_json::to_string(&task).unwrap();
            let answer = sent(&task, &env).err().unwrap();
            let task: LoadPicture = serde_json::from_str(&json).unwrap();
            let here = task.run(&ctl, &env).err().unwrap();
            for lang in Lang::ALL {
                assert_eq!(answer.text(lang), here.text(lang));
            }
        }
    }

    /// Pixels that do not fill their size are refused, never drawn.
    #[test]
    fn pixels_short_of_their_size_are_no_image() {
        let short = Pixels {
            size: [3, 3],
            rgba: Bytes(vec![0; 35]),
        };
        assert!(short.image().is_err());
        let huge = Pixels {
            size: [usize::MAX, 2],
            rgba: Bytes(Vec::new()),
        };
        assert!(huge.image().is_err());
    }
}
