public import Localization

/// Shortens counts the way short-video apps do: 999, 1K, 10.5K, 248K, 1.5M, 2.1B (a ".0" is left out).
/// Digits are truncated, never rounded up, so a count never reads higher than it is.
/// The decimal separator is the locale's and the suffixes are translated ("1,5 Mio.").
public enum CountFormatter {
    public static func short(_ count: Int, separators: LocaleNumbers.Separators = LocaleNumbers.user) -> String {
        let value = max(0, count)
        if value < 1_000 { return String(value) }
        let number: String
        if value < 1_000_000 {
            number = shortNumber(tenths: value / 100, separators: separators)
            // TRANSLATORS: a count in thousands, as short-video apps show it ("1.5K").
            return tr("{number}K", ["number": number])
        }
        if value < 1_000_000_000 {
            number = shortNumber(tenths: value / 100_000, separators: separators)
            // TRANSLATORS: a count in millions ("1.5M").
            return tr("{number}M", ["number": number])
        }
        number = shortNumber(tenths: value / 100_000_000, separators: separators)
        // TRANSLATORS: a count in billions ("2.1B").
        return tr("{number}B", ["number": number])
    }

    /// 248 for 2480 tenths, 10.5 for 105.
    private static func shortNumber(tenths: Int, separators: LocaleNumbers.Separators) -> String {
        tenths % 10 == 0 ? String(tenths / 10) : LocaleNumbers.tenths(tenths / 10, tenths % 10, separators: separators)
    }
}
