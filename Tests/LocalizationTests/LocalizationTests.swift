import Foundation
import Localization
import XCTest

/// gettext for real: a catalog compiled with msgfmt, bound for the test, picked by LANGUAGE.
final class LocalizationTests: XCTestCase {
    /// One German catalog for the whole class (gettext caches what it has loaded).
    private static let folder: URL = {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("l10n-\(UUID().uuidString)")
        let messages = folder.appendingPathComponent("de/LC_MESSAGES")
        try? FileManager.default.createDirectory(at: messages, withIntermediateDirectories: true)
        let po = folder.appendingPathComponent("de.po")
        try? """
        msgid ""
        msgstr ""
        "Content-Type: text/plain; charset=UTF-8\\n"
        "Plural-Forms: nplurals=2; plural=(n != 1);\\n"

        msgid "Link copied"
        msgstr "Link kopiert"

        msgid "No one called @{handle} is on Loopfeed here."
        msgstr "Hier gibt es niemanden namens @{handle}."

        msgid "{count} comment"
        msgid_plural "{count} comments"
        msgstr[0] "{count} Kommentar"
        msgstr[1] "{count} Kommentare"

        """.write(to: po, atomically: true, encoding: .utf8)
        let msgfmt = Process()
        msgfmt.executableURL = URL(fileURLWithPath: "/usr/bin/env")
        msgfmt.arguments = ["msgfmt", "-o", messages.appendingPathComponent("loopfeed.mo").path, po.path]
        try? msgfmt.run()
        msgfmt.waitUntilExit()
        setenv("LANGUAGE", "de", 1)
        setenv("LC_ALL", "C.UTF-8", 1)
        Localization.setUp(localeDirectory: folder.path)
        return folder
    }()

    override class func setUp() {
        super.setUp()
        _ = folder
    }

    override class func tearDown() {
        unsetenv("LANGUAGE")
        unsetenv("LC_ALL")
        try? FileManager.default.removeItem(at: folder)
        super.tearDown()
    }

    func testATranslatedStringComesFromTheCatalog() throws {
        XCTAssertTrue(FileManager.default.fileExists(atPath: Self.folder.appendingPathComponent("de/LC_MESSAGES/loopfeed.mo").path),
                      "msgfmt (the gettext package) made no catalog")
        XCTAssertEqual(tr("Link copied"), "Link kopiert")
        XCTAssertEqual(tr("Nothing like this in the catalog"), "Nothing like this in the catalog")
    }

    func testPlaceholdersAreFilledAfterTranslation() throws {
        XCTAssertEqual(tr("No one called @{handle} is on Loopfeed here.", ["handle": "zoe.t"]),
                       "Hier gibt es niemanden namens @zoe.t.")
    }

    func testAValueIsNeverFilledInAgain() {
        // A comment that says "{name}" stays as written.
        XCTAssertEqual(Localization.fill("{name} commented: {text}", ["text": "hi {name}", "name": "Ann"]),
                       "Ann commented: hi {name}")
        XCTAssertEqual(trn("{count} comment", "{count} comments", 2, ["count": "ignored"]), "2 Kommentare")
        XCTAssertEqual(Localization.fill("{unknown} and {", ["name": "x"]), "{unknown} and {")
    }

    func testPluralsFollowTheCount() {
        XCTAssertEqual(trn("{count} comment", "{count} comments", 1), "1 Kommentar")
        XCTAssertEqual(trn("{count} comment", "{count} comments", 3), "3 Kommentare")
        XCTAssertEqual(trn("{count} video", "{count} videos", 1), "1 video", "untranslated: the English forms")
        XCTAssertEqual(trn("{count} video", "{count} videos", 2), "2 videos")
    }

    func testNumbersAreWrittenForTheLocale() {
        let german = LocaleNumbers.Separators(decimal: ",", group: ".")
        XCTAssertEqual(LocaleNumbers.whole(2_001, separators: german), "2.001")
        XCTAssertEqual(LocaleNumbers.whole(1_234_567, separators: .init(decimal: ".", group: ",")), "1,234,567")
        XCTAssertEqual(LocaleNumbers.whole(-12_000, separators: german), "-12.000")
        XCTAssertEqual(LocaleNumbers.whole(999, separators: german), "999")
        XCTAssertEqual(LocaleNumbers.whole(2_001, separators: .c), "2001")
        XCTAssertEqual(LocaleNumbers.tenths(1, 5, separators: german), "1,5")
    }

    func testTheNumericLocaleOfTheProcessStaysC() {
        // Pipelines are described with numbers in text: a German "0,5" would not parse.
        XCTAssertEqual(String(format: "%.1f", 0.5), "0.5")
        XCTAssertEqual(String(cString: localeconv().pointee.decimal_point), ".")
    }
}
