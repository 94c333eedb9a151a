/// Shortens counts the way short-video apps do: 999, 1.0K, 10.5K, 1.5M, 2.1B.
/// Digits are truncated, never rounded up, so a count never reads higher than it is.
public enum CountFormatter {
    public static func short(_ count: Int) -> String {
        let value = max(0, count)
        if value < 1_000 { return String(value) }
        let (unit, suffix): (Int, String) =
            value < 1_000_000 ? (1_000, "K") : value < 1_000_000_000 ? (1_000_000, "M") : (1_000_000_000, "B")
        let tenths = value / (unit / 10)
        return "\(tenths / 10).\(tenths % 10)\(suffix)"
    }
}
