public import Foundation
import Localization

/// "now", "3 min", "2 h", "5 d", "3 w", then a date: how old a comment or activity is.
public enum RelativeTime {
    public static func short(from date: Date, to now: Date) -> String {
        let seconds = max(0, Int(now.timeIntervalSince(date)))
        switch seconds {
        // TRANSLATORS: how old a comment is, when it is under a minute.
        case ..<60: return tr("now")
        // TRANSLATORS: how old a comment is, in minutes (short).
        case ..<3_600: return trn("{count} min", "{count} min", seconds / 60)
        // TRANSLATORS: how old a comment is, in hours (short).
        case ..<86_400: return trn("{count} h", "{count} h", seconds / 3_600)
        // TRANSLATORS: how old a comment is, in days (short).
        case ..<(7 * 86_400): return trn("{count} d", "{count} d", seconds / 86_400)
        // TRANSLATORS: how old a comment is, in weeks (short).
        case ..<(5 * 7 * 86_400): return trn("{count} w", "{count} w", seconds / (7 * 86_400))
        default:
            // An older one shows its date the way the user's locale writes dates.
            return LocaleDates.day(date)
        }
    }
}
