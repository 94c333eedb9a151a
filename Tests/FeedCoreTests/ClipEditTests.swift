import FeedCore
import Foundation
import XCTest

final class ClipEditTests: XCTestCase {
    func testDefaultsAreIdentityAndAnyChangeIsNot() {
        XCTAssertTrue(ClipEdit().isIdentity)
        XCTAssertFalse(ClipEdit(trimStart: 1).isIdentity)
        XCTAssertFalse(ClipEdit(trimEnd: 2).isIdentity)
        XCTAssertFalse(ClipEdit(speed: .double).isIdentity)
        XCTAssertFalse(ClipEdit(overlayText: "hi").isIdentity)
        XCTAssertFalse(ClipEdit(sound: .init(file: URL(fileURLWithPath: "/a.mp3"))).isIdentity)
        XCTAssertTrue(ClipEdit(overlayText: "   \n").isIdentity, "blank text is no text")
    }

    func testSpeedTitles() {
        XCTAssertEqual(ClipEdit.Speed.allCases.map(\.title), ["0.5x", "1x", "2x"])
    }

    func testResultDurationTrimsThenScalesBySpeed() {
        XCTAssertEqual(ClipEdit(trimStart: 1, trimEnd: 3).resultDuration(sourceSeconds: 4), 2)
        XCTAssertEqual(ClipEdit(speed: .double).resultDuration(sourceSeconds: 4), 2)
        XCTAssertEqual(ClipEdit(speed: .half).resultDuration(sourceSeconds: 4), 8)
        XCTAssertEqual(ClipEdit(trimStart: 1, trimEnd: 9, speed: .double).resultDuration(sourceSeconds: 4), 1.5)
    }

    func testValidationClampsAndRefusesTooShort() throws {
        let clamped = try ClipEdit(trimStart: 1, trimEnd: 10).validated(sourceSeconds: 4)
        XCTAssertEqual(clamped.trimStart, 1)
        XCTAssertNil(clamped.trimEnd, "an end past the source is the source's end")
        XCTAssertTrue(try ClipEdit(trimStart: 0.0001, trimEnd: 4).validated(sourceSeconds: 4).isIdentity)
        XCTAssertThrowsError(try ClipEdit(trimStart: 1, trimEnd: 1.3).validated(sourceSeconds: 4)) {
            XCTAssertEqual($0 as? ClipEditError, .tooShort(seconds: 0.30000000000000004))
        }
        XCTAssertThrowsError(try ClipEdit(trimStart: 1, trimEnd: 1.8, speed: .double).validated(sourceSeconds: 4))
        XCTAssertThrowsError(try ClipEdit(trimStart: 3, trimEnd: 2).validated(sourceSeconds: 4)) {
            XCTAssertEqual($0 as? ClipEditError, .emptyTrim)
        }
        XCTAssertThrowsError(try ClipEdit(trimStart: 9).validated(sourceSeconds: 4))
        XCTAssertThrowsError(try ClipEdit().validated(sourceSeconds: .nan)) {
            XCTAssertEqual($0 as? ClipEditError, .unknownSourceDuration)
        }
        XCTAssertNoThrow(try ClipEdit(trimStart: 1, trimEnd: 1.5).validated(sourceSeconds: 4))
    }

    func testTextIsTrimmedAndCappedAndPositionClamped() {
        var edit = ClipEdit(overlayText: "  hello  ", textPosition: 3)
        XCTAssertEqual(edit.overlayText, "hello")
        XCTAssertEqual(edit.textPosition, 1)
        edit.overlayText = String(repeating: "é", count: 400)
        XCTAssertEqual(edit.overlayText?.count, ClipEdit.maximumTextLength)
        edit.textPosition = -1
        XCTAssertEqual(edit.textPosition, 0)
        XCTAssertEqual(ClipEdit().textPosition, 0.5)
    }

    func testSoundVolumesAndOffsetAreClamped() {
        var sound = ClipEdit.Sound(file: URL(fileURLWithPath: "/a.mp3"), volume: 2, originalVolume: -1, offsetSeconds: -5)
        XCTAssertEqual([sound.volume, sound.originalVolume, sound.offsetSeconds], [1, 0, 0])
        sound.volume = 0.25
        sound.offsetSeconds = .infinity
        XCTAssertEqual([sound.volume, sound.offsetSeconds], [0.25, 0])
    }
}
