import FeedCore
import FeedPresentation

/// The feed's sound (`FeedSound`: volume and mute, kept in the preferences) bound to the pool
/// and the pages' sound controls, and the position MPRIS reads.
extension FeedController {
    var volume: Double { sound.level.volume }
    var muted: Bool { sound.level.muted }

    func setVolume(_ volume: Double) { sound.setVolume(volume) }
    func toggleMute() { sound.toggleMute() }

    /// `steps` presses of + (of - when negative); the controls show what it did.
    func stepVolume(by steps: Int) {
        sound.step(by: steps)
        chrome.stir()
    }

    func bindSound() {
        sound.onChange = { [weak self] level in self?.soundChanged(level) }
        sound.onSay = { [weak self] message in self?.view.flash(message) }
        soundChanged(sound.level)
        for slot in slots {
            slot.sound.onToggleMute = { [weak self] in self?.sound.toggleMute() }
            slot.sound.onVolume = { [weak self] volume in self?.sound.setVolume(volume) }
            slot.sound.onPointer = { [weak self] on in self?.chrome.setPointerOnControls(on) }
        }
    }

    private func soundChanged(_ level: SoundLevel) {
        pool.volume = level.volume
        pool.muted = level.muted
        for slot in slots { slot.sound.show(level) }
        chrome.setSilent(level.isSilent)
    }

    /// Position and length of the current video in microseconds (MPRIS).
    var positionUs: Int64 { Int64((currentSlot?.player.position ?? 0) / 1000) }
    var durationUs: Int64 {
        if let duration = currentSlot?.player.duration { return Int64(duration / 1000) }
        return Int64((session.current?.duration ?? 0) * 1_000_000)
    }
}
