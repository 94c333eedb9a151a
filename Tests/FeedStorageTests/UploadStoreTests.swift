import FeedCore
import FeedStorage
import Foundation
import XCTest

/// The uploads in the library: every state and where the server was read back as written
/// after the library is opened again (what a restart after kill -9 goes on from).
final class UploadStoreTests: StorageTestCase {
    private let ann = AccountKey(server: "https://tube.example", name: "ann")
    private let metadata = UploadMetadata(title: "Sunset", description: "over the bay", tags: ["sea"], privacy: .unlisted,
                                          allowsComments: false, channelID: 3, filename: "clip.mp4")

    func testEveryStateIsReadBackAfterTheLibraryIsOpenedAgain() throws {
        let states: [UploadRecord.State] = [.starting, .sending, .waiting(atMs: 1_234, reason: "the server answered 503"),
                                            .processing, .published, .failed(reason: "too big")]
        var written: [UploadRecord] = []
        do {
            let store = UploadStore(connection: try LibraryDatabase.open(at: databaseURL).connection)
            for (index, state) in states.enumerated() {
                var upload = try store.addUpload(UploadRecord(id: 0, postID: Int64(index + 1), account: ann,
                                                              file: URL(fileURLWithPath: "/data/videos/\(index).mp4"),
                                                              total: 20_000_000, metadata: metadata,
                                                              cover: index.isMultiple(of: 2) ? URL(fileURLWithPath: "/data/covers/\(index).png") : nil))
                upload.sessionURL = URL(string: "https://tube.example/api/v1/videos/upload-resumable?upload_id=u\(index)")
                upload.bytesOnServer = Int64(index) * 1_000_000
                upload.state = state
                upload.attempts = index
                upload.remoteID = index > 2 ? "uuid-\(index)" : nil
                upload.remoteURL = index > 2 ? URL(string: "https://tube.example/w/s\(index)") : nil
                try store.saveUpload(upload)
                written.append(upload)
            }
            try store.deleteUpload(written[0].id)
        }
        let again = UploadStore(connection: try LibraryDatabase.open(at: databaseURL).connection)
        XCTAssertEqual(try again.uploads(), Array(written.dropFirst()))
    }
}
