import Localization

/// A live look applied before the tee, so the preview shows what is recorded.
public enum CaptureFilter: String, Sendable, CaseIterable {
    case none, warm, mono, vivid, vintage

    public var title: String {
        switch self {
        // TRANSLATORS: the recorder's look that leaves the colours as they are.
        case .none: tr("Normal")
        // TRANSLATORS: a colour look of the recorder (warmer colours).
        case .warm: tr("Warm")
        // TRANSLATORS: a colour look of the recorder (black and white).
        case .mono: tr("Mono")
        // TRANSLATORS: a colour look of the recorder (stronger colours).
        case .vivid: tr("Vivid")
        // TRANSLATORS: a colour look of the recorder (old photo, sepia).
        case .vintage: tr("Vintage")
        }
    }
}
