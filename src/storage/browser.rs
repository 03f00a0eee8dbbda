//! The web edition's files. A page cannot open a path: it reads only the
//! file the player picked in the browser's dialog, and it writes by
//! handing the browser a download. So in the web edition
//! [`super::read_regular`] reads the bytes picked under that name (held
//! here, in the page's memory) and [`super::write_atomic`] downloads the
//! bytes under the path's file name; everything above them — the formats,
//! their versions and their checks — is the same as on the desktop.

use std::cell::RefCell;
use std::collections::HashMap;
use std::path::{Path, PathBuf};

thread_local! {
    /// The files picked in this page, by the name they were picked as.
    static PICKED: RefCell<HashMap<PathBuf, Vec<u8>>> = RefCell::new(HashMap::new());
}

/// Hold `bytes`, picked by the player, under `path` for [`read`].
pub fn keep(path: &Path, bytes: Vec<u8>) {
    PICKED.with(|p| p.borrow_mut().insert(path.to_path_buf(), bytes));
}

/// The bytes picked under `path`, refused as [`super::read_regular`]
/// refuses a file longer than `max_len`.
pub fn read(path: &Path, max_len: u64) -> std::io::Result<Vec<u8>> {
    let bytes = PICKED.with(|p| p.borrow().get(path).cloned());
    let bytes = bytes.ok_or_else(|| {
        std::io::Error::new(
            std::io::ErrorKind::NotFound,
            "not a file picked in this page (a page reads only the files picked in its dialog)",
        )
    })?;
    match bytes.len() as u64 {
        len if len > max_len => Err(super::too_long(len, max_len)),
        _ => Ok(bytes),
    }
}

/// Hand `bytes` to the browser as a download named as `path`'s file.
#[cfg(target_arch = "wasm32")]
pub fn download(path: &Path, bytes: &[u8]) -> std::io::Result<()> {
    use wasm_bindgen::JsCast;
    let failed = |what: &str, e: wasm_bindgen::JsValue| {
        std::io::Error::other(format!("the browser refused the download ({what}: {e:?})"))
    };
    let name = path.file_name().map_or_else(
        || "huarong.txt".into(),
        |n| n.to_string_lossy().into_owned(),
    );
    let parts = js_sys::Array::of1(&js_sys::Uint8Array::from(bytes));
    let blob = web_sys::Blob::new_with_u8_array_sequence(&parts).map_err(|e| failed("blob", e))?;
    let url = web_sys::Url::create_object_url_with_blob(&blob).map_err(|e| failed("address", e))?;
    let document = web_sys::window()
        .and_then(|w| w.document())
        .ok_or_else(|| std::io::Error::other("no page to download from"))?;
    let link: web_sys::HtmlAnchorElement = document
        .create_element("a")
        .map_err(|e| failed("link", e))?
        .unchecked_into();
    link.set_href(&url);
    link.set_download(&name);
    link.click();
    // The browser has taken the bytes once the click is handled.
    let _ = web_sys::Url::revoke_object_url(&url);
    Ok(())
}

#[cfg(test)]
mod tests {
    use super::*;

    /// A picked file is read back under its name, whole; one too long is
    /// refused as a file on disk would be, and a name never picked is not
    /// found.
    #[test]
    fn picked_files_are_read_back_by_name_within_the_bound() {
        let path = Path::new("puzzle.ron");
        keep(path, b"(version: 1)".to_vec());
        assert_eq!(read(path, 100).unwrap(), b"(version: 1)");
        let long = read(path, 4).unwrap_err();
        assert_eq!(long.kind(), std::io::ErrorKind::InvalidData);
        assert!(long.to_string().contains("more than the 4"), "{long}");
        let missing = read(Path::new("other.ron"), 100).unwrap_err();
        assert_eq!(missing.kind(), std::io::ErrorKind::NotFound);
    }
}
