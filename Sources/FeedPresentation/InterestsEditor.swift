public import FeedCore
public import Foundation
import Localization

/// Preferences → Your interests: what For You has learnt (the top creators, hashtags and
/// instances), each removable, the pause switch, and Erase all. Everything is read from and
/// written to the library's signals through the `InterestRecorder`; nothing of it leaves the
/// computer.
@MainActor
public final class InterestsEditor {
    public struct Row: Equatable, Sendable {
        public let feature: TasteModel.Feature
        /// "#snow", "Ann Example", "tube.example".
        public let title: String
        /// "Hashtag", "Creator", "Instance".
        public let kind: String
    }

    private let recorder: InterestRecorder
    private let creatorName: (Int64) -> String?
    private let now: () -> Date
    /// Per kind.
    private let limit: Int

    public init(recorder: InterestRecorder, creatorName: @escaping (Int64) -> String?, now: @escaping () -> Date = { Date() },
                limit: Int = 5) {
        self.recorder = recorder
        self.creatorName = creatorName
        self.now = now
        self.limit = limit
    }

    /// The strongest interests: creators, then hashtags, then instances.
    public func rows() -> [Row] {
        let taste = TasteModel(signals: recorder.signals())
        let at = now()
        func top(_ include: (TasteModel.Feature) -> Bool) -> [TasteModel.Feature] {
            taste.topFeatures(at: at, limit: limit, where: include).map(\.0)
        }
        var rows: [Row] = []
        for feature in top({ if case .creator = $0 { true } else { false } }) {
            guard case .creator(let id) = feature else { continue }
            // TRANSLATORS: Your interests; a creator whose name the library no longer knows.
            rows.append(Row(feature: feature, title: creatorName(id) ?? tr("A creator"), kind: tr("Creator")))
        }
        for feature in top({ if case .hashtag = $0 { true } else { false } }) {
            guard case .hashtag(let tag) = feature else { continue }
            rows.append(Row(feature: feature, title: "#" + tag, kind: tr("Hashtag")))
        }
        for feature in top({ if case .instance = $0 { true } else { false } }) {
            guard case .instance(let host) = feature else { continue }
            rows.append(Row(feature: feature, title: host, kind: tr("Instance")))
        }
        return rows
    }

    /// Forgets every signal behind the row (the interest goes at once).
    public func remove(_ row: Row) { recorder.forget(row.feature) }

    /// Whether what the user watches is kept (the pause switch, off while paused).
    public var isLearning: Bool { !recorder.isPaused }
    public func setLearning(_ on: Bool) { recorder.setPaused(!on) }

    /// Every signal and interest gone, at once; the next For You is a new user's.
    public func eraseAll() { recorder.eraseAll() }
}
