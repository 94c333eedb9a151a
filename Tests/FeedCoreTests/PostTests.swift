import FeedCore
import Foundation
import XCTest

final class PostTests: XCTestCase {
    private func post(width: Int = 0, height: Int = 0, rotation: Int = 0, likes: Int = 10, liked: Bool = false) -> Post {
        Post(id: 1, author: Author(handle: "a", name: "A"), caption: "Hi #there", music: "m",
             videoURI: "file:///a.mp4", width: width, height: height, rotation: rotation,
             likeCount: likes, liked: liked, created: Date(timeIntervalSince1970: 0))
    }

    func testLikingIsIdempotent() {
        let liked = post().withLiked(true)
        XCTAssertEqual(liked.likeCount, 11)
        XCTAssertEqual(liked.withLiked(true), liked)
        XCTAssertEqual(liked.withLiked(false).likeCount, 10)
        XCTAssertEqual(post().withLiked(false), post())
    }

    func testUnlikingNeverGoesBelowZero() {
        XCTAssertEqual(post(likes: 0, liked: true).withLiked(false).likeCount, 0)
    }

    func testDisplaySizeHonoursRotation() {
        XCTAssertEqual(post(width: 1280, height: 720, rotation: 90).displaySize, PixelSize(width: 720, height: 1280))
        XCTAssertTrue(post(width: 1280, height: 720, rotation: 90).isPortrait)
        XCTAssertEqual(post(width: 1280, height: 720, rotation: 180).displaySize, PixelSize(width: 1280, height: 720))
        XCTAssertNil(post().displaySize)
    }

    /// Issue 21: a video without sound was labelled "♫ Original sound".
    func testAVideoWithoutSoundCreditsNoSound() {
        var silent = post()
        silent.music = ""
        silent.hasAudio = false
        XCTAssertNil(silent.shownMusicLine)
        silent.music = "A named sound"
        XCTAssertNil(silent.shownMusicLine, "no sound plays, whatever its line was")
        silent.hasAudio = nil
        XCTAssertNil(silent.shownMusicLine, "not yet known: nothing to take back when it is")
        silent.hasAudio = true
        XCTAssertEqual(silent.shownMusicLine, "A named sound")
        silent.music = ""
        XCTAssertEqual(silent.shownMusicLine, "Original sound — A")
    }

    func testHashtagsComeFromTheCaption() {
        XCTAssertEqual(post().hashtags, ["there"])
    }

    func testAVideoWithItsOwnSoundIsNamedWithItsAuthorAsTheyAreNow() {
        var own = post()
        own.music = ""
        own.author = Author(handle: "zoe.t", name: "Zoe")
        XCTAssertEqual(own.musicLine, "Original sound — Zoe")
        own.author.name = "Zoë"
        XCTAssertEqual(own.musicLine, "Original sound — Zoë", "a rename reaches it")
        own.music = "Lofi — Mo"
        XCTAssertEqual(own.musicLine, "Lofi — Mo")
    }
}
