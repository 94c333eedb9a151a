import FeedCore
import XCTest

final class SoundLevelTests: XCTestCase {
    func testRaisingTheVolumeUnmutesAndLoweringItDoesNot() {
        let muted = SoundLevel(volume: 0.5, muted: true)
        XCTAssertEqual(muted.withVolume(0.7), SoundLevel(volume: 0.7, muted: false))
        XCTAssertEqual(muted.withVolume(0.3), SoundLevel(volume: 0.3, muted: true))
        XCTAssertEqual(muted.stepped(by: 1), SoundLevel(volume: 0.6, muted: false))
        XCTAssertEqual(muted.stepped(by: -1), SoundLevel(volume: 0.4, muted: true))
    }

    func testStepsStayOnTheGridAndWithinTheRange() {
        XCTAssertEqual(SoundLevel(volume: 0.47, muted: false).stepped(by: 1).volume, 0.6, accuracy: 1e-9)
        XCTAssertEqual(SoundLevel(volume: 0.95, muted: false).stepped(by: 1).volume, 1)
        XCTAssertEqual(SoundLevel(volume: 0.05, muted: false).stepped(by: -3).volume, 0)
        XCTAssertEqual(SoundLevel(volume: 3, muted: false).volume, 1)
        XCTAssertEqual(SoundLevel(volume: .nan, muted: false).volume, 1)
        XCTAssertEqual(SoundLevel(volume: 0.404, muted: false).percent, 40)
    }

    func testUnmutingNothingBringsTheSoundBack() {
        XCTAssertEqual(SoundLevel(volume: 0, muted: true).togglingMute(), SoundLevel(volume: SoundLevel.restored, muted: false))
        XCTAssertEqual(SoundLevel(volume: 0.8, muted: true).togglingMute(), SoundLevel(volume: 0.8, muted: false))
        XCTAssertEqual(SoundLevel(volume: 0.8, muted: false).togglingMute(), SoundLevel(volume: 0.8, muted: true))
        XCTAssertTrue(SoundLevel(volume: 0, muted: false).isSilent)
        XCTAssertFalse(SoundLevel(volume: 0.1, muted: false).isSilent)
    }
}
