public import FeedCore
public import Foundation

/// `PostUploading` that keeps what it was asked: the channels it offers, the uploads begun
/// (their records, changed by the test through `change`), the cancels.
@MainActor
public final class FakePostUploading: PostUploading {
    public var offered: [UploadChannel]
    public private(set) var uploads: [UploadRecord] = []
    public private(set) var cancelled: [UploadRecord.ID] = []
    /// Thrown by the next `upload` (a library that could not be written).
    public var failure: (any Error)?
    private var observers: [@MainActor (UploadRecord, Bool) -> Void] = []

    public init(offered: [UploadChannel] = []) {
        self.offered = offered
    }

    public func observe(_ observer: @escaping @MainActor (UploadRecord, Bool) -> Void) { observers.append(observer) }

    public func channels(then done: @escaping @MainActor ([UploadChannel]) -> Void) { done(offered) }

    public func upload(postID: Int64, file: URL, cover: URL?, account: AccountKey, metadata: UploadMetadata) throws -> UploadRecord {
        if let failure { throw failure }
        let record = UploadRecord(id: Int64(uploads.count + 1), postID: postID, account: account, file: file, total: 1_000,
                                  metadata: metadata, cover: cover)
        uploads.append(record)
        for observer in observers { observer(record, false) }
        return record
    }

    public func cancel(_ id: UploadRecord.ID) {
        cancelled.append(id)
        guard let index = uploads.firstIndex(where: { $0.id == id }) else { return }
        let gone = uploads.remove(at: index)
        for observer in observers { observer(gone, true) }
    }

    /// The upload moves on as the service would report it.
    public func change(_ id: UploadRecord.ID, _ update: (inout UploadRecord) -> Void) {
        guard let index = uploads.firstIndex(where: { $0.id == id }) else { return }
        update(&uploads[index])
        for observer in observers { observer(uploads[index], false) }
    }
}
