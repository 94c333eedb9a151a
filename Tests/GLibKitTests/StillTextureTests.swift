import CGtk
import Foundation
import GLibKit
import GtkKit
import TestSupport
import XCTest

/// Stills for the grids: decoded just large enough to cover a tile, in the format GTK's CPU
/// drawing copies without converting. No display needed: textures and gdk-pixbuf are GDK's memory side.
final class StillTextureTests: XCTestCase {
    /// A 400x200 PNG, red on the left half and blue on the right.
    private func writeImage() throws -> String {
        let width = 400, height = 200
        var pixels = [UInt8](repeating: 0, count: width * height * 3)
        for y in 0..<height {
            for x in 0..<width {
                let i = (y * width + x) * 3
                if x < width / 2 { pixels[i] = 255 } else { pixels[i + 2] = 255 }
            }
        }
        let bytes = pixels.withUnsafeBytes { g_bytes_new($0.baseAddress, gsize($0.count)) }
        defer { g_bytes_unref(bytes) }
        let texture = gdk_memory_texture_new(Int32(width), Int32(height), GDK_MEMORY_R8G8B8, bytes, gsize(width * 3))
        defer { g_object_unref(UnsafeMutableRawPointer(texture)) }
        let path = NSTemporaryDirectory() + "still-\(UUID().uuidString).png"
        XCTAssertNotEqual(gdk_texture_save_to_png(texture, path), 0)
        addTeardownBlock { try? FileManager.default.removeItem(atPath: path) }
        return path
    }

    func testAStillIsDecodedJustLargeEnoughToCoverTheTile() throws {
        let path = try writeImage()
        // A 100x100 tile: the 2:1 picture covers it at 200x100.
        let still = try XCTUnwrap(Texture(stillAt: path, covering: 100, 100))
        XCTAssertEqual(still.width, 200)
        XCTAssertEqual(still.height, 100)
        let pixels = still.bgraPixels()
        // Blue, green, red, alpha: red at the left, blue at the right.
        XCTAssertEqual(Array(pixels[0..<4]), [0, 0, 255, 255])
        let right = (50 * 200 + 190) * 4
        XCTAssertEqual(Array(pixels[right..<right + 4]), [255, 0, 0, 255])
    }

    func testAStillIsNeverEnlarged() throws {
        let path = try writeImage()
        let still = try XCTUnwrap(Texture(stillAt: path, covering: 600, 900))
        XCTAssertEqual(still.width, 400)
        XCTAssertEqual(still.height, 200)
    }

    func testAFileThatIsNoImageGivesNone() throws {
        XCTAssertNil(Texture(stillAt: "/nonexistent/still.png", covering: 100, 100))
        let notAnImage = NSTemporaryDirectory() + "still-\(UUID().uuidString).png"
        try Data("not an image".utf8).write(to: URL(fileURLWithPath: notAnImage))
        defer { try? FileManager.default.removeItem(atPath: notAnImage) }
        XCTAssertNil(Texture(stillAt: notAnImage, covering: 100, 100))
    }

    func testAStillReadOnAWorkerComesBackOnTheMainLoop() throws {
        let path = try writeImage()
        onMain {
            let answers = ReadStills()
            Texture.readStill(at: path, covering: 100, 100) { still in
                answers.sizes.append(still.map { [$0.width, $0.height] } ?? [])
                answers.onMainThread.append(Thread.isMainThread)
            }
            Texture.readStill(at: "/nonexistent/still.png", covering: 100, 100) { still in
                answers.sizes.append(still == nil ? [0] : [1])
                answers.onMainThread.append(Thread.isMainThread)
            }
            XCTAssertEqual(answers.sizes, [], "nothing is read on the caller's turn")
            _ = MainLoop.run(until: { answers.sizes.count == 2 }, timeoutSeconds: 10)
            XCTAssertEqual(answers.sizes, [[200, 100], [0]], "in the order asked; nil for a file that is not there")
            XCTAssertEqual(answers.onMainThread, [true, true])
        }
    }

    @MainActor
    private final class ReadStills {
        var sizes: [[Int]] = []
        var onMainThread: [Bool] = []
    }
}
