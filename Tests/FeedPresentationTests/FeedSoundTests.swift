import FeedCore
import FeedPresentation
import FeedTesting
import TestSupport
import XCTest

/// Issue 21: the volume slider and its keys, remembered with the mute.
final class FeedSoundTests: XCTestCase {
    func testTheVolumeIsRememberedWithTheMute() {
        onMain {
            var stored = Preferences()
            stored.volume = 0.8
            stored.muted = true
            let preferences = InMemoryPreferencesStore(stored)
            let events = RecordingEventSink()
            let sound = FeedSound(preferences: preferences, events: events)
            XCTAssertEqual(sound.level, SoundLevel(volume: 0.8, muted: true))
            var followed: [SoundLevel] = [], said: [String] = []
            sound.onChange = { followed.append($0) }
            sound.onSay = { said.append($0) }
            sound.step(by: 1)
            XCTAssertEqual(sound.level, SoundLevel(volume: 0.9, muted: false), "louder unmutes")
            XCTAssertEqual(preferences.load().volume, 0.9)
            XCTAssertFalse(preferences.load().muted)
            sound.toggleMute()
            sound.setVolume(0.3)
            XCTAssertEqual(sound.level, SoundLevel(volume: 0.3, muted: true), "quieter keeps it off")
            XCTAssertEqual(followed.count, 3)
            XCTAssertEqual(said, ["Volume 90%", "Sound off"], "the slider says nothing: it shows")
            XCTAssertEqual(events.events.filter { $0.name == "volume" }.last, .volume(level: 0.3, muted: true))
            XCTAssertEqual(FeedSound(preferences: preferences, events: nil).level, sound.level, "the next launch has it")
            sound.step(by: -5)
            sound.step(by: -1)
            XCTAssertEqual(followed.count, 4, "nothing to change at no volume")
            XCTAssertEqual(said.last, "Sound off")
        }
    }

    func testASettingTheDiskRefusesStillHoldsAndIsSaid() {
        onMain {
            let preferences = InMemoryPreferencesStore()
            preferences.failure = .diskFull(path: "/full")
            let events = RecordingEventSink()
            let sound = FeedSound(preferences: preferences, events: events)
            var said: [String] = []
            sound.onSay = { said.append($0) }
            sound.toggleMute()
            XCTAssertTrue(sound.level.muted)
            XCTAssertTrue(said.last?.hasPrefix("The sound setting can’t be kept") == true, "\(said)")
            XCTAssertTrue(events.events.contains { if case .error(kind: "preferences", _, _, _) = $0 { true } else { false } })
        }
    }

    func testAnotherFeedsChangeIsTakenUp() {
        onMain {
            let preferences = InMemoryPreferencesStore()
            let home = FeedSound(preferences: preferences, events: nil)
            let results = FeedSound(preferences: preferences, events: nil)
            var followed: [SoundLevel] = []
            home.onChange = { followed.append($0) }
            results.setVolume(0.2)
            home.reload()
            XCTAssertEqual(followed, [SoundLevel(volume: 0.2, muted: false)])
            home.reload()
            XCTAssertEqual(followed.count, 1)
        }
    }
}
