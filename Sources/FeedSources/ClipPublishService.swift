public import FeedCore
public import Foundation

/// `ClipPublishing` for the app: `ClipPublisher`'s three steps, the two slow ones (copying in,
/// the extra copy) on background work and the row on the main thread, where the repository is.
@MainActor
public final class ClipPublishService: ClipPublishing {
    public typealias Measure = @Sendable (URL) -> PixelSize?

    private let dataDirectory: URL
    private let repository: FeedRepository
    private let work: BackgroundWork
    private let measure: Measure
    private let copy: ClipPublisher.Copy
    private let now: @Sendable () -> Date

    /// `measure` gives a clip's size when the publication does not say (a probe, in the app).
    public init(dataDirectory: URL, repository: FeedRepository, work: BackgroundWork, measure: @escaping Measure,
                copy: @escaping ClipPublisher.Copy = { try FileManager.default.copyItem(at: $0, to: $1) },
                now: @escaping @Sendable () -> Date = Date.init) {
        self.dataDirectory = dataDirectory
        self.repository = repository
        self.work = work
        self.measure = measure
        self.copy = copy
        self.now = now
    }

    public func publish(_ publication: ClipPublication, removeWhenDone: URL?,
                        stored: @escaping @MainActor (Result<Post, RecorderError>) -> Void,
                        copied: @escaping @MainActor (URL?, String?) -> Void) {
        let (dataDirectory, measure, copy, now) = (self.dataDirectory, self.measure, self.copy, self.now)
        work.run({ () -> (ClipPublication, Result<ClipPublisher.StagedClip, RecorderError>) in
            var measured = publication
            if measured.width == nil || measured.height == nil {
                let size = measure(publication.clip) ?? PixelSize(width: 720, height: 1280)
                measured.width = size.width
                measured.height = size.height
            }
            let staged = Result { () throws(RecorderError) in
                try ClipPublisher.stage(measured, dataDirectory: dataDirectory, copy: copy)
            }
            return (measured, staged)
        }, then: { [weak self] measured, staged in
            guard let self else { return }
            let post: Post
            do throws(RecorderError) {
                post = try ClipPublisher(dataDirectory: dataDirectory, repository: repository, copy: copy, now: now)
                    .insert(measured, staged: staged.get())
            } catch {
                stored(.failure(error))
                return
            }
            stored(.success(post))
            guard let folder = measured.copyFolder else {
                if let removeWhenDone { work.run({ try? FileManager.default.removeItem(at: removeWhenDone) }, then: { _ in }) }
                return
            }
            let date = now()
            work.run({ () -> (URL?, String?) in
                // The source goes only once the copy has been made from it.
                let result = ClipPublisher.saveCopy(of: measured.clip, in: folder, at: date, copy: copy)
                if let removeWhenDone { try? FileManager.default.removeItem(at: removeWhenDone) }
                return result
            }, then: { copy, problem in copied(copy, problem) })
        })
    }
}
