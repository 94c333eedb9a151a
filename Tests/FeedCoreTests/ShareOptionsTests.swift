import FeedCore
import XCTest

final class ShareOptionsTests: XCTestCase {
    func testALocalFileIsSharedAsTheFileNeverAsItsPath() {
        let options = ShareAction.options(playableURI: "file:///home/ann/Videos/desk%20life.mp4")
        XCTAssertEqual(options, [.copyFile(uri: "file:///home/ann/Videos/desk%20life.mp4"),
                                 .showInFiles(uri: "file:///home/ann/Videos/desk%20life.mp4")])
        XCTAssertFalse(options.contains { if case .copyLink = $0 { true } else { false } })
    }

    func testAnUploadedPostOfThisComputerAlsoOffersItsPageOnTheServer() {
        XCTAssertEqual(ShareAction.options(playableURI: "file:///data/videos/a.mp4", pageURL: "http://127.0.0.2:8080/w/short1"),
                       [.copyFile(uri: "file:///data/videos/a.mp4"), .showInFiles(uri: "file:///data/videos/a.mp4"),
                        .copyLink(url: "http://127.0.0.2:8080/w/short1")])
    }

    func testAWebVideoIsSharedByItsPageLinkWhenItHasOne() {
        XCTAssertEqual(ShareAction.options(playableURI: "https://video.example/v/1.mp4", pageURL: "https://video.example/w/abc"),
                       [.copyLink(url: "https://video.example/w/abc")])
        XCTAssertEqual(ShareAction.options(playableURI: "HTTP://video.example/v/1.mp4"),
                       [.copyLink(url: "HTTP://video.example/v/1.mp4")])
    }

    func testSomethingUnknownOffersNothing() {
        XCTAssertEqual(ShareAction.options(playableURI: "bundle:videos/x.mp4"), [])
    }

    func testMethodsAreTheLoggedNames() {
        XCTAssertEqual([ShareAction.copyFile(uri: ""), .showInFiles(uri: ""), .copyLink(url: "")].map(\.method),
                       ["copy_file", "show_in_files", "copy_link"])
    }
}
