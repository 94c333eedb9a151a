import FeedCore
import XCTest
@testable import LoopfeedApp

/// Every variable the app reads, read once: what each value means, and a value that can't be
/// understood said in plain words and then ignored.
final class EnvironmentOptionsTests: XCTestCase {
    func testNothingSetMeansEveryDefault() {
        let options = EnvironmentOptions.parse([:])
        XCTAssertEqual(options, EnvironmentOptions())
        XCTAssertNil(options.feedRefreshSeconds)
        XCTAssertNil(options.videoPath)
        XCTAssertFalse(options.tracesGStreamer)
        XCTAssertTrue(options.problems.isEmpty)
        XCTAssertTrue(options.watchesMainLoop(debugBuild: true), "debug builds watch the main loop")
        XCTAssertFalse(options.watchesMainLoop(debugBuild: false))
    }

    func testEveryVariableIsRead() {
        let options = EnvironmentOptions.parse([
            "HOME": "/home/ann", "XDG_DATA_HOME": "/data", "XDG_CACHE_HOME": "/cache",
            "LOOPFEED_SAMPLES_DIR": "/opt/samples", "LOOPFEED_AUDIO_SINK": " pulsesink provide-clock=false ",
            "LOOPFEED_REFRESH_SECONDS": "20", "LOOPFEED_VIDEO_PATH": "GL", "GSK_RENDERER": "cairo",
            "GDK_DEBUG": "gl-egl", "LOOPFEED_WATCHDOG": "1", "GST_TRACERS": "leaks",
        ])
        XCTAssertEqual(options.home, "/home/ann")
        XCTAssertEqual(options.dataHome, "/data")
        XCTAssertEqual(options.cacheHome, "/cache")
        XCTAssertEqual(options.samplesDirectory, "/opt/samples")
        XCTAssertEqual(options.audioSink, "pulsesink provide-clock=false")
        XCTAssertEqual(options.feedRefreshSeconds, 20)
        XCTAssertEqual(options.videoPath, .gl, "any case")
        XCTAssertEqual(options.renderer, "cairo")
        XCTAssertEqual(options.gdkDebug, "gl-egl")
        XCTAssertEqual(options.watchdog, true)
        XCTAssertTrue(options.watchesMainLoop(debugBuild: false), "LOOPFEED_WATCHDOG=1 in a release build")
        XCTAssertTrue(options.tracesGStreamer)
        XCTAssertEqual(options.problems, [])
        XCTAssertEqual(EnvironmentOptions.parse(["LOOPFEED_VIDEO_PATH": "memory"]).videoPath, .memory)
        XCTAssertEqual(EnvironmentOptions.parse(["LOOPFEED_REFRESH_SECONDS": "0"]).feedRefreshSeconds, 0, "only at launch")
    }

    func testTheFileChoosersAreThePortalsOnlyInASandboxOrWhenAsked() {
        XCTAssertFalse(EnvironmentOptions.parse([:], inFlatpak: false).usesPortal)
        XCTAssertTrue(EnvironmentOptions.parse([:], inFlatpak: true).usesPortal, "a Flatpak")
        XCTAssertTrue(EnvironmentOptions.parse(["SNAP": "/snap/loopfeed/12"], inFlatpak: false).usesPortal, "a Snap")
        XCTAssertTrue(EnvironmentOptions.parse(["GTK_USE_PORTAL": "1"], inFlatpak: false).usesPortal)
        XCTAssertFalse(EnvironmentOptions.parse(["GTK_USE_PORTAL": "0", "SNAP": ""], inFlatpak: false).usesPortal)
    }

    func testTheUsersLanguagesAreReadAsGettextReadsThem() {
        XCTAssertEqual(EnvironmentOptions.parse(["LANGUAGE": "fr:de", "LANG": "en_GB.UTF-8"]).languages, ["fr", "de", "en_GB"])
        XCTAssertEqual(EnvironmentOptions.parse(["LANGUAGE": "fr", "LANG": "C"]).languages, [], "LANGUAGE is ignored in the C locale")
    }

    func testTheWatchdogCanBeTurnedOffInADebugBuild() {
        let off = EnvironmentOptions.parse(["LOOPFEED_WATCHDOG": "0"])
        XCTAssertEqual(off.watchdog, false)
        XCTAssertFalse(off.watchesMainLoop(debugBuild: true))
    }

    func testAnEmptyVariableIsUnset() {
        let names = ["HOME", "XDG_DATA_HOME", "XDG_CACHE_HOME", "LOOPFEED_SAMPLES_DIR", "LOOPFEED_AUDIO_SINK",
                     "LOOPFEED_REFRESH_SECONDS", "LOOPFEED_VIDEO_PATH", "GSK_RENDERER", "GDK_DEBUG", "LOOPFEED_WATCHDOG",
                     "LOOPFEED_WATCHDOG_MS", "GST_TRACERS"]
        XCTAssertEqual(EnvironmentOptions.parse(Dictionary(uniqueKeysWithValues: names.map { ($0, "") })), EnvironmentOptions())
        XCTAssertNil(EnvironmentOptions.parse(["LOOPFEED_AUDIO_SINK": "  "]).audioSink, "autoaudiosink")
    }

    func testBadValuesAreSaidPlainlyAndIgnored() {
        let options = EnvironmentOptions.parse([
            "XDG_DATA_HOME": "relative/data", "XDG_CACHE_HOME": "~/cache", "LOOPFEED_REFRESH_SECONDS": "soon",
            "LOOPFEED_VIDEO_PATH": "vulkan", "LOOPFEED_WATCHDOG": "yes",
        ])
        XCTAssertNil(options.dataHome)
        XCTAssertNil(options.cacheHome)
        XCTAssertNil(options.feedRefreshSeconds)
        XCTAssertNil(options.videoPath)
        XCTAssertNil(options.watchdog)
        XCTAssertEqual(options.problems, [
            .notAbsolute(variable: "XDG_DATA_HOME", value: "relative/data"),
            .notAbsolute(variable: "XDG_CACHE_HOME", value: "~/cache"),
            .notSeconds(variable: "LOOPFEED_REFRESH_SECONDS", value: "soon"),
            .notAVideoPath(variable: "LOOPFEED_VIDEO_PATH", value: "vulkan"),
            .notASwitch(variable: "LOOPFEED_WATCHDOG", value: "yes"),
        ])
        XCTAssertEqual(options.problems.map(\.description), [
            "loopfeed: XDG_DATA_HOME=relative/data is not an absolute path, so it is ignored",
            "loopfeed: XDG_CACHE_HOME=~/cache is not an absolute path, so it is ignored",
            "loopfeed: LOOPFEED_REFRESH_SECONDS=soon is not a whole number of seconds, so followed feeds are refreshed every 30 minutes",
            "loopfeed: LOOPFEED_VIDEO_PATH=vulkan is neither gl nor memory, so the frame path is chosen as usual",
            "loopfeed: LOOPFEED_WATCHDOG=yes is neither 1 nor 0, so it is ignored",
        ])
    }

    func testAStallThresholdTurnsTheWatchdogOnAtIt() {
        let options = EnvironmentOptions.parse(["LOOPFEED_WATCHDOG_MS": " 50 "])
        XCTAssertEqual(options.stallMilliseconds, 50)
        XCTAssertTrue(options.watchesMainLoop(debugBuild: false))
        XCTAssertFalse(EnvironmentOptions.parse(["LOOPFEED_WATCHDOG_MS": "50", "LOOPFEED_WATCHDOG": "0"])
            .watchesMainLoop(debugBuild: true), "0 still turns it off")
        XCTAssertFalse(EnvironmentOptions.parse([:]).watchesMainLoop(debugBuild: false))
    }

    func testAStallThresholdOutOfRangeIsSaidAndIgnored() {
        for text in ["5", "fast", "90000", "-50"] {
            let options = EnvironmentOptions.parse(["LOOPFEED_WATCHDOG_MS": text])
            XCTAssertNil(options.stallMilliseconds, text)
            XCTAssertFalse(options.watchesMainLoop(debugBuild: false), text)
            XCTAssertEqual(options.problems, [.notMilliseconds(variable: "LOOPFEED_WATCHDOG_MS", value: text)])
        }
        XCTAssertEqual(EnvironmentOptions.Problem.notMilliseconds(variable: "LOOPFEED_WATCHDOG_MS", value: "5").description,
                       "loopfeed: LOOPFEED_WATCHDOG_MS=5 is not a whole number of milliseconds from 10 to 60000, so it is ignored")
    }

    func testANegativeOrFractionalRefreshIsNotSeconds() {
        for text in ["-5", "1.5", "30m"] {
            let options = EnvironmentOptions.parse(["LOOPFEED_REFRESH_SECONDS": text])
            XCTAssertNil(options.feedRefreshSeconds, text)
            XCTAssertEqual(options.problems, [.notSeconds(variable: "LOOPFEED_REFRESH_SECONDS", value: text)])
        }
    }
}
