import FeedCore
import FeedPresentation
import FeedTesting
import TestSupport
import XCTest

/// Issue 21: the controls over the video are there when wanted and out of the way otherwise;
/// fullscreen is the video alone.
final class PlayerChromeTests: XCTestCase {
    func testThePointerShowsTheControlsForAMomentAfterItStops() {
        onMain {
            let timers = ManualTimers()
            let chrome = PlayerChrome(timers: timers)
            var changes: [PlayerChrome.Shown] = []
            chrome.onChange = { changes.append($0) }
            XCTAssertEqual(chrome.shown, PlayerChrome.Shown(info: true), "at rest: the post's details only")
            chrome.stir()
            XCTAssertEqual(chrome.shown, PlayerChrome.Shown(info: true, progress: true, volume: true))
            timers.advance(milliseconds: 2_000)
            chrome.stir()
            timers.advance(milliseconds: 2_000)
            XCTAssertTrue(chrome.shown.progress, "moved again: the wait starts again")
            timers.advance(milliseconds: 600)
            XCTAssertEqual(chrome.shown, PlayerChrome.Shown(info: true))
            XCTAssertEqual(changes.count, 2)
            chrome.stir()
            chrome.setPointerOnControls(true)
            timers.advance(milliseconds: 5_000)
            XCTAssertTrue(chrome.shown.volume, "a pointer resting on a control keeps them")
            chrome.pointerLeft()
            XCTAssertFalse(chrome.shown.volume)
        }
    }

    func testPausedTheBarStaysAndTheKeyboardOrADragKeepsTheControls() {
        onMain {
            let chrome = PlayerChrome(timers: ManualTimers())
            chrome.setPaused(true)
            XCTAssertEqual(chrome.shown, PlayerChrome.Shown(info: true, progress: true))
            chrome.setPaused(false)
            chrome.setKeyboardInControls(true)
            XCTAssertEqual(chrome.shown, PlayerChrome.Shown(info: true, progress: true, volume: true))
            chrome.setKeyboardInControls(false)
            chrome.setScrubbing(true)
            XCTAssertTrue(chrome.shown.progress)
            chrome.setScrubbing(false)
            XCTAssertFalse(chrome.shown.progress)
        }
    }

    /// The README promises fullscreen is the video alone: no rail, caption, music line, bar or
    /// volume, whatever the pointer does; only the sound-off mark stays while the sound is off.
    func testFullscreenIsTheVideoAlone() {
        onMain {
            let chrome = PlayerChrome(timers: ManualTimers())
            chrome.setSilent(true)
            chrome.setFullscreen(true)
            chrome.stir()
            chrome.setPaused(true)
            chrome.setKeyboardInControls(true)
            XCTAssertEqual(chrome.shown, PlayerChrome.Shown(info: false, progress: false, volume: false, muteMark: true))
            chrome.setFullscreen(false)
            XCTAssertEqual(chrome.shown, PlayerChrome.Shown(info: true, progress: true, volume: true, muteMark: true))
            chrome.setSilent(false)
            XCTAssertFalse(chrome.shown.muteMark)
        }
    }
}
