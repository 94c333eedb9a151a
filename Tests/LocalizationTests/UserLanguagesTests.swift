import Localization
import XCTest

/// The user's languages as gettext chooses its catalogs (the caption track picked first).
final class UserLanguagesTests: XCTestCase {
    func testLanguageListComesFirstThenTheLocale() {
        XCTAssertEqual(UserLanguages.from(["LANGUAGE": "fr:de", "LANG": "en_US.UTF-8"]), ["fr", "de", "en_US"])
        XCTAssertEqual(UserLanguages.from(["LC_ALL": "pt_BR.UTF-8@euro", "LANG": "en_US.UTF-8"]), ["pt_BR"])
    }

    func testTheCLocaleHasNoLanguageAndIgnoresLanguage() {
        XCTAssertEqual(UserLanguages.from(["LANGUAGE": "fr", "LANG": "C.UTF-8"]), [])
        XCTAssertEqual(UserLanguages.from([:]), [])
    }
}
