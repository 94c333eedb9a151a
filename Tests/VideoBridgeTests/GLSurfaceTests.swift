import CGtk
import FeedMedia
import Foundation
import GLibKit
import GStreamerKit
import GtkKit
import TestSupport
import VideoBridge
import XCTest

/// The GL frame path end to end in GTK: GTK's GL context shared with GStreamer, frames turned
/// into GdkGLTextures by a surface, read back as the page shows them. The same clips through
/// the memory path must look the same: SMPTE bars in the same colours (not red and blue
/// swapped), a clip tagged rotate-90 the same way up. Needs a display GL works on (Mesa's
/// llvmpipe under Xvfb does).
final class GLSurfaceTests: XCTestCase {
    func testBothPathsShowTheSameColoursTheSameWayUp() throws {
        try onMain {
            let output = try Self.glOutput()
            let clips = try GLSurfaceClips.get()
            for (clip, name) in [(clips.bars, "SMPTE bars"), (clips.rotated, "rotate-90 bars")] {
                let gl = try Self.picture(of: clip, output: output)
                let memory = try Self.picture(of: clip, output: nil)
                XCTAssertEqual([gl.width, gl.height], [memory.width, memory.height], name)
                XCTAssertEqual([gl.width, gl.height], [320, 568], "\(name): shown portrait")
                // The seven bars across the top two thirds (or, turned, down the right two thirds).
                for bar in 0..<7 {
                    let (x, y) = clip == clips.bars ? (320 * (2 * bar + 1) / 14, 150) : (250, 568 * (2 * bar + 1) / 14)
                    let a = gl.pixel(x, y), b = memory.pixel(x, y)
                    XCTAssertTrue(zip(a, b).allSatisfy { abs(Int($0) - Int($1)) <= 24 },
                                  "\(name) bar \(bar) at (\(x), \(y)): GL \(a) against memory \(b) (BGRA)")
                }
            }
            // Colours as videotestsrc's SMPTE bars have them: white, yellow, cyan, green, magenta,
            // red, blue (full intensity).
            let bars = try Self.picture(of: clips.bars, output: output)
            let expected: [[Int]] = [[255, 255, 255], [0, 255, 255], [255, 255, 0], [0, 255, 0],
                                     [255, 0, 255], [0, 0, 255], [255, 0, 0]]  // blue, green, red
            for (bar, colour) in expected.enumerated() {
                let seen = bars.pixel(320 * (2 * bar + 1) / 14, 150)
                XCTAssertTrue(zip(seen.prefix(3), colour).allSatisfy { abs(Int($0) - $1) <= 30 },
                              "GL bar \(bar): \(seen) (BGRA), expected \(colour)")
            }
        }
    }

    @MainActor
    private static func glOutput() throws -> VideoOutput {
        guard let display = getenv("DISPLAY"), display.pointee != 0 else { throw XCTSkip("no DISPLAY") }
        if !gtkReady {
            if getenv("DBUS_SESSION_BUS_ADDRESS") == nil {
                setenv("DBUS_SESSION_BUS_ADDRESS", "unix:path=/nonexistent/loopfeed-test-bus", 1)
            }
            gtk_init()
            gtkReady = true
        }
        guard let gl = DisplayGL.open() else { throw XCTSkip("no GL on this display") }
        let frames = try gl.shareWithGStreamer()
        return VideoOutput(gl: frames) { reason in XCTFail("left the GL path: \(reason)") }
    }

    @MainActor private static var gtkReady = false

    /// The first frame of `clip` as a page would show it, read back from the surface.
    @MainActor
    private static func picture(of clip: URL, output: VideoOutput?) throws -> Pixels {
        let surface = VideoSurface(output: output)
        let player = try LoopingPlayer(receiver: surface, runtime: MediaRuntime(audioSinkDescription: "fakesink"),
                                       video: output?.playerPath ?? .memory)
        player.load(uri: clip.absoluteString)
        XCTAssertTrue(MainLoop.run(until: { player.phase != .loading && surface.paintable.texture != nil }, timeoutSeconds: 8),
                      "no frame of \(clip.lastPathComponent) (\(output == nil ? "memory" : "GL")): \(player.phase)")
        let texture = try XCTUnwrap(surface.currentTexture)
        return Pixels(bytes: texture.bgraPixels(), width: texture.width, height: texture.height)
    }
}

private struct Pixels {
    let bytes: [UInt8]
    let width: Int
    let height: Int

    /// Blue, green, red, alpha.
    func pixel(_ x: Int, _ y: Int) -> [UInt8] {
        let offset = (y * width + x) * 4
        return Array(bytes[offset..<(offset + 4)])
    }
}

/// A portrait SMPTE clip and the same bars landscape with a rotate-90 track matrix.
private struct GLSurfaceClips: Sendable {
    let bars: URL
    let rotated: URL

    static let shared: Result<GLSurfaceClips, Error> = Result { try make() }
    static func get() throws -> GLSurfaceClips { try shared.get() }

    private static func make() throws -> GLSurfaceClips {
        let dir = FileManager.default.temporaryDirectory.appendingPathComponent("loopfeed-glsurface-\(getpid())")
        try FileManager.default.createDirectory(at: dir, withIntermediateDirectories: true)
        atexit { try? FileManager.default.removeItem(at: FileManager.default.temporaryDirectory
            .appendingPathComponent("loopfeed-glsurface-\(getpid())")) }
        let bars = dir.appendingPathComponent("bars.mp4"), rotated = dir.appendingPathComponent("rotated.mp4")
        try encode(width: 320, height: 568, to: bars)
        try encode(width: 568, height: 320, to: rotated)
        try MP4Rotation.turn(rotated, quarterTurnsClockwise: 1)
        return GLSurfaceClips(bars: bars, rotated: rotated)
    }

    private static func encode(width: Int, height: Int, to url: URL) throws {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/usr/bin/gst-launch-1.0")
        process.arguments = ("-q videotestsrc num-buffers=30 pattern=smpte ! video/x-raw,format=I420,width=\(width),height=\(height),framerate=30/1 "
            + "! x264enc speed-preset=ultrafast ! video/x-h264,profile=main ! h264parse ! mp4mux faststart=true ! filesink location=\(url.path)")
            .split(separator: " ").map(String.init)
        try process.run()
        process.waitUntilExit()
        guard process.terminationStatus == 0 else { throw CocoaError(.fileWriteUnknown) }
    }
}
