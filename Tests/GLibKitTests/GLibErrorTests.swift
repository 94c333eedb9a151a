import CGLib
import CGStreamer
import GLibKit
import GStreamerKit
import XCTest

final class GLibErrorTests: XCTestCase {
    func testFailingGLibCallBecomesASwiftError() {
        var contents: UnsafeMutablePointer<gchar>?
        var length: gsize = 0
        let path = "/nonexistent-loopfeed-dir/missing.txt"
        XCTAssertThrowsError(try GLibError.check { error in g_file_get_contents(path, &contents, &length, error) }) { error in
            guard let error = error as? GLibError else { return XCTFail("expected GLibError, got \(error)") }
            XCTAssertEqual(error.domain, "g-file-error-quark")
            XCTAssertEqual(error.code, Int32(G_FILE_ERROR_NOENT.rawValue))
            XCTAssertTrue(error.message.contains(path), error.message)
            XCTAssertEqual(error.description, error.message)
        }
        XCTAssertNil(contents)
    }

    func testSucceedingCallReturnsItsResult() throws {
        let dir = FileManager.default.temporaryDirectory.appendingPathComponent("glib-error-\(getpid()).txt")
        try "hello".write(to: dir, atomically: true, encoding: .utf8)
        defer { try? FileManager.default.removeItem(at: dir) }
        var contents: UnsafeMutablePointer<gchar>?
        var length: gsize = 0
        let ok = try GLibError.check { error in g_file_get_contents(dir.path, &contents, &length, error) }
        XCTAssertNotEqual(ok, 0)
        XCTAssertEqual(length, 5)
        XCTAssertEqual(contents.map { String(cString: $0) }, "hello")
        g_free(contents)
    }

    func testInvalidPipelineDescriptionThrowsTheParseError() {
        MainActor.assumeIsolated { GStreamer.initialize() }
        XCTAssertThrowsError(try Pipeline.parse("videotestsrc ! no-such-element-loopfeed ! fakesink")) { error in
            guard let error = error as? GLibError else { return XCTFail("expected GLibError, got \(error)") }
            XCTAssertEqual(error.domain, "gst_parse_error")
            XCTAssertEqual(error.code, Int32(GST_PARSE_ERROR_NO_SUCH_ELEMENT.rawValue))
            XCTAssertTrue(error.message.contains("no-such-element-loopfeed"), error.message)
        }
        XCTAssertThrowsError(try Element.bin(description: "fakesrc ! ! fakesink"))
    }

    func testEquality() {
        XCTAssertEqual(GLibError(domain: "d", code: 1, message: "m"), GLibError(domain: "d", code: 1, message: "m"))
        XCTAssertNotEqual(GLibError(domain: "d", code: 1, message: "m"), GLibError(domain: "d", code: 2, message: "m"))
    }
}
