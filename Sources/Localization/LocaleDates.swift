import CIntl
public import Foundation

/// Dates written the way the user's locale (LC_TIME, as `Localization.setUp` took it from the
/// environment) writes them, in their time zone.
public enum LocaleDates {
    /// The day of `date`: the locale's short date (`%x`: 01/07/2026, 07.01.2026), or ISO 8601
    /// (2026-01-07) in the C locale, which has no date order of its own.
    public static func day(_ date: Date) -> String {
        var seconds = time_t(date.timeIntervalSince1970.rounded(.down))
        var parts = tm()
        localtime_r(&seconds, &parts)
        let name = setlocale(LC_TIME, nil).map { String(cString: $0) } ?? "C"
        if name == "C" || name == "POSIX" || name.hasPrefix("C.") { return iso(parts) }
        var buffer = [CChar](repeating: 0, count: 64)
        let length = strftime(&buffer, buffer.count, "%x", &parts)
        return length > 0 ? String(decoding: buffer.prefix(length).map { UInt8(bitPattern: $0) }, as: UTF8.self) : iso(parts)
    }

    private static func iso(_ parts: tm) -> String {
        String(format: "%04d-%02d-%02d", Int(parts.tm_year) + 1900, Int(parts.tm_mon) + 1, Int(parts.tm_mday))
    }
}

extension LocaleDates {
    /// The day and time of `date` as the user's locale writes them (`%x %X`: 01/07/2026
    /// 14:05:00), or ISO 8601 (2026-01-07 14:05) in the C locale.
    public static func moment(_ date: Date) -> String {
        var seconds = time_t(date.timeIntervalSince1970.rounded(.down))
        var parts = tm()
        localtime_r(&seconds, &parts)
        let name = setlocale(LC_TIME, nil).map { String(cString: $0) } ?? "C"
        if name == "C" || name == "POSIX" || name.hasPrefix("C.") {
            return day(date) + String(format: " %02d:%02d", Int(parts.tm_hour), Int(parts.tm_min))
        }
        var buffer = [CChar](repeating: 0, count: 96)
        let length = strftime(&buffer, buffer.count, "%x %X", &parts)
        return length > 0 ? String(decoding: buffer.prefix(length).map { UInt8(bitPattern: $0) }, as: UTF8.self) : day(date)
    }
}
