@testable import FeedCore
import XCTest

final class ShortcutsTests: XCTestCase {
    func testEveryActionHasOneRowAndNoKeyIsBoundTwice() {
        XCTAssertEqual(Set(Shortcuts.all.map(\.action)), Set(ShortcutAction.allCases))
        XCTAssertEqual(Shortcuts.all.count, ShortcutAction.allCases.count)
        let keys = Shortcuts.all.flatMap(\.keys)
        XCTAssertEqual(keys.count, Set(keys).count, "a key is bound twice")
    }

    /// Issue 21: "Ctrl + ," read as "Ctrl + ." in the shortcuts window: a key whose glyph is
    /// tiny is named in words under its row.
    func testAKeyWithATinyGlyphIsNamedInWords() {
        let preferences = Shortcuts.all.first { $0.action == .preferences }
        XCTAssertEqual(preferences?.keysInWords, "Ctrl and the comma key")
        XCTAssertNil(Shortcuts.all.first { $0.action == .like }?.keysInWords, "L reads well on its keycap")
        XCTAssertEqual(Shortcut(action: .like, keys: ["period"], section: .feed).keysInWords, "the full stop key")
    }

    func testKeysFindTheirActions() {
        for name in ["Down", "j", "Page_Down"] {
            XCTAssertEqual(Shortcuts.action(forKey: name, control: false, alt: false), .nextVideo, name)
        }
        XCTAssertEqual(Shortcuts.action(forKey: "k", control: false, alt: false), .previousVideo)
        XCTAssertEqual(Shortcuts.action(forKey: "space", control: false, alt: false), .playPause)
        XCTAssertEqual(Shortcuts.action(forKey: "f", control: false, alt: false), .fullscreen)
        XCTAssertEqual(Shortcuts.action(forKey: "f", control: true, alt: false), .search)
        XCTAssertEqual(Shortcuts.action(forKey: "Return", control: false, alt: false), .next)
        XCTAssertEqual(Shortcuts.action(forKey: "Return", control: true, alt: false), .post)
        XCTAssertEqual(Shortcuts.action(forKey: "question", control: true, alt: false, shift: true), .showShortcuts)
        XCTAssertEqual(Shortcuts.action(forKey: "slash", control: true, alt: false, shift: true), .showShortcuts)
        XCTAssertNil(Shortcuts.action(forKey: "slash", control: true, alt: false, shift: false), "Shift is named")
    }

    /// Issue 21: the player's controls have keys of their own, on keys nothing else used.
    func testThePlayerControlsHaveKeys() {
        XCTAssertEqual(Shortcuts.action(forKey: "Left", control: false, alt: false), .seekBack)
        XCTAssertEqual(Shortcuts.action(forKey: "Right", control: false, alt: false), .seekForward)
        // + is Shift and = on most keyboards: both are louder, as is the keypad's.
        XCTAssertEqual(Shortcuts.action(forKey: "plus", control: false, alt: false, shift: true), .volumeUp)
        XCTAssertEqual(Shortcuts.action(forKey: "equal", control: false, alt: false), .volumeUp)
        XCTAssertEqual(Shortcuts.action(forKey: "KP_Add", control: false, alt: false), .volumeUp)
        XCTAssertEqual(Shortcuts.action(forKey: "minus", control: false, alt: false), .volumeDown)
        XCTAssertEqual(Shortcuts.action(forKey: "KP_Subtract", control: false, alt: false), .volumeDown)
        XCTAssertNil(Shortcuts.action(forKey: "Left", control: true, alt: false), "Ctrl+Left is the text's")
        XCTAssertEqual(Shortcuts.shortcut(for: .volumeUp).section, .playback)
    }

    /// The shortcuts window draws + and - once each (the column stays narrow enough for one
    /// page); every key still works.
    func testTheShortcutsWindowDrawsPlusAndMinusOnce() {
        XCTAssertEqual(Shortcuts.shortcut(for: .volumeUp).shownKeys, ["plus"])
        XCTAssertEqual(Shortcuts.shortcut(for: .volumeDown).shownKeys, ["minus"])
        XCTAssertEqual(Shortcuts.shortcut(for: .next).shownKeys, ["Return", "KP_Enter"])
        XCTAssertEqual(Shortcuts.shortcut(for: .volumeUp).keys, ["plus", "equal", "KP_Add"])
    }

    func testModifiersThatNoShortcutNamesMatchNothing() {
        XCTAssertEqual(Shortcuts.action(forKey: "l", control: true, alt: false), .addFeed, "Ctrl+L follows, it does not like")
        XCTAssertEqual(Shortcuts.action(forKey: "v", control: true, alt: false), .pasteAddress)
        XCTAssertNil(Shortcuts.action(forKey: "k", control: true, alt: false), "Ctrl+K is not previous")
        XCTAssertNil(Shortcuts.action(forKey: "Down", control: false, alt: true))
        XCTAssertNil(Shortcuts.action(forKey: "L", control: false, alt: false), "Shift+L types a capital")
        XCTAssertNil(Shortcuts.action(forKey: "x", control: false, alt: false))
    }

    func testOnlyTheModifiedShortcutsAreApplicationAccelerators() {
        XCTAssertEqual(Set(Shortcuts.all.filter(\.isAccelerator).map(\.action)), [.search, .addFiles, .addFolder, .addFeed, .following, .preferences, .showShortcuts, .quit])
    }

    func testTheShortcutsWindowListsEveryShortcutUnderItsSection() {
        let listed = Shortcuts.sections.flatMap(\.shortcuts)
        XCTAssertEqual(listed.count, Shortcuts.all.count)
        XCTAssertEqual(Shortcuts.sections.map(\.section), [.feed, .recording, .playback, .application])
        XCTAssertTrue(Shortcuts.all.allSatisfy { !$0.title.isEmpty && !$0.section.title.isEmpty })
    }

    func testAcceleratorsAreParsed() {
        XCTAssertEqual(Accelerator("<Control><Shift>slash"), Accelerator(name: "slash", control: true, alt: false, shift: true))
        XCTAssertEqual(Accelerator("<Primary>q"), Accelerator(name: "q", control: true, alt: false, shift: false))
        XCTAssertEqual(Accelerator("F11"), Accelerator(name: "F11", control: false, alt: false, shift: false))
    }
}
