import FeedCore
import FeedSources
import Foundation
import XCTest

final class MediaPathCollectorTests: XCTestCase {
    private var root: URL!

    override func setUpWithError() throws {
        root = FileManager.default.temporaryDirectory.appendingPathComponent("loopfeed-paths-\(UUID().uuidString)")
        for path in ["clips/10.mp4", "clips/2.MOV", "clips/a/nested.webm", "clips/a/deeper/z.mkv",
                     "clips/.hidden.mp4", "clips/.cache/in-hidden-folder.mp4", "clips/notes.txt",
                     "single.ogv", "readme.md", "empty-folder/.keep"] {
            let url = root.appendingPathComponent(path)
            try FileManager.default.createDirectory(at: url.deletingLastPathComponent(), withIntermediateDirectories: true)
            try Data("x".utf8).write(to: url)
        }
    }

    override func tearDownWithError() throws {
        try? FileManager.default.setAttributes([.posixPermissions: 0o755], ofItemAtPath: root.path)
        try? FileManager.default.removeItem(at: root)
    }

    private func path(_ relative: String) -> String { root.appendingPathComponent(relative).path }

    private func relativePaths(_ sources: [MediaSource]) -> [String] {
        sources.map { source in
            guard case .file(let url) = source else { return source.uri }
            return String(url.path.dropFirst(root.path.count + 1))
        }
    }

    func testFoldersAreScannedRecursivelyInNaturalOrderSkippingHiddenAndOtherFiles() {
        let result = MediaPathCollector().collect([path("clips")])
        XCTAssertEqual(relativePaths(result.sources),
                       ["clips/2.MOV", "clips/10.mp4", "clips/a/deeper/z.mkv", "clips/a/nested.webm"])
        XCTAssertEqual(result.problems, [])
    }

    /// GIO's content type decides: a video without an extension, or with one that names no
    /// type (.dat), is found by its first bytes; a file that only says "text" is not a video.
    func testAVideoIsKnownByItsContentNotOnlyItsName() throws {
        let mp4Header: [UInt8] = [0, 0, 0, 0x18] + Array("ftypmp42".utf8) + [0, 0, 0, 0] + Array("mp42isom".utf8)
        try Data(mp4Header).write(to: root.appendingPathComponent("clips/from-my-phone"))
        try Data(mp4Header).write(to: root.appendingPathComponent("clips/a/export.dat"))
        let result = MediaPathCollector().collect([path("clips")])
        XCTAssertEqual(relativePaths(result.sources), ["clips/2.MOV", "clips/10.mp4", "clips/a/deeper/z.mkv",
                                                       "clips/a/export.dat", "clips/a/nested.webm", "clips/from-my-phone"])
        XCTAssertEqual(MediaPathCollector().collect([path("clips/notes.txt")]).problems,
                       [PathProblem(path: path("clips/notes.txt"), reason: .notAVideo)])
    }

    func testArgumentsKeepTheirOrderAndDuplicatesAreDropped() {
        let result = MediaPathCollector().collect([path("single.ogv"), path("clips/a"), path("single.ogv"),
                                                   "https://example.com/v/clip.mp4"])
        XCTAssertEqual(relativePaths(result.sources), ["single.ogv", "clips/a/deeper/z.mkv", "clips/a/nested.webm",
                                                       "https://example.com/v/clip.mp4"])
        XCTAssertEqual(result.sources.last?.title, "clip")
        XCTAssertEqual(result.sources.first?.title, "single")
        XCTAssertTrue(result.sources.first?.uri.hasPrefix("file:///") ?? false)
    }

    func testProblemsAreReportedInPlainWords() {
        let missing = path("nope.mp4")
        let result = MediaPathCollector().collect([missing, path("readme.md"), path("empty-folder"), ""])
        XCTAssertEqual(result.sources, [])
        XCTAssertEqual(result.problems, [
            PathProblem(path: missing, reason: .notFound),
            PathProblem(path: path("readme.md"), reason: .notAVideo),
            PathProblem(path: path("empty-folder"), reason: .noVideosInFolder),
            PathProblem(path: "", reason: .notFound),
        ])
        XCTAssertEqual(result.problems[0].description, "\(missing): No such file or directory")
        XCTAssertEqual(PathProblem.Reason.permissionDenied.rawValue, "Permission denied")
        XCTAssertEqual(PathProblem.Reason.notAVideo.rawValue, "Not a video file")
    }

    func testRelativePathsAndFileURIsResolve() {
        let collector = MediaPathCollector(workingDirectory: root)
        let result = collector.collect(["single.ogv", "./clips/../single.ogv", root.appendingPathComponent("clips/10.mp4").absoluteString])
        XCTAssertEqual(relativePaths(result.sources), ["single.ogv", "clips/10.mp4"])
        XCTAssertEqual(result.problems, [])
    }

    /// Root reads anything, so there the file must be collected; anyone else gets a problem.
    func testUnreadableFilesAndFolders() throws {
        let file = path("clips/2.MOV")
        let folder = path("clips/a")
        try FileManager.default.setAttributes([.posixPermissions: 0o000], ofItemAtPath: file)
        try FileManager.default.setAttributes([.posixPermissions: 0o000], ofItemAtPath: folder)
        defer {
            try? FileManager.default.setAttributes([.posixPermissions: 0o644], ofItemAtPath: file)
            try? FileManager.default.setAttributes([.posixPermissions: 0o755], ofItemAtPath: folder)
        }
        let result = MediaPathCollector().collect([file, folder])
        if geteuid() == 0 {
            XCTAssertEqual(relativePaths(result.sources), ["clips/2.MOV", "clips/a/deeper/z.mkv", "clips/a/nested.webm"])
            XCTAssertEqual(result.problems, [])
        } else {
            XCTAssertEqual(result.sources, [])
            XCTAssertEqual(result.problems, [PathProblem(path: file, reason: .permissionDenied),
                                             PathProblem(path: folder, reason: .permissionDenied)])
        }
    }

    func testSymlinkLoopsEnd() throws {
        try FileManager.default.createSymbolicLink(at: root.appendingPathComponent("clips/a/loop"),
                                                   withDestinationURL: root.appendingPathComponent("clips"))
        let result = MediaPathCollector().collect([path("clips")])
        XCTAssertEqual(result.sources.count, 4)
    }

    /// A link back up to the folder above the one chosen once brought that whole folder in,
    /// every video in it a second post under another path; a file reached by two paths is one.
    func testALinkUpTheTreeIsNotFollowedAndAFileIsAddedOnce() throws {
        try FileManager.default.createSymbolicLink(at: root.appendingPathComponent("clips/a/up"), withDestinationURL: root)
        try FileManager.default.createSymbolicLink(at: root.appendingPathComponent("clips/a/itself"),
                                                   withDestinationURL: root.appendingPathComponent("clips/a"))
        try FileManager.default.createSymbolicLink(at: root.appendingPathComponent("clips/same-as-10.mp4"),
                                                   withDestinationURL: root.appendingPathComponent("clips/10.mp4"))
        let result = MediaPathCollector().collect([path("clips/a"), path("clips")])
        XCTAssertEqual(relativePaths(result.sources), ["clips/a/deeper/z.mkv", "clips/a/nested.webm", "clips/2.MOV", "clips/10.mp4"])
        XCTAssertEqual(result.problems, [])
    }

    /// Nothing named on the command line is opened before it is known to be a regular file: a
    /// FIFO named clip.mp4 waited for a writer before the window showed.
    func testPipesDevicesEmptyAndUnreadableFilesAreSkippedWithAReason() throws {
        XCTAssertEqual(mkfifo(path("pipe.mp4"), 0o644), 0)
        try FileManager.default.createSymbolicLink(atPath: path("zero.mp4"), withDestinationPath: "/dev/zero")
        try Data().write(to: root.appendingPathComponent("empty.mp4"))
        try Data("x".utf8).write(to: root.appendingPathComponent("clips/a/also.mp4"))
        XCTAssertEqual(mkfifo(path("clips/a/pipe-in-folder.mp4"), 0o644), 0)
        var arguments = [path("pipe.mp4"), path("zero.mp4"), "/dev/zero", path("empty.mp4"), path("clips/a")]
        var expected = [PathProblem(path: path("pipe.mp4"), reason: .notARegularFile),
                        PathProblem(path: path("zero.mp4"), reason: .notARegularFile),
                        PathProblem(path: "/dev/zero", reason: .notARegularFile),
                        PathProblem(path: path("empty.mp4"), reason: .empty)]
        if let attribute = ["/sys/bus/platform/drivers_probe", "/sys/bus/pci/rescan"].first(where: { LocalFile.readError(atPath: $0) == EACCES }) {
            try FileManager.default.createSymbolicLink(atPath: path("locked.mp4"), withDestinationPath: attribute)
            arguments.append(path("locked.mp4"))
            expected.append(PathProblem(path: path("locked.mp4"), reason: .permissionDenied))
        }
        let started = Date()
        let result = MediaPathCollector().collect(arguments)
        XCTAssertLessThan(Date().timeIntervalSince(started), 2)
        XCTAssertEqual(relativePaths(result.sources), ["clips/a/also.mp4", "clips/a/deeper/z.mkv", "clips/a/nested.webm"],
                       "in a folder, a FIFO is passed over like any file that is not a video")
        XCTAssertEqual(result.problems, expected)
        XCTAssertEqual(PathProblem.Reason.empty.text, "The file is empty")
    }
}
