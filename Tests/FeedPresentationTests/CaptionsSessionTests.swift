import FeedCore
@testable import FeedPresentation
import FeedTesting
import Foundation
import TestSupport
import XCTest

/// A network's captions over the post on screen: the user's language first, the cue at the
/// player's position as it loops and pauses, on or off remembered, a `captions` event per choice.
final class CaptionsSessionTests: XCTestCase {
    private static let ref = RemotePostRef(network: .peertube, host: "127.0.0.2:8080",
                                           apiBase: URL(string: "http://127.0.0.2:8080")!, id: "short1", shortUUID: "short1")
    private static func track(_ language: String) -> CaptionTrack {
        CaptionTrack(languageID: language, label: language, fileURL: URL(string: "http://127.0.0.2:8080/\(language).vtt")!)
    }
    private static let cues = CaptionCues([CaptionCue(start: 0, end: 1, text: "one"), CaptionCue(start: 1, end: 2, text: "two")])

    @MainActor
    private final class Rig {
        let reader = FakeRemotePostReader()
        let timers = ManualTimers()
        let events = RecordingEventSink()
        let preferences: InMemoryPreferencesStore
        let session: CaptionsSession
        var changes: [CaptionsSession.Change] = []
        var position: Double? = 0

        init(on: Bool, languages: [String] = ["fr_FR", "en"]) {
            var stored = Preferences()
            stored.captionsShown = on
            preferences = InMemoryPreferencesStore(stored)
            session = CaptionsSession(.init(reader: reader, timers: timers, events: events, preferences: preferences,
                                            languages: languages))
            session.position = { [unowned self] in position }
            session.onChange = { [unowned self] in changes.append($0) }
        }

        func post(_ id: Int64, remote: RemotePostRef? = CaptionsSessionTests.ref) -> Post {
            Post(id: id, author: Author(handle: "a@h", name: "A"), caption: "", music: "", videoURI: "http://h/v.mp4",
                 created: Date(timeIntervalSince1970: 1), remote: remote)
        }

        var captionEvents: [AppEvent] { events.events.filter { $0.name == "captions" } }
    }

    func testTheUsersLanguageShowsAndFollowsThePositionAndTheLoop() {
        onMain {
            let rig = Rig(on: true)
            rig.session.show(rig.post(1))
            XCTAssertEqual(rig.reader.trackCalls.count, 1)
            rig.reader.trackCalls[0].answer(.success([Self.track("en"), Self.track("fr")]))
            XCTAssertTrue(rig.session.isAvailable)
            XCTAssertEqual(rig.session.track?.languageID, "fr", "the user's language before the first listed")
            XCTAssertEqual(rig.reader.captionCalls.last?.question.languageID, "fr")
            rig.reader.captionCalls.last!.answer(.success(Self.cues))
            XCTAssertEqual(rig.session.text, "one")
            rig.position = 1.5
            rig.timers.advance(milliseconds: CaptionsSession.tickMilliseconds)
            XCTAssertEqual(rig.session.text, "two")
            XCTAssertEqual(rig.changes.last, .text("two"))
            rig.timers.advance(milliseconds: CaptionsSession.tickMilliseconds * 3)
            XCTAssertEqual(rig.session.text, "two", "paused: the cue stays")
            rig.position = 0.2
            rig.timers.advance(milliseconds: CaptionsSession.tickMilliseconds)
            XCTAssertEqual(rig.session.text, "one", "the loop begins again: so do the cues")
            XCTAssertEqual(rig.captionEvents, [], "nothing was chosen")
        }
    }

    func testOnAndOffIsRememberedAndSaid() {
        onMain {
            let rig = Rig(on: false)
            rig.session.show(rig.post(1))
            rig.reader.trackCalls[0].answer(.success([Self.track("en")]))
            XCTAssertTrue(rig.reader.captionCalls.isEmpty, "off: no cues asked")
            rig.session.toggle()
            XCTAssertTrue(rig.preferences.load().captionsShown)
            rig.reader.captionCalls.last!.answer(.success(Self.cues))
            XCTAssertEqual(rig.session.text, "one")
            rig.session.toggle()
            XCTAssertFalse(rig.preferences.load().captionsShown)
            XCTAssertNil(rig.session.text)
            XCTAssertEqual(rig.timers.waiting, 0, "off: the position is no longer read")
            XCTAssertEqual(rig.captionEvents, [.captions(postID: 1, language: "en", shown: true),
                                               .captions(postID: 1, language: nil, shown: false)])
        }
    }

    func testAnotherLanguageFromTheMenu() {
        onMain {
            let rig = Rig(on: true, languages: ["en"])
            rig.session.show(rig.post(1))
            rig.reader.trackCalls[0].answer(.success([Self.track("en"), Self.track("fr")]))
            rig.reader.captionCalls.last!.answer(.success(Self.cues))
            XCTAssertEqual(rig.session.menu?.map(\.languageID), [nil, "en", "fr"])
            XCTAssertEqual(rig.session.menu?.map(\.isSelected), [false, true, false])
            rig.session.choose(rig.session.menu![2])
            XCTAssertEqual(rig.session.track?.languageID, "fr")
            XCTAssertEqual(rig.session.menu?.map(\.isSelected), [false, false, true])
            XCTAssertNil(rig.session.text, "the English cue goes at once")
            rig.session.choose(rig.session.menu![0])
            XCTAssertFalse(rig.session.isOn)
            XCTAssertEqual(rig.captionEvents, [.captions(postID: 1, language: "fr", shown: true),
                                               .captions(postID: 1, language: nil, shown: false)])
        }
    }

    func testTheLanguagePickedIsRememberedForTheNextVideosAndRuns() {
        onMain {
            let rig = Rig(on: true, languages: ["en"])
            rig.session.show(rig.post(1))
            rig.reader.trackCalls[0].answer(.success([Self.track("en"), Self.track("fr")]))
            rig.session.choose(languageID: "fr")
            XCTAssertEqual(rig.preferences.load().captionsLanguage, "fr")
            rig.session.show(rig.post(2))
            rig.reader.trackCalls.last!.answer(.success([Self.track("en"), Self.track("fr")]))
            XCTAssertEqual(rig.session.track?.languageID, "fr", "picked last time, ahead of the desktop's English")
            rig.session.show(rig.post(3))
            rig.reader.trackCalls.last!.answer(.success([Self.track("en"), Self.track("de")]))
            XCTAssertEqual(rig.session.track?.languageID, "en", "not there: the user's own")
        }
    }

    func testLeavingThePostCallsOffItsCaptionsAndALocalPostHasNone() {
        onMain {
            let rig = Rig(on: true)
            rig.session.show(rig.post(1))
            let asked = rig.reader.trackCalls[0]
            rig.session.show(rig.post(2, remote: nil))
            XCTAssertTrue(asked.request.cancelled)
            XCTAssertEqual(rig.reader.trackCalls.count, 1, "a post from here has no network to ask")
            XCTAssertFalse(rig.session.isAvailable)
        }
    }

    func testCuesThatCouldNotBeHadAreSaid() {
        onMain {
            let rig = Rig(on: true)
            rig.session.show(rig.post(1))
            rig.reader.trackCalls[0].answer(.success([Self.track("en")]))
            rig.reader.captionCalls.last!.answer(.failure(.busy(server: "127.0.0.2:8080", retryAfter: nil)))
            guard case .failed(let words)? = rig.changes.last else { return XCTFail("the failure is not said: \(rig.changes)") }
            XCTAssertTrue(words.contains("127.0.0.2:8080"), words)
            XCTAssertNil(rig.session.text)
        }
    }
}
