import Foundation

/// Every date form feeds carry, read by hand, as a seasoned feed reader reads them:
/// - ISO 8601 / W3C-DTF / RFC 3339 (Atom, JSON Feed, Loops, PeerTube): "2026-12-01T10:00:00.5+01:00",
///   "2004-07-08 23:56:58", a date alone, a year-month or a year alone, the compact "20040708T235658Z";
/// - RFC 822 and its descendants (RSS) and what feeds write in their name: an optional day name
///   with or without its comma, day and month in either order, full or short month names, a
///   two-digit year (RFC 2822: 00-49 are 2000-2049), no time (midnight), extra commas, zones as
///   offsets, names (GMT, EST, ET, MET, CEST...), `Etc/GMT+5` and "GMT+01:00";
/// - asctime ("Sun Jan  4 16:29:06 2004").
/// A date with no zone is UTC. Anything else (unknown words, trailing text, an offset of
/// -99:99, the 30th of February) is no date: nothing is guessed. ICU formatters are never used:
/// one per date was most of a refresh's time, and they read a two-digit year as the year 4.
enum FeedDate {
    static func parse(_ text: String) -> Date? {
        let bytes = Array(text.utf8)
        return iso8601(bytes) ?? textual(bytes)
    }

    // MARK: - ISO 8601

    static func iso8601(_ s: [UInt8]) -> Date? {
        var reader = DateReader(s)
        reader.skipSpaces()
        guard let year = reader.digits(4) else { return nil }
        var month = 1, day = 1
        let compact = reader.peekDigit
        if compact {
            // 20040708 (and then maybe T235658Z)
            guard let m = reader.digits(2), let d = reader.digits(2) else { return nil }
            month = m
            day = d
        } else if reader.take("-") {
            guard let m = reader.digits(2) else { return nil }
            month = m
            if reader.take("-") {
                guard let d = reader.digits(2) else { return nil }
                day = d
            }
        }
        var time = TimeOfDay()
        var offset = 0
        reader.skipSpaces()
        if reader.atEnd {
            return DateReader.date(year: year, month: month, day: day, time: time, offset: 0)
        }
        guard reader.take("T") || reader.take("t") || reader.hadSpaces else { return nil }
        guard let read = compact ? reader.compactTime() : reader.time() else { return nil }
        time = read
        reader.skipSpaces()
        if !reader.atEnd {
            guard let zone = reader.zone() else { return nil }
            offset = zone
        }
        reader.skipSpaces()
        guard reader.atEnd else { return nil }
        return DateReader.date(year: year, month: month, day: day, time: time, offset: offset)
    }

    // MARK: - RFC 822, its variants and asctime

    static let monthNames: [String: Int] = {
        var names: [String: Int] = [:]
        let full = ["january", "february", "march", "april", "may", "june", "july", "august", "september",
                    "october", "november", "december"]
        for (index, name) in full.enumerated() {
            names[name] = index + 1
            names[String(name.prefix(3))] = index + 1
        }
        names["sept"] = 9
        return names
    }()

    static let dayNames: Set<String> = {
        let full = ["monday", "tuesday", "wednesday", "thursday", "friday", "saturday", "sunday"]
        return Set(full + full.map { String($0.prefix(3)) } + ["tues", "wed", "thur", "thurs"])
    }()

    static func textual(_ s: [UInt8]) -> Date? {
        var reader = DateReader(s)
        var day: Int?, month: Int?, year: Int?
        var time: TimeOfDay?
        var offset: Int?
        while true {
            reader.skipSeparators()
            if reader.atEnd { break }
            if let word = reader.peekWord() {
                let lower = word.lowercased()
                if dayNames.contains(lower), day == nil, month == nil {
                    _ = reader.word()
                    _ = reader.take(".")
                    continue
                }
                if let number = monthNames[lower], month == nil {
                    _ = reader.word()
                    _ = reader.take(".")
                    month = number
                    continue
                }
                // Anything else is a zone, after the time (or the date alone), or no date at all.
                guard offset == nil, month != nil, let zone = reader.zone() else { return nil }
                offset = zone
                continue
            }
            // "04-Jan-2004": a dash inside the date joins its parts; after it, it signs a zone.
            if year == nil, reader.take("-") { continue }
            if reader.peekSign {
                guard offset == nil, month != nil, let zone = reader.zone() else { return nil }
                offset = zone
                continue
            }
            guard reader.peekDigit else { return nil }
            if reader.isTimeAhead {
                guard time == nil, offset == nil, let read = reader.time() else { return nil }
                time = read
                continue
            }
            let start = reader.position
            guard let number = reader.number(maxDigits: 4) else { return nil }
            let width = reader.position - start
            if width <= 2, day == nil, year == nil || month != nil {
                day = number
            } else if year == nil, width >= 2, day != nil || month != nil {
                year = width == 2 ? (number < 50 ? 2000 + number : 1900 + number) : (width == 3 ? 1900 + number : number)
            } else {
                return nil
            }
            // A number runs into a letter ("4th", "2004x"): not a date.
            if reader.peekWord() != nil, !reader.previousWasSeparator { return nil }
        }
        guard let day, let month, let year else { return nil }
        return DateReader.date(year: year, month: month, day: day, time: time ?? TimeOfDay(), offset: offset ?? 0)
    }
}
