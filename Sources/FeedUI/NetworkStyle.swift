import GtkKit

/// The look of Discover's network half and the tiles' placeholders, apart from Theme's so the
/// two can change on their own.
@MainActor
enum NetworkStyle {
    /// Added after Theme's rules, at the same priority, so these win where both speak.
    static func install() { Style.apply(css: css) }

    static let css = """
    .tile-placeholder { background-image: linear-gradient(160deg, #2c2c33, #17171b); padding: 8px; }
    .tile-placeholder-title { font-size: 9pt; font-weight: 700; color: rgba(255,255,255,0.85); }
    .discover-heading { font-weight: 800; font-size: 10.5pt; margin: 10px 12px 4px 12px; }
    .discover-note { color: rgba(255,255,255,0.6); font-size: 9pt; }
    .discover-status { margin: 12px 24px; }
    .hashtag-chip.selected, .scope-chip.selected { background: #fff; color: #000; }
    .scope-chip { border-radius: 999px; padding: 2px 14px; min-height: 28px; font-weight: 700; }
    .person-row { border-radius: 0; padding: 6px 14px; }
    .person-name { font-weight: 700; }
    .person-handle { color: rgba(255,255,255,0.6); font-size: 9pt; }
    .networks-status { color: #fff; }
    .channel-banner { background-color: #222; }
    """
}
