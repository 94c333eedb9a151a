import FeedCore
import FeedSources
import FeedTesting
import Foundation
import TestSupport
import XCTest

final class AvatarFolderTests: XCTestCase {
    private var root: URL!

    override func setUpWithError() throws {
        root = FileManager.default.temporaryDirectory.appendingPathComponent("loopfeed-avatars-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: root, withIntermediateDirectories: true)
    }

    override func tearDown() { try? FileManager.default.removeItem(at: root) }

    func testAPickedPhotoIsCopiedAndTheOriginalMayGo() throws {
        let picked = root.appendingPathComponent("Me.JPG")
        try Data("jpeg".utf8).write(to: picked)
        let folder = AvatarFolder(directory: root.appendingPathComponent("data/avatars"), work: InlineWork())
        let kept = Locked<Result<URL, AvatarError>?>(nil)
        folder.keep(picked) { kept.value = $0 }
        let copy = try XCTUnwrap(try kept.value?.get())
        XCTAssertEqual(copy.deletingLastPathComponent().lastPathComponent, "avatars")
        XCTAssertEqual(copy.pathExtension, "jpg")
        try FileManager.default.removeItem(at: picked)
        XCTAssertEqual(try Data(contentsOf: copy), Data("jpeg".utf8), "the copy outlives the original")
    }

    func testAPhotoThatIsGoneSaysWhy() {
        let folder = AvatarFolder(directory: root.appendingPathComponent("avatars"), work: InlineWork())
        let kept = Locked<Result<URL, AvatarError>?>(nil)
        folder.keep(root.appendingPathComponent("missing.png")) { kept.value = $0 }
        guard case .failure(let error)? = kept.value else { return XCTFail("a missing photo was kept") }
        XCTAssertFalse(error.description.isEmpty)
    }
}
