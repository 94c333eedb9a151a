import CIntl
import Foundation

/// Numbers written for the user's locale (decimal point or comma, digit grouping), read from
/// the environment's LC_NUMERIC through glibc, though the process keeps the C numeric locale
/// so that numbers written into pipelines and files never change with the language.
public enum LocaleNumbers {
    public struct Separators: Sendable, Equatable {
        public var decimal: String
        public var group: String

        public init(decimal: String, group: String) {
            self.decimal = decimal
            self.group = group
        }

        public static let c = Separators(decimal: ".", group: "")
    }

    /// The user's separators, read once.
    public static let user: Separators = {
        guard let locale = newlocale(1 << LC_NUMERIC, "", nil) else { return .c }
        defer { freelocale(locale) }
        let decimal = nl_langinfo_l(nl_item(RADIXCHAR), locale).map { String(cString: $0) } ?? "."
        let group = nl_langinfo_l(nl_item(THOUSEP), locale).map { String(cString: $0) } ?? ""
        return Separators(decimal: decimal.isEmpty ? "." : decimal, group: group)
    }()

    /// A whole number with the locale's digit grouping: 2,001 / 2.001 / 2 001.
    public static func whole(_ value: Int, separators: Separators = user) -> String {
        let digits = String(abs(value))
        guard !separators.group.isEmpty, digits.count > 3 else { return value < 0 ? "-" + digits : digits }
        var groups: [Substring] = []
        var end = digits.endIndex
        while end > digits.startIndex {
            let start = digits.index(end, offsetBy: -3, limitedBy: digits.startIndex) ?? digits.startIndex
            groups.insert(digits[start..<end], at: 0)
            end = start
        }
        return (value < 0 ? "-" : "") + groups.joined(separator: separators.group)
    }

    /// `whole`.`tenths` with the locale's decimal separator: 1.5 / 1,5.
    public static func tenths(_ whole: Int, _ tenths: Int, separators: Separators = user) -> String {
        "\(whole)\(separators.decimal)\(tenths)"
    }
}
