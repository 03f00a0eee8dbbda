//! The language as a user switches it: from the menu, at once, remembered.

use egui_kittest::kittest::Queryable;

use crate::app::i18n::Lang;
use crate::app::tests::harness;

#[test]
fn the_language_menu_switches_the_menu_bar_at_once_and_back() {
    let mut h = harness();
    h.run();
    assert_eq!(h.state().settings.language, Lang::English);
    h.get_by_label("Language").click();
    h.run();
    h.get_by_label("简体中文").click();
    h.run();
    // Remembered in the settings eframe saves, and drawn in the next frame.
    assert_eq!(h.state().settings.language, Lang::Chinese);
    assert!(h.query_by_label("File").is_none());
    h.get_by_label("文件").click();
    h.run();
    assert!(h.query_by_label("打开…").is_some());
    h.key_press(eframe::egui::Key::Escape);
    h.run();
    h.get_by_label("语言").click();
    h.run();
    h.get_by_label("English").click();
    h.run();
    assert_eq!(h.state().settings.language, Lang::English);
    assert!(h.query_by_label("File").is_some());
    assert!(h.query_by_label("文件").is_none());
}

#[test]
fn the_in_app_file_dialog_speaks_chinese_and_names_a_bad_path_in_it() {
    use crate::app::files::{FileAction, NativeAnswer};
    use crate::app::i18n::Msg;
    use crate::app::tests::{harness_with, wait_until};
    let mut h = harness_with(crate::app::Settings {
        language: Lang::Chinese,
        ..crate::app::Settings::default()
    });
    fn no_system_dialog(_: FileAction, _: Lang, _: &std::path::Path) -> NativeAnswer {
        NativeAnswer::Unavailable(Msg::NativeMissing)
    }
    h.state_mut().files.native = no_system_dialog;
    h.run();
    h.get_by_label("文件").click();
    h.run();
    h.get_by_label("打开…").click();
    h.run();
    wait_until(
        &mut h,
        |h| h.state().files.is_open(),
        100,
        "the in-app dialog",
    );
    h.get_by_label("打开谜题");
    h.get_by_label("取消");
    // The status line says why, in Chinese.
    let status = h.state().status().to_string();
    assert!(status.contains("改用华容道自带的文件对话框"), "{status}");
    // A path with nothing there: named, in Chinese.
    let missing = std::env::temp_dir().join("huarong-no-such-file.ron");
    h.get_by_label("路径").focus();
    h.run();
    h.key_press_modifiers(crate::app::tests::CTRL, eframe::egui::Key::A);
    h.run();
    h.get_by_label("路径")
        .type_text(&missing.display().to_string());
    h.run();
    h.get_by_label("打开").click();
    h.run();
    h.get_by_label_contains("处没有文件");
}
