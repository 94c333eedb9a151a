public import Foundation
import Localization

/// How a recorded or imported clip becomes the posted video: a trim, a speed, a caption burnt
/// into the picture and an added sound. A value the edit screen changes freely; the renderer
/// clamps it against the real source duration with `validated(sourceSeconds:)` before use.
public struct ClipEdit: Sendable, Equatable {
    public enum Speed: Double, Sendable, CaseIterable {
        case half = 0.5
        case normal = 1
        case double = 2

        public var title: String {
            switch self {
            case .half: "0.5x"
            case .normal: "1x"
            case .double: "2x"
            }
        }
    }

    /// A music or voice track mixed under (or instead of) the clip's own sound.
    public struct Sound: Sendable, Equatable {
        public var file: URL
        /// Volume of the added track, 0...1.
        public var volume: Double { didSet { volume = ClipEdit.unit(volume) } }
        /// Volume of the clip's own sound, 0...1 (0 replaces it).
        public var originalVolume: Double { didSet { originalVolume = ClipEdit.unit(originalVolume) } }
        /// Where in the track the clip's first frame falls, in seconds.
        public var offsetSeconds: Double { didSet { offsetSeconds = max(0, offsetSeconds.finiteOrZero) } }

        public init(file: URL, volume: Double = 1, originalVolume: Double = 1, offsetSeconds: Double = 0) {
            self.file = file
            self.volume = ClipEdit.unit(volume)
            self.originalVolume = ClipEdit.unit(originalVolume)
            self.offsetSeconds = max(0, offsetSeconds.finiteOrZero)
        }
    }

    public static let minimumResultSeconds = 0.5
    public static let maximumTextLength = 150
    /// Trims closer than this to the source's ends count as no trim (frame-level noise from a slider).
    static let trimTolerance = 0.001

    public var trimStart: Double { didSet { trimStart = max(0, trimStart.finiteOrZero) } }
    /// nil: to the end of the source.
    public var trimEnd: Double? { didSet { trimEnd = trimEnd.map { max(0, $0.finiteOrZero) } } }
    public var speed: Speed
    /// Whitespace-trimmed, at most `maximumTextLength` characters; empty becomes nil.
    public var overlayText: String? { didSet { overlayText = Self.normalizedText(overlayText) } }
    /// Where the caption's centre sits, 0 (top) ... 1 (bottom).
    public var textPosition: Double { didSet { textPosition = Self.unit(textPosition) } }
    public var sound: Sound?

    public init(trimStart: Double = 0, trimEnd: Double? = nil, speed: Speed = .normal,
                overlayText: String? = nil, textPosition: Double = 0.5, sound: Sound? = nil) {
        self.trimStart = max(0, trimStart.finiteOrZero)
        self.trimEnd = trimEnd.map { max(0, $0.finiteOrZero) }
        self.speed = speed
        self.overlayText = Self.normalizedText(overlayText)
        self.textPosition = Self.unit(textPosition)
        self.sound = sound
    }

    /// Nothing to render: the caller copies the source as it is.
    public var isIdentity: Bool {
        trimStart <= Self.trimTolerance && trimEnd == nil && speed == .normal && overlayText == nil && sound == nil
    }

    /// The part of the source that is kept, clamped into 0...sourceSeconds.
    public func trimRange(sourceSeconds: Double) -> ClosedRange<Double> {
        let length = max(0, sourceSeconds.finiteOrZero)
        let start = min(trimStart, length)
        let end = min(max(trimEnd ?? length, start), length)
        return start...end
    }

    /// `count` moments spread evenly over the kept part, each in the middle of its share: where
    /// the cover frames to choose from are taken.
    public func coverTimes(count: Int, sourceSeconds: Double) -> [Double] {
        let kept = trimRange(sourceSeconds: sourceSeconds)
        let length = kept.upperBound - kept.lowerBound
        guard count > 0, length > 0 else { return [] }
        return (0..<count).map { (Double($0) + 0.5) * length / Double(count) + kept.lowerBound }
    }

    /// Length of the posted video: the kept part played at `speed`.
    public func resultDuration(sourceSeconds: Double) -> Double {
        let range = trimRange(sourceSeconds: sourceSeconds)
        return (range.upperBound - range.lowerBound) / speed.rawValue
    }

    /// This edit with the trim clamped to the source (an end at the source's end becomes nil),
    /// or why it can't be rendered.
    public func validated(sourceSeconds: Double) throws(ClipEditError) -> ClipEdit {
        guard sourceSeconds.isFinite, sourceSeconds > 0 else { throw .unknownSourceDuration }
        if let trimEnd, trimEnd <= trimStart { throw .emptyTrim }
        let result = resultDuration(sourceSeconds: sourceSeconds)
        guard result >= Self.minimumResultSeconds - Self.trimTolerance else { throw .tooShort(seconds: result) }
        var clamped = self
        let range = trimRange(sourceSeconds: sourceSeconds)
        clamped.trimStart = range.lowerBound <= Self.trimTolerance ? 0 : range.lowerBound
        clamped.trimEnd = range.upperBound >= sourceSeconds - Self.trimTolerance ? nil : range.upperBound
        return clamped
    }

    static func normalizedText(_ text: String?) -> String? {
        guard let trimmed = text?.trimmingCharacters(in: .whitespacesAndNewlines), !trimmed.isEmpty else { return nil }
        return String(trimmed.prefix(maximumTextLength))
    }

    static func unit(_ value: Double) -> Double { min(1, max(0, value.finiteOrZero)) }
}

public enum ClipEditError: Error, Equatable, Sendable, CustomStringConvertible {
    case unknownSourceDuration
    case emptyTrim
    case tooShort(seconds: Double)

    public var description: String {
        switch self {
        case .unknownSourceDuration: tr("The clip’s length can’t be read.")
        case .emptyTrim: tr("The trim’s end must come after its start.")
        case .tooShort: tr("The edited clip must be at least half a second long.")
        }
    }
}

extension Double {
    var finiteOrZero: Double { isFinite ? self : 0 }
}
