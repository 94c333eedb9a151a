import FeedCore
@testable import FeedPresentation
import FeedTesting
import Foundation
import TestSupport
import XCTest

/// The upload banner: percentage and time left while bytes go, why it waits, processing on
/// the server, how it ended; Cancel reaches the uploads.
final class UploadBannerStoreTests: XCTestCase {
    private static let account = AccountKey(server: "http://127.0.0.2:8080", name: "ana")
    private static let metadata = UploadMetadata(title: "Sea", description: nil, tags: [], privacy: .public, allowsComments: true,
                                                 channelID: 1, filename: "1.mp4")

    func testProgressTimeLeftProcessingAndPublished() throws {
        try onMain {
            let clock = ManualClock(startMicroseconds: 0)
            let uploads = FakePostUploading()
            let store = UploadBannerStore(uploads: uploads, clock: clock)
            let upload = try uploads.upload(postID: 1, file: URL(fileURLWithPath: "/v/1.mp4"), cover: nil, account: Self.account,
                                            metadata: Self.metadata)
            XCTAssertEqual(store.shown?.text, "Uploading to ana@127.0.0.2:8080…")
            XCTAssertEqual(store.shown?.canCancel, true)
            uploads.change(upload.id) {
                $0.state = .sending
                $0.bytesOnServer = 100
            }
            XCTAssertEqual(store.shown?.text, "Uploading to ana@127.0.0.2:8080: 10 %")
            clock.advance(byMicroseconds: 2_000_000)
            uploads.change(upload.id) { $0.bytesOnServer = 300 }
            // 200 bytes in 2 s: 700 left take 7 s.
            XCTAssertEqual(store.shown?.text, "Uploading to ana@127.0.0.2:8080: 30 % · about 7 s left")
            XCTAssertEqual(store.shown?.fraction, 0.3)
            uploads.change(upload.id) { $0.state = .waiting(atMs: 0, reason: "the server answered 503") }
            XCTAssertEqual(store.shown?.text,
                           "The upload to ana@127.0.0.2:8080 waits (the server answered 503); it goes on by itself from where it stopped.")
            uploads.change(upload.id) { $0.state = .processing }
            XCTAssertEqual(store.shown?.text, "Processing on the server (ana@127.0.0.2:8080)…")
            XCTAssertEqual(store.shown?.canCancel, false)
            uploads.change(upload.id) { $0.state = .published }
            XCTAssertEqual(store.shown?.isOver, true)
            XCTAssertEqual(store.shown?.text, "Posted to ana@127.0.0.2:8080. Share copies its page.")
        }
    }

    func testCancelReachesTheUploadsAndSaysThePostStays() throws {
        try onMain {
            let uploads = FakePostUploading()
            let store = UploadBannerStore(uploads: uploads, clock: ManualClock(startMicroseconds: 0))
            let upload = try uploads.upload(postID: 1, file: URL(fileURLWithPath: "/v/1.mp4"), cover: nil, account: Self.account,
                                            metadata: Self.metadata)
            store.cancel()
            XCTAssertEqual(uploads.cancelled, [upload.id])
            XCTAssertEqual(store.shown?.text, "Upload cancelled. Your post stays on this computer.")
        }
    }
}
