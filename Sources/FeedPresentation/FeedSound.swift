public import FeedCore
import Localization

/// The feed's sound, as the user sets it (the volume slider, + and -, M, the media controls):
/// a `SoundLevel` kept in the preferences, so the volume is remembered with the mute. The
/// players and the controls follow `onChange`; what is said about it goes to `onSay`.
@MainActor
public final class FeedSound {
    public private(set) var level: SoundLevel
    private let preferences: PreferencesStore
    private let events: EventSink?

    /// The level changed: the players and the controls follow.
    public var onChange: ((SoundLevel) -> Void)?
    /// A short message for the window ("Sound off", "Volume 60%", or that it can't be kept).
    public var onSay: ((String) -> Void)?

    public init(preferences: PreferencesStore, events: EventSink?) {
        self.preferences = preferences
        self.events = events
        let stored = preferences.load()
        level = SoundLevel(volume: stored.volume, muted: stored.muted)
    }

    /// What another feed set meanwhile (each feed keeps its own players).
    public func reload() {
        let stored = preferences.load()
        let kept = SoundLevel(volume: stored.volume, muted: stored.muted)
        guard kept != level else { return }
        level = kept
        onChange?(level)
    }

    /// The slider, or the media controls.
    public func setVolume(_ volume: Double) { change(to: level.withVolume(volume), saying: nil) }

    /// `steps` presses of + (of - when negative).
    public func step(by steps: Int) {
        let next = level.stepped(by: steps)
        // TRANSLATORS: said when + or - changes the volume; {percent} is 0 to 100.
        change(to: next, saying: next.muted ? tr("Sound off") : tr("Volume {percent}%", ["percent": next.percent]))
    }

    /// M, or the sound button.
    public func toggleMute() {
        let next = level.togglingMute()
        change(to: next, saying: next.muted ? tr("Sound off") : tr("Sound on"))
    }

    private func change(to next: SoundLevel, saying message: String?) {
        guard next != level else {
            if let message { onSay?(message) }
            return
        }
        level = next
        onChange?(next)
        events?.emit(.volume(level: next.volume, muted: next.muted))
        do {
            try preferences.update {
                $0.volume = next.volume
                $0.muted = next.muted
            }
            if let message { onSay?(message) }
        } catch {
            // A setting that could not be written (a full disk) still holds until Loopfeed closes.
            let said = tr("The sound setting can’t be kept: {error}", ["error": error])
            onSay?(said)
            events?.emit(.error(kind: "preferences", message: said, postID: nil))
        }
    }
}
