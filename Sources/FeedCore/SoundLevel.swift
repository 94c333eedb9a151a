/// The feed's sound as the user set it: a volume and whether it is muted. Raising the volume
/// means wanting to hear it, so it unmutes (lowering it keeps the sound off); unmuting a volume
/// left at nothing brings it back to half, or M would seem to do nothing.
public struct SoundLevel: Equatable, Sendable {
    public private(set) var volume: Double
    public private(set) var muted: Bool

    /// Presses of + from nothing to full: a press is a tenth.
    public static let steps = 10
    /// What unmuting at no volume brings it back to.
    public static let restored = 0.5

    public init(volume: Double, muted: Bool) {
        self.volume = Self.clamped(volume)
        self.muted = muted
    }

    /// Whether anything is heard.
    public var isSilent: Bool { muted || volume == 0 }

    /// The volume as a whole percentage (what the slider's value and a screen reader say).
    public var percent: Int { Int((volume * 100).rounded()) }

    public func withVolume(_ volume: Double) -> SoundLevel {
        let volume = Self.clamped(volume)
        return SoundLevel(volume: volume, muted: muted && volume <= self.volume)
    }

    /// `steps` presses of + (or of - when negative), on the step's grid.
    public func stepped(by steps: Int) -> SoundLevel {
        let grid = Double(Self.steps)
        return withVolume(((volume * grid).rounded() + Double(steps)) / grid)
    }

    public func togglingMute() -> SoundLevel {
        if muted { return SoundLevel(volume: volume == 0 ? Self.restored : volume, muted: false) }
        return SoundLevel(volume: volume, muted: true)
    }

    private static func clamped(_ volume: Double) -> Double {
        volume.isFinite ? min(1, max(0, volume)) : 1
    }
}
