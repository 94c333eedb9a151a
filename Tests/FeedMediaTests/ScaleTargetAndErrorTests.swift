import CGLib
import CGStreamer
import FeedCore
@testable import FeedMedia
import GLibKit
import GStreamerKit
import XCTest

final class ScaleTargetTests: XCTestCase {
    override func setUp() {
        super.setUp()
        MainActor.assumeIsolated { GStreamer.initialize() }
    }

    /// The capsfilter's current caps as a string.
    private func caps(_ filter: Element) -> String {
        var value = GValue()
        g_value_init(&value, gst_caps_get_type())
        g_object_get_property(filter.handle.typed(GObject.self), "caps", &value)
        defer { g_value_unset(&value) }
        guard let caps = g_value_get_boxed(&value) else { return "" }
        guard let text = gst_caps_to_string(caps.assumingMemoryBound(to: GstCaps.self)) else { return "" }
        defer { g_free(text) }
        return String(cString: text)
    }

    private func width(_ filter: Element) -> String? {
        caps(filter).split(separator: ",").first { $0.trimmingCharacters(in: .whitespaces).hasPrefix("width=") }
            .map { String($0).trimmingCharacters(in: .whitespaces) }
    }

    func testNothingIsAppliedUntilBothSizesAreKnown() throws {
        let filter = try Element.make("capsfilter")
        let target = ScaleTarget(filters: [(filter, "BGRA")])
        let initial = caps(filter)
        target.videoSizeChanged(PixelSize(width: 720, height: 1280))
        XCTAssertEqual(caps(filter), initial, "no viewport yet: the decoder's size must pass unchanged")
        XCTAssertEqual(target.videoSize, PixelSize(width: 720, height: 1280))
        target.setViewport(PixelSize(width: 360, height: 640))
        XCTAssertTrue(caps(filter).contains("width=(int)360"), caps(filter))
        XCTAssertTrue(caps(filter).contains("height=(int)640"), caps(filter))
        XCTAssertTrue(caps(filter).contains("BGRA"), caps(filter))
        XCTAssertTrue(caps(filter).contains("pixel-aspect-ratio=(fraction)1/1"), caps(filter))
    }

    func testViewportFirstThenVideo() throws {
        let filter = try Element.make("capsfilter")
        let target = ScaleTarget(filters: [(filter, "BGRA")])
        target.setViewport(PixelSize(width: 200, height: 400))
        XCTAssertEqual(target.viewport, PixelSize(width: 200, height: 400))
        target.videoSizeChanged(PixelSize(width: 640, height: 360))
        XCTAssertTrue(caps(filter).contains("width=(int)200"), caps(filter))
        XCTAssertTrue(caps(filter).contains("height=(int)112"), caps(filter))
    }

    func testResetForgetsTheVideoButKeepsTheViewport() throws {
        let filter = try Element.make("capsfilter")
        let target = ScaleTarget(filters: [(filter, "BGRA")])
        target.setViewport(PixelSize(width: 160, height: 284))
        target.videoSizeChanged(PixelSize(width: 320, height: 568))
        target.reset()
        XCTAssertNil(target.videoSize)
        XCTAssertEqual(target.viewport, PixelSize(width: 160, height: 284))
        // The same size again after a reset must be applied again (applied was forgotten).
        try filter.set("caps", caps: "video/x-raw")
        target.videoSizeChanged(PixelSize(width: 320, height: 568))
        XCTAssertTrue(caps(filter).contains("width=(int)160"), caps(filter))
    }

    func testEveryFilterGetsTheSizeAndOnlyTheLastAFormat() throws {
        let prescale = try Element.make("capsfilter")
        let output = try Element.make("capsfilter")
        let target = ScaleTarget(filters: [(prescale, nil), (output, "BGRA")])
        target.setViewport(PixelSize(width: 450, height: 800))
        target.videoSizeChanged(PixelSize(width: 720, height: 1280))
        for filter in [prescale, output] {
            XCTAssertTrue(caps(filter).contains("width=(int)450"), caps(filter))
            XCTAssertTrue(caps(filter).contains("height=(int)800"), caps(filter))
        }
        XCTAssertFalse(caps(prescale).contains("format="), "scaled in the clip's own format: \(caps(prescale))")
        XCTAssertTrue(caps(output).contains("format=(string)BGRA"), caps(output))
    }

    func testEmptyViewportAppliesNothing() throws {
        let filter = try Element.make("capsfilter")
        let target = ScaleTarget(filters: [(filter, "BGRA")])
        target.videoSizeChanged(PixelSize(width: 320, height: 568))
        target.setViewport(PixelSize(width: 0, height: 0))
        XCTAssertFalse(caps(filter).contains("width="), caps(filter))
    }
}

final class MediaErrorTests: XCTestCase {
    private func kind(_ streamKind: StreamErrorKind) -> MediaError.Kind {
        MediaError(.stream(kind: streamKind, message: "m", debug: "d")).kind
    }

    func testStreamErrorKindsMapToMediaErrorKinds() {
        XCTAssertEqual(kind(.notFound), .notFound)
        XCTAssertEqual(kind(.missingPlugin), .missingPlugin)
        XCTAssertEqual(kind(.corrupt), .corrupt)
        XCTAssertEqual(kind(.noStream), .noVideo)
        XCTAssertEqual(kind(.device), .other)
        XCTAssertEqual(kind(.other), .other)
    }

    func testDetailKeepsGStreamersTextAndMessageIsForPeople() {
        let error = MediaError(.stream(kind: .corrupt, message: "Could not demultiplex stream.", debug: "qtdemux.c(123)"))
        XCTAssertTrue(error.detail.contains("Could not demultiplex stream."))
        XCTAssertTrue(error.detail.contains("qtdemux.c(123)"))
        XCTAssertFalse(error.message.contains("qtdemux"))
    }

    func testNonStreamErrors() {
        XCTAssertEqual(MediaError(.missingElement("x264enc")).kind, .missingPlugin)
        XCTAssertEqual(MediaError(.missingElement("x264enc")).detail, "x264enc")
        XCTAssertEqual(MediaError(.invalidCaps("c")).kind, .other)
        XCTAssertEqual(MediaError(.invalidDescription("d")).kind, .other)
    }

    func testKindRawValuesAreTheEventLogNames() {
        XCTAssertEqual(MediaError.Kind.notFound.rawValue, "not_found")
        XCTAssertEqual(MediaError.Kind.missingPlugin.rawValue, "missing_plugin")
        XCTAssertEqual(MediaError.Kind.corrupt.rawValue, "corrupt")
        XCTAssertEqual(MediaError.Kind.noVideo.rawValue, "no_video")
        XCTAssertEqual(MediaError.Kind.other.rawValue, "playback")
    }
}
