import FeedCore
import Localization

/// The feed's sound (volume and mute, kept in the preferences) and the position MPRIS reads.
extension FeedController {
    var volume: Double { preferences.volume }
    var muted: Bool { preferences.muted }

    func setVolume(_ volume: Double) {
        preferences.volume = min(1, max(0, volume))
        pool.volume = preferences.volume
        let chosen = preferences.volume
        keepPreference { $0.volume = chosen }
    }

    func toggleMute() {
        preferences.muted.toggle()
        pool.muted = preferences.muted
        for slot in slots { slot.setMuted(preferences.muted) }
        let muted = preferences.muted
        view.flash(preferences.muted ? tr("Sound off") : tr("Sound on"))
        keepPreference { $0.muted = muted }
    }

    /// Writes a sound setting; one that could not be kept (a full disk) is said in the window
    /// and the events, and still holds until Loopfeed closes.
    private func keepPreference(_ change: (inout Preferences) -> Void) {
        do {
            try env.preferences.update(change)
        } catch {
            let message = tr("The sound setting can’t be kept: {error}", ["error": error])
            view.flash(message)
            env.events?.emit(.error(kind: "preferences", message: message, postID: nil))
        }
    }

    /// Position and length of the current video in microseconds (MPRIS).
    var positionUs: Int64 { Int64((currentSlot?.player.position ?? 0) / 1000) }
    var durationUs: Int64 {
        if let duration = currentSlot?.player.duration { return Int64(duration / 1000) }
        return Int64((session.current?.duration ?? 0) * 1_000_000)
    }
}
