import FeedCore
import XCTest

final class ProfileHeaderTests: XCTestCase {
    func testTheHeaderIsShorterInAShortWindowSoTheGridShows() {
        XCTAssertEqual(ProfileHeader.height(forPageHeight: 742), 420, "a phone-shaped window keeps 420 px")
        XCTAssertEqual(ProfileHeader.height(forPageHeight: 642), 366)
        XCTAssertEqual(ProfileHeader.height(forPageHeight: 400), 320, "never below what the header holds")
        XCTAssertEqual(ProfileHeader.height(forPageHeight: 2000), 420)
    }

    func testPullStretchesByOnePlusPullOverFiveHundred() {
        XCTAssertEqual(ProfileHeader.background(pull: 0), .init(scale: 1, offsetY: 0))
        XCTAssertEqual(ProfileHeader.background(pull: 100).scale, 1.2, accuracy: 1e-9)
        XCTAssertEqual(ProfileHeader.background(pull: 250).scale, 1.5, accuracy: 1e-9)
        XCTAssertEqual(ProfileHeader.background(pull: 100).offsetY, 50)
        XCTAssertEqual(ProfileHeader.background(pull: -40), .init(scale: 1, offsetY: 0))
    }

    func testPullResistsAndNeverGoesUp() {
        XCTAssertEqual(ProfileHeader.pull(forDrag: -20), 0)
        XCTAssertLessThan(ProfileHeader.pull(forDrag: 100), 100)
        XCTAssertLessThan(ProfileHeader.pull(forDrag: 10_000), 300)
        XCTAssertGreaterThan(ProfileHeader.pull(forDrag: 200), ProfileHeader.pull(forDrag: 100))
    }
}

final class ProfileValidationTests: XCTestCase {
    func testValidProfile() {
        XCTAssertEqual(ProfileValidation.check(handle: "ann.k_2", name: "Ann", bio: ""), [])
    }

    func testProblems() {
        XCTAssertEqual(ProfileValidation.check(handle: "a", name: "Ann", bio: ""), [.handleLength])
        XCTAssertEqual(ProfileValidation.check(handle: "Ann K", name: "Ann", bio: ""), [.handleCharacters])
        XCTAssertEqual(ProfileValidation.check(handle: "ann", name: "  ", bio: ""), [.nameEmpty])
        XCTAssertEqual(ProfileValidation.check(handle: "ann", name: "Ann", bio: String(repeating: "x", count: 161)), [.bioTooLong])
    }
}
