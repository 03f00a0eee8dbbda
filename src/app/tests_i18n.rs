//! The language as a user switches it: from the menu, at once, remembered.

use egui_kittest::kittest::Queryable;

use super::i18n::Lang;
use super::tests::harness;

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
