public import Foundation

/// "now", "3 min", "2 h", "5 d", "3 w", then a date: how old a comment or activity is.
public enum RelativeTime {
    public static func short(from date: Date, to now: Date) -> String {
        let seconds = max(0, Int(now.timeIntervalSince(date)))
        switch seconds {
        case ..<60: return "now"
        case ..<3_600: return "\(seconds / 60) min"
        case ..<86_400: return "\(seconds / 3_600) h"
        case ..<(7 * 86_400): return "\(seconds / 86_400) d"
        case ..<(5 * 7 * 86_400): return "\(seconds / (7 * 86_400)) w"
        default:
            let parts = Calendar(identifier: .gregorian).dateComponents(in: TimeZone(identifier: "UTC")!, from: date)
            return String(format: "%04d-%02d-%02d", parts.year ?? 0, parts.month ?? 0, parts.day ?? 0)
        }
    }
}
