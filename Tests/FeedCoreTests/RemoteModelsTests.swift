import FeedCore
import Foundation
import XCTest

final class RemoteModelsTests: XCTestCase {
    func testHostsAsTheNetworksWriteThem() throws {
        XCTAssertEqual(RemoteHost.host(of: URL(string: "HTTP://Video.Example:8080/a?b")!), "video.example:8080")
        XCTAssertEqual(RemoteHost.host(of: URL(string: "https://video.example/")!), "video.example")
        XCTAssertEqual(RemoteHost.host(of: URL(string: "http://[::1]:8080/")!), "[::1]:8080")
        XCTAssertNil(RemoteHost.host(of: URL(string: "file:///etc/passwd")!))
        XCTAssertEqual(RemoteHost.base(of: URL(string: "http://127.0.0.2:8080/videos/watch/x")!)?.absoluteString, "http://127.0.0.2:8080")
        for valid in ["127.0.0.2:8080", "video.example", "a-b.example.org", "[::1]:8080", "localhost"] {
            XCTAssertTrue(RemoteHost.isValid(valid), valid)
        }
        for invalid in ["", "a b", "evil.example/x", "x:0", "x:99999", "-a.example", "a..b", "<b>", "x@y", "\u{202E}x", "[::1", "ex ample:80"] {
            XCTAssertFalse(RemoteHost.isValid(invalid), invalid)
        }
        let server = try XCTUnwrap(RemoteServer(kind: .loops, address: URL(string: "http://127.0.0.4:8080/some/page?q=1")!))
        XCTAssertEqual(server.baseURL.absoluteString, "http://127.0.0.4:8080", "the scheme and port kept, the page dropped")
        XCTAssertEqual(server.network, .loops)
        XCTAssertEqual(server.url("/api/v1/video/1", query: [URLQueryItem(name: "cursor", value: "a b&c")])?.absoluteString,
                       "http://127.0.0.4:8080/api/v1/video/1?cursor=a%20b%26c")
        XCTAssertNil(RemoteServer(kind: .peertube, address: URL(string: "javascript:alert(1)")!))
    }

    func testNamesAndIdsThatMayGoIntoAnAddress() {
        XCTAssertTrue(RemoteActor.isValidName("alice_loops"))
        XCTAssertTrue(RemoteActor.isValidName("a.b-c"))
        for invalid in ["", "..", "a/b", "a?b", "a b", "a@b", "é", String(repeating: "n", count: 101)] {
            XCTAssertFalse(RemoteActor.isValidName(invalid), invalid)
        }
        XCTAssertTrue(RemoteVideoID.isValidID("6513270e-269e-4d37-b2a7-4de452e6b438"))
        XCTAssertTrue(RemoteVideoID.isValidID("40000000000016386"))
        XCTAssertFalse(RemoteVideoID.isValidID("../x"))
        XCTAssertFalse(RemoteVideoID.isValidID("1?a=b"))
        XCTAssertTrue(RemoteTag.isValidName("cats"))
        XCTAssertTrue(RemoteTag.isValidName("café_2"))
        XCTAssertFalse(RemoteTag.isValidName("#cats"))
        XCTAssertFalse(RemoteTag.isValidName("a b"))
        let actor = RemoteActor(kind: .loopsProfile, name: "looper", displayName: "", host: "127.0.0.4:8080")
        XCTAssertEqual(actor.handle, "looper@127.0.0.4:8080")
        XCTAssertEqual(actor.shownName, "looper")
    }

    func testTheNextOffsetPage() {
        XCTAssertEqual(RemotePage<Int>.nextOffset(start: 0, count: 15, listed: 15, total: 60), .offset(start: 15, count: 15))
        XCTAssertNil(RemotePage<Int>.nextOffset(start: 45, count: 15, listed: 15, total: 60), "the total is reached")
        XCTAssertEqual(RemotePage<Int>.nextOffset(start: 0, count: 15, listed: 15, total: nil), .offset(start: 15, count: 15))
        XCTAssertNil(RemotePage<Int>.nextOffset(start: 0, count: 15, listed: 7, total: nil), "fewer than asked: the last page")
        XCTAssertNil(RemotePage<Int>.nextOffset(start: 30, count: 15, listed: 0, total: 99), "an empty page ends the list")
        XCTAssertNil(RemotePage<Int>.nextOffset(start: .max - 1, count: 15, listed: 15, total: nil))
    }

    func testTheCaptionTrackInTheUsersLanguage() {
        let url = URL(string: "http://127.0.0.2:8080/c.vtt")!
        let tracks = ["en", "pt-BR", "pt", "fr"].map { CaptionTrack(languageID: $0, label: $0, fileURL: url) }
        XCTAssertEqual(CaptionTrack.best(of: tracks, preferred: ["pt_BR"])?.languageID, "pt-BR")
        XCTAssertEqual(CaptionTrack.best(of: tracks, preferred: ["pt_PT"])?.languageID, "pt")
        XCTAssertEqual(CaptionTrack.best(of: tracks, preferred: ["de", "fr_CA"])?.languageID, "fr")
        XCTAssertNil(CaptionTrack.best(of: tracks, preferred: ["de"]))
        XCTAssertFalse(CaptionTrack.isValidLanguage("en/../x"))
    }

    func testATreesRepliesDepthFirst() {
        func comment(_ id: String, _ parent: String?) -> RemoteComment {
            RemoteComment(id: id, threadID: "1", parentID: parent, author: nil, text: id)
        }
        let tree = RemoteCommentTree(comment: comment("1", nil), children: [
            RemoteCommentTree(comment: comment("2", "1"), children: [RemoteCommentTree(comment: comment("3", "2"))]),
            RemoteCommentTree(comment: comment("4", "1")),
        ])
        XCTAssertEqual(tree.replies.map(\.id), ["2", "3", "4"])
    }
}
