import FeedCore
@testable import FeedSources
import Foundation
import XCTest

/// A video's size and length from its first bytes: the movie and track headers as MP4 writes
/// them, turned tracks, audio before video, and bytes cut short or lying about their sizes.
final class MP4HeadTests: XCTestCase {
    /// A box: its size, type and body.
    static func box(_ type: String, _ body: [UInt8]) -> [UInt8] {
        be(UInt32(body.count + 8)) + Array(type.utf8) + body
    }

    static func be(_ value: UInt32) -> [UInt8] { (0..<4).map { UInt8(truncatingIfNeeded: value >> (24 - 8 * $0)) } }

    static func mvhd(timescale: UInt32, duration: UInt32) -> [UInt8] {
        box("mvhd", [0, 0, 0, 0] + be(0) + be(0) + be(timescale) + be(duration) + [UInt8](repeating: 0, count: 80))
    }

    /// A version-0 track header with the identity matrix, or a quarter turn.
    static func tkhd(width: UInt32, height: UInt32, turned: Bool = false) -> [UInt8] {
        let one: UInt32 = 0x0001_0000, minusOne = UInt32(bitPattern: -0x0001_0000)
        let matrix: [UInt32] = turned ? [0, one, 0, minusOne, 0, 0, 0, 0, 0x4000_0000] : [one, 0, 0, 0, one, 0, 0, 0, 0x4000_0000]
        let fields = [0, 0, 0, 0] + be(0) + be(0) + be(1) + be(0) + be(0) + [UInt8](repeating: 0, count: 16)
        return box("tkhd", fields + matrix.flatMap(be) + be(width << 16) + be(height << 16))
    }

    static func trak(_ handler: String, _ header: [UInt8]) -> [UInt8] {
        let hdlr = box("hdlr", [0, 0, 0, 0] + be(0) + Array(handler.utf8) + [UInt8](repeating: 0, count: 13))
        return box("trak", header + box("mdia", hdlr))
    }

    static func movie(width: UInt32, height: UInt32, seconds: UInt32, turned: Bool = false) -> [UInt8] {
        box("ftyp", Array("isom".utf8) + be(512)) + box("moov", mvhd(timescale: 1000, duration: seconds * 1000)
            + trak("soun", tkhd(width: 0, height: 0)) + trak("vide", tkhd(width: width, height: height, turned: turned)))
            + box("mdat", [UInt8](repeating: 7, count: 64))
    }

    func testAPortraitVideosSizeAndLengthAreRead() {
        let head = MP4Head.probe(Self.movie(width: 240, height: 426, seconds: 4))
        XCTAssertEqual(head, VerticalFilter.Probe(size: PixelSize(width: 240, height: 426), duration: 4))
    }

    func testATurnedTrackIsShownTurned() {
        let head = MP4Head.probe(Self.movie(width: 1280, height: 720, seconds: 190, turned: true))
        XCTAssertEqual(head?.size, PixelSize(width: 720, height: 1280))
        XCTAssertEqual(head?.duration, 190)
    }

    func testTheFakesNullAspectFileGivesItsShape() throws {
        // What `VerticalFilter` does with it: portrait and short, so shown.
        let video = try PeerTubeDocuments.video(NetworkFixtures.data("peertube/video-null-aspect.json"), from: NetworkFixtures.peertube)
        XCTAssertEqual(VerticalFilter().verdict(for: video), .needsProbe)
        let head = MP4Head.probe(Self.movie(width: 240, height: 426, seconds: 4))
        XCTAssertEqual(VerticalFilter().verdict(for: video, probed: head), .shown)
    }

    func testBytesCutShortOrLyingGiveNothing() {
        let whole = Self.movie(width: 240, height: 426, seconds: 4)
        XCTAssertNil(MP4Head.probe(Array(whole.prefix(60))), "the movie box is cut off")
        XCTAssertNil(MP4Head.probe([]))
        XCTAssertNil(MP4Head.probe(Self.be(0xFFFF_FFF0) + Array("moov".utf8) + [1, 2, 3]), "a size past the end")
        XCTAssertNil(MP4Head.probe(Self.be(1) + Array("moov".utf8) + [0xFF, 0xFF, 0xFF, 0xFF, 0xFF, 0xFF, 0xFF, 0xFF]), "a 64-bit size past Int")
        XCTAssertNil(MP4Head.probe(Self.box("moov", Self.trak("soun", Self.tkhd(width: 0, height: 0)))), "no picture")
        XCTAssertNil(MP4Head.probe(Self.box("moov", Self.trak("vide", Self.box("tkhd", [0, 0, 0, 0])))), "a header too short")
        for seed in 0..<200 {
            var bytes = whole
            var random = SystemRandomNumberGenerator()
            for _ in 0..<(1 + seed % 8) { bytes[Int.random(in: 0..<bytes.count, using: &random)] = UInt8.random(in: 0...255, using: &random) }
            _ = MP4Head.probe(bytes)
        }
    }
}
