import GStreamerKit

/// The sound server going away and coming back: a silent sink in the real one's place while the
/// video plays on, a real one tried again every 2 s.
extension PlaybackEngine {
    /// The audio sink failed (`detail`: why): a silent sink takes its place, the window is told,
    /// and from now on a real one is tried every 2 s. False when the sound was already silent.
    /// `spread`: tell the other players (this one found it out).
    @discardableResult
    func soundLost(_ detail: String, spread: Bool = true) -> Bool {
        guard audio.goSilent() else { return false }
        if spread { SoundOutage.spread(detail, from: ObjectIdentifier(self)) }
        report?(.sound(available: false, detail: detail))
        scheduleSoundRetry()
        return true
    }

    private func scheduleSoundRetry() {
        guard !soundRetryPending else { return }
        soundRetryPending = true
        thread.after(milliseconds: 2_000) { [weak self] in
            self?.assumeIsolated { engine in
                engine.soundRetryPending = false
                guard !engine.shutDown, engine.audio.isSilent else { return }
                if engine.audio.restore() {
                    engine.report?(.sound(available: true, detail: "the sound server answers again"))
                } else {
                    engine.scheduleSoundRetry()
                }
            }
        }
    }

    /// Loads the current clip again (keeping whether it should play): its load failed in a
    /// part that is now replaced (the audio sink).
    func reload() {
        guard let loaded else { return }
        let wantsPlaying = wantsPlaying
        switch loaded {
        case .uri(let uri): load(uri: uri, source: source)
        case .stream(let bytes): load(bytes, source: source)
        }
        self.wantsPlaying = wantsPlaying
    }
}
