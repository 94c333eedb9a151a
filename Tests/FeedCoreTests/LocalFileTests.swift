import FeedCore
import Foundation
import XCTest

/// What a path is, and why a player must not be given it, decided without reading or waiting
/// on it: a FIFO named clip.mp4 once held Loopfeed's start (and would hold a player thread)
/// waiting for a writer.
final class LocalFileTests: XCTestCase {
    private var folder: URL!

    override func setUpWithError() throws {
        folder = FileManager.default.temporaryDirectory.appendingPathComponent("loopfeed-localfile-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
    }

    override func tearDownWithError() throws {
        try? FileManager.default.setAttributes([.posixPermissions: 0o644], ofItemAtPath: path("mode-000.mp4"))
        try? FileManager.default.removeItem(at: folder)
    }

    private func path(_ name: String) -> String { folder.appendingPathComponent(name).path }

    func testKindsAreToldWithoutOpeningAnything() throws {
        try Data("clip".utf8).write(to: URL(fileURLWithPath: path("clip.mp4")))
        XCTAssertEqual(mkfifo(path("pipe.mp4"), 0o644), 0)
        try FileManager.default.createSymbolicLink(atPath: path("zero.mp4"), withDestinationPath: "/dev/zero")
        try FileManager.default.createSymbolicLink(atPath: path("dangling.mp4"), withDestinationPath: path("gone.mp4"))
        try FileManager.default.createDirectory(atPath: path("folder.mp4"), withIntermediateDirectories: false)

        let started = Date()
        XCTAssertEqual(LocalFile.kind(atPath: path("clip.mp4")), .regular(bytes: 4))
        XCTAssertEqual(LocalFile.kind(atPath: path("pipe.mp4")), .pipe)
        XCTAssertEqual(LocalFile.kind(atPath: path("zero.mp4")), .device, "a link is followed")
        XCTAssertEqual(LocalFile.kind(atPath: path("dangling.mp4")), .missing)
        XCTAssertEqual(LocalFile.kind(atPath: path("folder.mp4")), .folder)
        XCTAssertEqual(LocalFile.kind(atPath: path("clip.mp4/below")), .missing, "ENOTDIR is missing too")
        XCTAssertLessThan(Date().timeIntervalSince(started), 1, "nothing may wait on the FIFO")
    }

    func testOnlyARegularReadableNonEmptyFileMayBePlayed() throws {
        try Data("clip".utf8).write(to: URL(fileURLWithPath: path("clip.mp4")))
        try Data().write(to: URL(fileURLWithPath: path("empty.mp4")))
        XCTAssertEqual(mkfifo(path("pipe.mp4"), 0o644), 0)
        try FileManager.default.createSymbolicLink(atPath: path("zero.mp4"), withDestinationPath: "/dev/zero")
        try FileManager.default.createDirectory(atPath: path("folder.mp4"), withIntermediateDirectories: false)

        XCTAssertNil(MediaError.localFileProblem(atPath: path("clip.mp4")))
        let cases: [(String, MediaError.Kind, String)] = [
            ("missing.mp4", .notFound, "The video file can’t be found."),
            ("empty.mp4", .corrupt, "This file is empty."),
            ("pipe.mp4", .unreadable, "This is a pipe between programs, not a video file."),
            ("zero.mp4", .unreadable, "This is a device, not a video file."),
            ("folder.mp4", .unreadable, "This is a folder, not a video file."),
        ]
        for (name, kind, message) in cases {
            let problem = MediaError.localFileProblem(atPath: path(name))
            XCTAssertEqual(problem?.kind, kind, name)
            XCTAssertEqual(problem?.message, message, name)
            XCTAssertTrue(problem?.isAboutTheFile ?? false || kind == .corrupt, "\(name): Remove from feed is offered")
        }
    }

    /// A file that cannot be read, whoever asks: root reads a mode-000 file, so as root it is a
    /// write-only sysfs attribute, which the kernel refuses to open for reading (EACCES) even for
    /// root. Not root, a mode-000 copy of a video is checked too.
    func testAFileNobodyMayReadIsSaidInPlainWords() throws {
        var unreadable: [String] = []
        if let attribute = Self.writeOnlySysfsAttribute() {
            try FileManager.default.createSymbolicLink(atPath: path("locked.mp4"), withDestinationPath: attribute)
            unreadable.append("locked.mp4")
        }
        if geteuid() != 0 {
            try Data("clip".utf8).write(to: URL(fileURLWithPath: path("mode-000.mp4")))
            try FileManager.default.setAttributes([.posixPermissions: 0], ofItemAtPath: path("mode-000.mp4"))
            unreadable.append("mode-000.mp4")
        }
        guard !unreadable.isEmpty else {
            throw XCTSkip("running as root without sysfs: no file here is unreadable to root")
        }
        for name in unreadable {
            XCTAssertEqual(LocalFile.readError(atPath: path(name)), EACCES, name)
            let problem = MediaError.localFileProblem(atPath: path(name))
            XCTAssertEqual(problem?.kind, .unreadable, name)
            XCTAssertEqual(problem?.message, "Loopfeed isn’t allowed to read this file.", name)
        }
    }

    /// The first write-only attribute found under /sys/bus (every Linux with sysfs has some).
    static func writeOnlySysfsAttribute() -> String? {
        let candidates = ["/sys/bus/platform/drivers_probe", "/sys/bus/platform/uevent", "/sys/bus/pci/rescan",
                          "/sys/bus/pci/drivers_probe", "/sys/bus/cpu/uevent"]
        return candidates.first { LocalFile.readError(atPath: $0) == EACCES }
    }
}
