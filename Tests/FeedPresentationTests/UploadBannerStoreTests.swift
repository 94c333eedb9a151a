import FeedCore
@testable import FeedPresentation
import FeedTesting
import Foundation
import TestSupport
import XCTest

/// The upload banner: percentage and time left while bytes go, why it waits, processing on
/// the server, how it ended; Cancel reaches the uploads.
final class UploadBannerStoreTests: XCTestCase {
    fileprivate static let account = AccountKey(server: "http://127.0.0.2:8080", name: "ana")
    fileprivate static let metadata = UploadMetadata(title: "Sea", description: nil, tags: [], privacy: .public, allowsComments: true,
                                                 channelID: 1, filename: "1.mp4")

    /// A banner over fake uploads, with one upload to a channel just begun.
    @MainActor
    private struct Rig {
        let clock = ManualClock(startMicroseconds: 0)
        let uploads = FakePostUploading()
        let store: UploadBannerStore
        let upload: UploadRecord

        init() throws {
            store = UploadBannerStore(uploads: uploads, clock: clock)
            upload = try uploads.upload(postID: 1, file: URL(fileURLWithPath: "/v/1.mp4"), cover: nil,
                                        account: UploadBannerStoreTests.account, metadata: UploadBannerStoreTests.metadata)
        }
    }

    func testProgressTimeLeftProcessingAndPublished() throws {
        try onMain {
            let rig = try Rig()
            let (clock, uploads, store, upload) = (rig.clock, rig.uploads, rig.store, rig.upload)
            XCTAssertEqual(store.shown?.text, "Uploading to ana@127.0.0.2:8080…")
            XCTAssertEqual(store.shown?.canCancel, true)
            uploads.change(upload.id) {
                $0.state = .sending
                $0.bytesOnServer = 100
            }
            XCTAssertEqual(store.shown?.text, "Uploading to ana@127.0.0.2:8080: 10 %")
            clock.advance(byMicroseconds: 2_000_000)
            uploads.change(upload.id) { $0.bytesOnServer = 200 }
            XCTAssertEqual(store.shown?.text, "Uploading to ana@127.0.0.2:8080: 20 %")
            clock.advance(byMicroseconds: 2_000_000)
            uploads.change(upload.id) { $0.bytesOnServer = 300 }
            // 100 bytes in 2 s: 700 left take 14 s.
            XCTAssertEqual(store.shown?.text, "Uploading to ana@127.0.0.2:8080: 30 % · about 14 s left")
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

    func testTimeLeftComesFromTheRecentRateNotTheFirstBurst() throws {
        try onMain {
            let rig = try Rig()
            let (clock, uploads, store, upload) = (rig.clock, rig.uploads, rig.store, rig.upload)
            uploads.change(upload.id) {
                $0.state = .sending
                $0.bytesOnServer = 10
            }
            // The send buffer takes 390 bytes at once; then 50 bytes a second go.
            for (seconds, bytes) in [(0.2, 400), (1.0, 450), (2.0, 500)] as [(Double, Int64)] {
                clock.advance(byMicroseconds: Int64(seconds * 1_000_000) - clock.nowMicroseconds())
                uploads.change(upload.id) { $0.bytesOnServer = bytes }
            }
            // From the start it would be 490 bytes in 2 s: "about 3 s". 500 left at 50 a second:
            XCTAssertEqual(store.shown?.text, "Uploading to ana@127.0.0.2:8080: 50 % · about 10 s left")
            // Ten slow seconds (5 bytes a second), then ten at 25: the rate is that of the last ten.
            for second in 3...22 {
                clock.advance(byMicroseconds: 1_000_000)
                let bytes: Int64 = second <= 12 ? 500 + Int64(second - 2) * 5 : 550 + Int64(second - 12) * 25
                uploads.change(upload.id) { $0.bytesOnServer = bytes }
            }
            XCTAssertEqual(store.shown?.text, "Uploading to ana@127.0.0.2:8080: 80 % · about 8 s left")
        }
    }

    func testALoopsUploadThatWaitsSaysItTriesAgainFromTheStart() throws {
        try onMain {
            let rig = try Rig()
            let (uploads, store, upload) = (rig.uploads, rig.store, rig.upload)
            uploads.change(upload.id) {
                $0.bytesOnServer = 0
                $0.state = .waiting(atMs: 0, reason: "the connection was lost")
            }
            XCTAssertEqual(store.shown?.text,
                           "The upload to ana@127.0.0.2:8080 waits (the connection was lost); it tries again by itself, from the start.")
        }
    }

    func testCancelReachesTheUploadsAndSaysThePostStays() throws {
        try onMain {
            let rig = try Rig()
            let (uploads, store, upload) = (rig.uploads, rig.store, rig.upload)
            store.cancel()
            XCTAssertEqual(uploads.cancelled, [upload.id])
            XCTAssertEqual(store.shown?.text, "Upload cancelled. Your post stays on this computer.")
        }
    }
}
