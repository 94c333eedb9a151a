import Foundation
import Localization

/// Numbers with decimals as people read them: "1.5" or "1,5", the user's decimal separator
/// (numbers written into pipelines and files keep the C locale's point).
public enum DecimalText {
    /// `value` with `digits` decimals, rounded as printf rounds.
    public static func fixed(_ value: Double, digits: Int = 1) -> String {
        let text = String(format: "%.\(digits)f", value)
        let decimal = LocaleNumbers.user.decimal
        return decimal == "." ? text : text.replacingOccurrences(of: ".", with: decimal)
    }
}
