import Foundation

/// The two date forms feeds use, read by hand: RFC 822 (RSS: "Tue, 01 Dec 2026 10:00:00 GMT")
/// and RFC 3339 (Atom, JSON Feed, Loops: "2026-12-01T10:00:00.5+01:00"). A formatter per date
/// was most of a refresh's time (ICU parses slowly); anything else falls back to formatters.
enum FeedDate {
    static func parse(_ text: String) -> Date? {
        let bytes = Array(text.utf8)
        return rfc3339(bytes) ?? rfc822(bytes)
    }

    // MARK: - RFC 3339

    static func rfc3339(_ s: [UInt8]) -> Date? {
        var reader = Reader(s)
        guard let year = reader.digits(4), reader.take(UInt8(ascii: "-")), let month = reader.digits(2),
              reader.take(UInt8(ascii: "-")), let day = reader.digits(2) else { return nil }
        guard reader.take(UInt8(ascii: "T")) || reader.take(UInt8(ascii: "t")) || reader.take(UInt8(ascii: " ")),
              let hour = reader.digits(2), reader.take(UInt8(ascii: ":")), let minute = reader.digits(2),
              reader.take(UInt8(ascii: ":")), let second = reader.digits(2) else { return nil }
        var fraction = 0.0
        if reader.take(UInt8(ascii: ".")) {
            var scale = 0.1
            var any = false
            while let digit = reader.digit() {
                fraction += Double(digit) * scale
                scale /= 10
                any = true
            }
            guard any else { return nil }
        }
        let offset: Int
        if reader.take(UInt8(ascii: "Z")) || reader.take(UInt8(ascii: "z")) {
            offset = 0
        } else if let sign = reader.sign(), let hours = reader.digits(2) {
            _ = reader.take(UInt8(ascii: ":"))
            guard let minutes = reader.digits(2) else { return nil }
            offset = sign * (hours * 3600 + minutes * 60)
        } else {
            return nil
        }
        guard reader.atEnd else { return nil }
        return date(year: year, month: month, day: day, hour: hour, minute: minute, second: second,
                    offset: offset, fraction: fraction)
    }

    // MARK: - RFC 822 (with four-digit years, as RSS 2.0 has them)

    private static let months = ["jan", "feb", "mar", "apr", "may", "jun", "jul", "aug", "sep", "oct", "nov", "dec"]
    private static let zones: [String: Int] = ["gmt": 0, "ut": 0, "utc": 0, "z": 0, "est": -5, "edt": -4, "cst": -6,
                                               "cdt": -5, "mst": -7, "mdt": -6, "pst": -8, "pdt": -7]

    static func rfc822(_ s: [UInt8]) -> Date? {
        var reader = Reader(s)
        reader.skipSpaces()
        // An optional day name: "Tue,"
        if let comma = s.firstIndex(of: UInt8(ascii: ",")), comma < 10 {
            reader.position = comma + 1
            reader.skipSpaces()
        }
        guard let day = reader.number(maxDigits: 2) else { return nil }
        reader.skipSpaces()
        guard let monthName = reader.word(), let month = months.firstIndex(of: monthName.lowercased()) else { return nil }
        reader.skipSpaces()
        guard let year = reader.digits(4) else { return nil }
        reader.skipSpaces()
        guard let hour = reader.digits(2), reader.take(UInt8(ascii: ":")), let minute = reader.digits(2) else { return nil }
        var second = 0
        if reader.take(UInt8(ascii: ":")) {
            guard let value = reader.digits(2) else { return nil }
            second = value
        }
        reader.skipSpaces()
        var offset = 0
        if let sign = reader.sign() {
            guard let hours = reader.digits(2), let minutes = reader.digits(2) else { return nil }
            offset = sign * (hours * 3600 + minutes * 60)
        } else if let zone = reader.word() {
            guard let hours = zones[zone.lowercased()] else { return nil }
            offset = hours * 3600
        }
        reader.skipSpaces()
        guard reader.atEnd else { return nil }
        return date(year: year, month: month + 1, day: day, hour: hour, minute: minute, second: second, offset: offset)
    }

    // MARK: - Common

    private static func date(year: Int, month: Int, day: Int, hour: Int, minute: Int, second: Int, offset: Int,
                             fraction: Double = 0) -> Date? {
        guard (1...12).contains(month), (1...31).contains(day), hour < 24, minute < 60, second <= 60 else { return nil }
        // Days from 1970-01-01 in the proleptic Gregorian calendar (Howard Hinnant's days_from_civil).
        let y = month <= 2 ? year - 1 : year
        let era = (y >= 0 ? y : y - 399) / 400
        let yearOfEra = y - era * 400
        let dayOfYear = (153 * (month + (month > 2 ? -3 : 9)) + 2) / 5 + day - 1
        let dayOfEra = yearOfEra * 365 + yearOfEra / 4 - yearOfEra / 100 + dayOfYear
        let days = era * 146_097 + dayOfEra - 719_468
        let seconds = days * 86_400 + hour * 3600 + minute * 60 + second - offset
        return Date(timeIntervalSince1970: Double(seconds) + fraction)
    }

    private struct Reader {
        let s: [UInt8]
        var position = 0
        init(_ s: [UInt8]) { self.s = s }

        var atEnd: Bool { position == s.count }

        mutating func take(_ byte: UInt8) -> Bool {
            guard position < s.count, s[position] == byte else { return false }
            position += 1
            return true
        }

        mutating func digit() -> Int? {
            guard position < s.count, (48...57).contains(s[position]) else { return nil }
            position += 1
            return Int(s[position - 1] - 48)
        }

        mutating func digits(_ count: Int) -> Int? {
            var value = 0
            for _ in 0..<count {
                guard let digit = digit() else { return nil }
                value = value * 10 + digit
            }
            return value
        }

        mutating func number(maxDigits: Int) -> Int? {
            var value: Int?
            for _ in 0..<maxDigits {
                guard let digit = digit() else { break }
                value = (value ?? 0) * 10 + digit
            }
            return value
        }

        mutating func sign() -> Int? {
            if take(UInt8(ascii: "+")) { return 1 }
            if take(UInt8(ascii: "-")) { return -1 }
            return nil
        }

        mutating func word() -> String? {
            let start = position
            while position < s.count, (65...90).contains(s[position]) || (97...122).contains(s[position]) { position += 1 }
            return position > start ? String(decoding: s[start..<position], as: UTF8.self) : nil
        }

        mutating func skipSpaces() {
            while position < s.count, s[position] == 32 || s[position] == 9 { position += 1 }
        }
    }
}
