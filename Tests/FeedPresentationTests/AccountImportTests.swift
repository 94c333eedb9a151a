import FeedCore
import FeedPresentation
import FeedTesting
import Foundation
import TestSupport
import XCTest

/// What an account follows and likes, brought in at sign-in over fakes: its channels followed as
/// the account's, its likes kept, the outcome said; a failure said in plain words.
final class AccountImportTests: XCTestCase {
    private static let ann = Account(network: .peertube, origin: URL(string: "http://127.0.0.2:8080")!, username: "ann",
                                     displayName: "Ann", avatarURL: nil, clientID: "client",
                                     accessExpires: Date(timeIntervalSince1970: 4_000_000_000), refreshExpires: nil)
    private static func channel(_ name: String, feed: Bool = true) -> RemoteChannel {
        RemoteChannel(actor: RemoteActor(kind: .peertubeChannel, name: name, displayName: name.capitalized, host: "127.0.0.3:8080"),
                      videosURL: URL(string: "http://127.0.0.3:8080/c/\(name)")!,
                      feedURL: feed ? URL(string: "http://127.0.0.3:8080/feeds/videos.xml?videoChannelName=\(name)")! : nil)
    }
    private static let liked = RemotePostRef(network: .peertube, host: "127.0.0.3:8080", apiBase: URL(string: "http://127.0.0.3:8080")!,
                                             id: "uuid-1")

    @MainActor
    private final class FakeReader: AccountLibraryReading, NetworkRequest {
        var answer: Result<AccountLibrary, AccountLibraryFailure> = .success(AccountLibrary())
        var asked: [(Account, String)] = []
        func read(_ account: Account, token: String,
                  then done: @escaping @MainActor (Result<AccountLibrary, AccountLibraryFailure>) -> Void) -> any NetworkRequest {
            asked.append((account, token))
            done(answer)
            return self
        }
        func cancel() {}
    }

    @MainActor
    private final class Subscriptions: FeedSubscribing {
        var rows: [Subscription] = []
        var marked: [(Int64, FollowedChannel)] = []
        var refusing: Set<String> = []
        func add(_ url: URL, then: @escaping @MainActor (SubscriptionOutcome) -> Void) {
            if refusing.contains(url.absoluteString) { return then(.failed("the server answered 500")) }
            let row = Subscription(id: Int64(rows.count + 1), url: url.absoluteString, title: url.absoluteString)
            rows.append(row)
            then(.subscribed(row, added: []))
        }
        func refreshAll(added: @escaping @MainActor ([Post]) -> Void, finished: @escaping @MainActor ([Subscription]) -> Void) {}
        func subscriptions() -> [Subscription] { rows }
        func refresh(id: Int64, done: @escaping @MainActor ([Post]) -> Void) {}
        func unsubscribe(id: Int64) throws {}
        func markChannel(id: Int64, _ channel: FollowedChannel) throws { marked.append((id, channel)) }
        func importOPML(file: URL, then: @escaping @MainActor (SubscriptionOutcome) -> Void) {}
        func exportOPML(to file: URL) throws {}
        var onImportedPosts: (@MainActor ([Post]) -> Void)?
    }

    private final class Likes: AccountLikesStoring {
        var kept: [([RemotePostRef], String)] = []
        func keepAccountLikes(_ videos: [RemotePostRef], account: String) throws -> Int {
            kept.append((videos, account))
            return videos.count
        }
    }

    @MainActor
    private final class Said {
        var lines: [(String, Bool)] = []
    }

    @MainActor
    private struct Rig {
        let reader = FakeReader()
        let subscriptions = Subscriptions()
        let likes = Likes()
        let events = RecordingEventSink()
        let said = Said()
        var token: Result<String, SignInFailure> = .success("token-1")

        func make() -> AccountImport {
            let said = said
            let token = token
            return AccountImport(.init(reader: reader, subscriptions: subscriptions, likes: likes,
                                       token: { _, done in done(token) }, say: { text, problem in said.lines.append((text, problem)) },
                                       events: events))
        }
    }

    func testTheAccountsChannelsAreFollowedAsItsOwnAndItsLikesKept() {
        onMain {
            let rig = Rig()
            rig.reader.answer = .success(AccountLibrary(channels: [Self.channel("snow"), Self.channel("nofeed", feed: false), Self.channel("rain")],
                                                        liked: [Self.liked]))
            rig.make().signedIn(Self.ann)
            XCTAssertEqual(rig.reader.asked.map(\.1), ["token-1"])
            XCTAssertEqual(rig.subscriptions.rows.map(\.url), ["http://127.0.0.3:8080/feeds/videos.xml?videoChannelName=snow",
                                                               "http://127.0.0.3:8080/feeds/videos.xml?videoChannelName=rain"])
            XCTAssertEqual(rig.subscriptions.marked.map(\.1.handle), ["snow@127.0.0.3:8080", "rain@127.0.0.3:8080"])
            XCTAssertEqual(Set(rig.subscriptions.marked.map(\.1.account)), ["ann@127.0.0.2:8080"])
            XCTAssertEqual(rig.likes.kept.map(\.0), [[Self.liked]])
            XCTAssertEqual(rig.likes.kept.map(\.1), ["ann@127.0.0.2:8080"])
            XCTAssertEqual(rig.said.lines.map(\.0), ["From ann@127.0.0.2:8080: 2 channels followed, 1 video liked."])
            XCTAssertEqual(rig.said.lines.map(\.1), [false])
            XCTAssertEqual(rig.events.events, [.accountImported(host: "127.0.0.2:8080", channels: 2, liked: 1)])
        }
    }

    func testAFailureIsSaidInPlainWordsAndWhatCouldBeBroughtStays() {
        onMain {
            let rig = Rig()
            rig.reader.answer = .failure(AccountLibraryFailure("Token is invalid"))
            rig.make().signedIn(Self.ann)
            XCTAssertEqual(rig.said.lines.map(\.0),
                           ["You are signed in as ann@127.0.0.2:8080, but what it follows and likes could not be read: Token is invalid"])
            XCTAssertEqual(rig.said.lines.map(\.1), [true])
            XCTAssertTrue(rig.likes.kept.isEmpty)

            let partly = Rig()
            partly.subscriptions.refusing = ["http://127.0.0.3:8080/feeds/videos.xml?videoChannelName=snow"]
            partly.reader.answer = .success(AccountLibrary(channels: [Self.channel("snow"), Self.channel("rain")], liked: []))
            partly.make().signedIn(Self.ann)
            XCTAssertEqual(partly.subscriptions.marked.map(\.1.handle), ["rain@127.0.0.3:8080"])
            XCTAssertEqual(partly.said.lines.map(\.0),
                           ["From ann@127.0.0.2:8080: 1 channel followed, 0 videos liked. Some could not be brought in: snow@127.0.0.3:8080: the server answered 500"])
            XCTAssertEqual(partly.events.events, [.accountImported(host: "127.0.0.2:8080", channels: 1, liked: 0,
                                                                   failure: "snow@127.0.0.3:8080: the server answered 500")])
        }
    }

    func testAnAccountWithNothingToBringSaysNothing() {
        onMain {
            let rig = Rig()
            rig.make().signedIn(Self.ann)
            XCTAssertTrue(rig.said.lines.isEmpty, "the sign-in's own words stay")
            XCTAssertEqual(rig.events.events, [.accountImported(host: "127.0.0.2:8080", channels: 0, liked: 0)])
        }
    }
}
