import Synchronization

/// The presentation time of the last frame decoded, written by the streaming thread and read
/// by the window (MPRIS Position) without asking the pipeline, which can block.
final class FramePosition: Sendable {
    private static let unknown = UInt64.max
    private let nanoseconds = Atomic<UInt64>(FramePosition.unknown)

    var value: UInt64? {
        let value = nanoseconds.load(ordering: .relaxed)
        return value == Self.unknown ? nil : value
    }

    func store(_ value: UInt64?) { nanoseconds.store(value ?? Self.unknown, ordering: .relaxed) }
}

/// A load's number, written by the player thread and read by the window.
final class SourceMark: Sendable {
    private let source = Atomic<UInt64>(0)
    var value: UInt64 { source.load(ordering: .acquiring) }
    func store(_ value: UInt64) { source.store(value, ordering: .releasing) }
}
