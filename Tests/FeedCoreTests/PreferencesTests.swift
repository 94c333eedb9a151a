import FeedCore
import Foundation
import XCTest

final class PreferencesTests: XCTestCase {
    private func decode(_ json: String) throws -> Preferences {
        try JSONDecoder().decode(Preferences.self, from: Data(json.utf8))
    }

    func testMissingFieldsTakeTheDefaults() throws {
        let preferences = try decode(#"{"volume": 0.5}"#)
        XCTAssertEqual(preferences.volume, 0.5)
        XCTAssertEqual(preferences.recordingLimitSeconds, 60)
        XCTAssertFalse(preferences.saveCopyToVideos)
    }

    func testRecordingLimitIsKeptWithinFiveToOneHundredEightySeconds() throws {
        XCTAssertEqual(try decode(#"{"recordingLimitSeconds": 180}"#).recordingLimitSeconds, 180)
        XCTAssertEqual(try decode(#"{"recordingLimitSeconds": 900}"#).recordingLimitSeconds, 180)
        XCTAssertEqual(try decode(#"{"recordingLimitSeconds": 1}"#).recordingLimitSeconds, 5)
    }

    func testADamagedFieldKeepsTheRest() throws {
        let preferences = try decode(#"{"recordingLimitSeconds": "lots", "saveCopyToVideos": true, "muted": true}"#)
        XCTAssertEqual(preferences.recordingLimitSeconds, 60)
        XCTAssertTrue(preferences.saveCopyToVideos)
        XCTAssertTrue(preferences.muted)
    }

    func testRoundTrips() throws {
        var preferences = Preferences()
        preferences.recordingLimitSeconds = 15
        preferences.saveCopyToVideos = true
        let again = try JSONDecoder().decode(Preferences.self, from: JSONEncoder().encode(preferences))
        XCTAssertEqual(again, preferences)
    }
}
