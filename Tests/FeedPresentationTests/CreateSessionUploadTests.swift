import FeedCore
@testable import FeedPresentation
import FeedTesting
import Foundation
import TestSupport
import XCTest

/// Posting to a signed-in account's channel: the page offers the channels, and the stored
/// post goes on to the chosen one with its caption as title, description and tags; this
/// computer only sends nothing; an upload that cannot start leaves the post here, said.
final class CreateSessionUploadTests: XCTestCase {
    private static let channel = UploadChannel(account: AccountKey(server: "http://127.0.0.2:8080", name: "ana"), id: 4,
                                               displayName: "Ana's channel", accountHandle: "ana@127.0.0.2:8080")

    private static func post(id: Int64, caption: String) -> Post {
        Post(id: id, author: Author(handle: "me", name: "Me", isSelf: true), caption: caption, music: "",
             videoURI: "file:///data/videos/\(id).mp4", created: Date(timeIntervalSince1970: 0), allowsComments: false,
             coverURI: "file:///data/covers/\(id).png")
    }

    @MainActor
    private static func postedRig(destination: PostingDestination) -> CreateSessionRig {
        let rig = CreateSessionRig()
        rig.uploads.offered = [Self.channel]
        rig.recordAndJoin(seconds: 2)
        XCTAssertTrue(rig.session.returnPressed())
        rig.jobs.finishCovers([URL(fileURLWithPath: "/data/recordings/cover-0.png")])
        rig.posting.destination = destination
        XCTAssertTrue(rig.session.postShortcut())
        rig.publisher.finishStore(with: .success(Self.post(id: 9, caption: "Low tide\nat the pier #sea")))
        return rig
    }

    func testThePageOffersTheSignedInAccountsChannels() {
        onMain {
            let rig = Self.postedRig(destination: .thisComputer)
            XCTAssertEqual(rig.posting.destinations, [[Self.channel]])
        }
    }

    func testAPostForAChannelIsStoredHereThenUploadedWithItsCaptionSplit() throws {
        try onMain {
            let rig = Self.postedRig(destination: .channel(Self.channel, .unlisted))
            XCTAssertEqual(rig.posted.map(\.id), [9], "stored here first")
            let upload = try XCTUnwrap(rig.uploads.uploads.first)
            XCTAssertEqual(upload.postID, 9)
            XCTAssertEqual(upload.file, URL(fileURLWithPath: "/data/videos/9.mp4"))
            XCTAssertEqual(upload.account, Self.channel.account)
            XCTAssertEqual(upload.cover, URL(fileURLWithPath: "/data/covers/9.png"), "the chosen cover, as the thumbnail")
            XCTAssertEqual(upload.metadata, UploadMetadata(title: "Low tide", description: "at the pier #sea", tags: ["sea"],
                                                           privacy: .unlisted, allowsComments: false, channelID: 4,
                                                           filename: "9.mp4", caption: "Low tide\nat the pier #sea"))
        }
    }

    func testThisComputerOnlySendsNothing() {
        onMain {
            let rig = Self.postedRig(destination: .thisComputer)
            XCTAssertTrue(rig.uploads.uploads.isEmpty)
            XCTAssertEqual(rig.feedNotices, ["Posted."])
        }
    }

    func testAnUploadThatCannotStartLeavesThePostHereAndSaysSo() {
        onMain {
            let rig = CreateSessionRig()
            rig.uploads.failure = CocoaError(.fileWriteOutOfSpace)
            rig.recordAndJoin(seconds: 2)
            XCTAssertTrue(rig.session.returnPressed())
            rig.jobs.finishCovers([])
            rig.posting.destination = .channel(Self.channel, .public)
            XCTAssertTrue(rig.session.postShortcut())
            rig.publisher.finishStore(with: .success(Self.post(id: 3, caption: "")))
            XCTAssertEqual(rig.posted.map(\.id), [3])
            XCTAssertEqual(rig.feedNotices.count, 1)
            XCTAssertTrue(rig.feedNotices.first?.hasPrefix("Posted on this computer. It could not go to ana@127.0.0.2:8080") == true,
                          "\(rig.feedNotices)")
        }
    }
}
