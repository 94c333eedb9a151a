public import FeedCore

/// Interest signals kept in memory, with the library's pause switch, for tests.
public final class InMemoryInterestSignals: InterestSignalStoring {
    public private(set) var kept: [InterestSignal] = []
    public var paused = false
    /// Writes made (a test checks none happened during a page change).
    public private(set) var writes = 0

    public init() {}

    public func isRecordingPaused() throws -> Bool { paused }
    public func setRecordingPaused(_ paused: Bool) throws { self.paused = paused }

    @discardableResult
    public func record(_ signal: InterestSignal) throws -> Bool {
        writes += 1
        guard !paused else { return false }
        kept.append(signal)
        return true
    }

    public func interestSignals() throws -> [InterestSignal] { kept }
    public func eraseAllInterestSignals() throws { kept.removeAll() }

    public func forgetLastInterestSignal(action: InterestAction, postID: Int64) throws {
        guard let at = kept.lastIndex(where: { $0.action == action && $0.postID == postID }) else { return }
        kept.remove(at: at)
    }

    public func forgetInterestSignals(about feature: TasteModel.Feature) throws {
        kept.removeAll { signal in
            switch feature {
            case .creator(let id): signal.traits.creatorID == id
            case .hashtag(let tag): signal.traits.hashtags.contains(tag)
            case .instance(let host): signal.traits.instance == host
            case .language(let code): signal.traits.language == code
            case .length: false
            }
        }
    }
}
