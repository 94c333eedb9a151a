import Foundation

/// A time of day as a date gives it (midnight when it gives none).
struct TimeOfDay {
    var hour = 0
    var minute = 0
    var second = 0
    var fraction = 0.0
}

/// The byte-level reading FeedDate's forms share: numbers, words, times, zones.
struct DateReader {
    let s: [UInt8]
    var position = 0
    /// Whether the last skip passed over anything (a space may stand for ISO's "T").
    private(set) var hadSpaces = false
    private(set) var previousWasSeparator = true

    init(_ s: [UInt8]) { self.s = s }

    var atEnd: Bool { position == s.count }

    private func byte(at offset: Int = 0) -> UInt8? {
        position + offset < s.count ? s[position + offset] : nil
    }

    private static func isDigit(_ byte: UInt8?) -> Bool { byte.map { (48...57).contains($0) } ?? false }
    private static func isLetter(_ byte: UInt8?) -> Bool {
        byte.map { (65...90).contains($0) || (97...122).contains($0) } ?? false
    }

    var peekDigit: Bool { Self.isDigit(byte()) }
    var peekSign: Bool { byte() == UInt8(ascii: "+") || byte() == UInt8(ascii: "-") }

    /// Digits then ':' (a time, not a day or a year).
    var isTimeAhead: Bool {
        var offset = 0
        while Self.isDigit(byte(at: offset)) { offset += 1 }
        return (1...2).contains(offset) && byte(at: offset) == UInt8(ascii: ":")
    }

    mutating func take(_ character: Character) -> Bool {
        guard let ascii = character.asciiValue, byte() == ascii else { return false }
        position += 1
        return true
    }

    mutating func digit() -> Int? {
        guard let byte = byte(), Self.isDigit(byte) else { return nil }
        position += 1
        previousWasSeparator = false
        return Int(byte - 48)
    }

    mutating func digits(_ count: Int) -> Int? {
        var value = 0
        for _ in 0..<count {
            guard let digit = digit() else { return nil }
            value = value * 10 + digit
        }
        return value
    }

    /// One to `maxDigits` digits, and no more: a longer run is not a number of this kind.
    mutating func number(maxDigits: Int) -> Int? {
        var value: Int?
        for _ in 0..<maxDigits {
            guard let digit = digit() else { break }
            value = (value ?? 0) * 10 + digit
        }
        return peekDigit ? nil : value
    }

    func peekWord() -> String? {
        var end = position
        while Self.isLetter(end < s.count ? s[end] : nil) { end += 1 }
        return end > position ? String(decoding: s[position..<end], as: UTF8.self) : nil
    }

    mutating func word() -> String? {
        guard let word = peekWord() else { return nil }
        position += word.utf8.count
        previousWasSeparator = false
        return word
    }

    mutating func skipSpaces() {
        let start = position
        while let byte = byte(), byte == 32 || byte == 9 { position += 1 }
        hadSpaces = position > start
        if hadSpaces { previousWasSeparator = true }
    }

    /// Spaces, commas and RFC 822 comments ("(UTC)").
    mutating func skipSeparators() {
        while let byte = byte() {
            if byte == 32 || byte == 9 || byte == UInt8(ascii: ",") {
                position += 1
            } else if byte == UInt8(ascii: "("), let close = s[position...].firstIndex(of: UInt8(ascii: ")")) {
                position = close + 1
            } else {
                break
            }
            previousWasSeparator = true
        }
    }

    /// hh:mm[:ss[.fraction]], the hour in one or two digits.
    mutating func time() -> TimeOfDay? {
        guard let hour = number(maxDigits: 2), take(":"), let minute = digits(2) else { return nil }
        var time = TimeOfDay(hour: hour, minute: minute)
        if take(":") {
            guard let second = digits(2) else { return nil }
            time.second = second
            guard readFraction(into: &time) else { return nil }
        }
        return time
    }

    /// ISO's basic format: hhmm[ss[.fraction]].
    mutating func compactTime() -> TimeOfDay? {
        guard let hour = digits(2), let minute = digits(2) else { return nil }
        var time = TimeOfDay(hour: hour, minute: minute)
        if peekDigit {
            guard let second = digits(2) else { return nil }
            time.second = second
        }
        guard readFraction(into: &time) else { return nil }
        return time
    }

    private mutating func readFraction(into time: inout TimeOfDay) -> Bool {
        guard take(".") || take(",") else { return true }
        var scale = 0.1
        var any = false
        while let digit = digit() {
            time.fraction += Double(digit) * scale
            scale /= 10
            any = true
        }
        return any
    }

    // MARK: - Zones

    /// Hours east of UTC of the zone names feeds write (RFC 822's and the common ones beside).
    static let zoneHours: [String: Double] = [
        "z": 0, "zulu": 0, "ut": 0, "utc": 0, "gmt": 0, "wet": 0,
        "est": -5, "edt": -4, "et": -5, "cst": -6, "cdt": -5, "ct": -6, "mst": -7, "mdt": -6, "mt": -7,
        "pst": -8, "pdt": -7, "pt": -8, "ast": -4, "adt": -3, "at": -4, "akst": -9, "akdt": -8, "hst": -10,
        "nst": -3.5, "ndt": -2.5,
        "met": 1, "mest": 2, "cet": 1, "cest": 2, "west": 1, "bst": 1, "eet": 2, "eest": 3, "msk": 3,
        "jst": 9, "kst": 9, "hkt": 8, "sgt": 8, "awst": 8, "acst": 9.5, "acdt": 10.5, "aest": 10, "aedt": 11,
        "nzst": 12, "nzdt": 13,
    ]

    /// A zone as seconds east of UTC: Z, ±hh, ±hhmm, ±hh:mm, a name, a name with an offset
    /// ("GMT+01:00"), or the tz database's Etc/GMT±h (whose sign is POSIX's: Etc/GMT+5 is UTC-5).
    mutating func zone() -> Int? {
        if peekSign { return signedOffset() }
        guard let name = word()?.lowercased() else { return nil }
        if name == "etc" {
            guard take("/"), let inner = word()?.lowercased(), ["gmt", "utc", "ut", "uct", "zulu"].contains(inner) else { return nil }
            guard peekSign else { return 0 }
            guard let offset = signedOffset() else { return nil }
            return -offset
        }
        guard let hours = Self.zoneHours[name] else { return nil }
        if hours == 0, name != "z", peekSign { return signedOffset() }
        return Int(hours * 3600)
    }

    private mutating func signedOffset() -> Int? {
        let sign = take("+") ? 1 : (take("-") ? -1 : 0)
        guard sign != 0 else { return nil }
        let start = position
        while peekDigit { position += 1 }
        let run = Array(s[start..<position])
        position = start
        var hours: Int, minutes = 0
        switch run.count {
        case 1, 2:
            guard let h = number(maxDigits: 2) else { return nil }
            hours = h
            if take(":") {
                guard let m = digits(2) else { return nil }
                minutes = m
            }
        case 4:
            guard let h = digits(2), let m = digits(2) else { return nil }
            hours = h
            minutes = m
        default:
            return nil
        }
        guard hours <= 14, minutes < 60 else { return nil }
        return sign * (hours * 3600 + minutes * 60)
    }

    // MARK: - The date

    static func daysInMonth(_ month: Int, year: Int) -> Int {
        switch month {
        case 2: (year % 4 == 0 && year % 100 != 0) || year % 400 == 0 ? 29 : 28
        case 4, 6, 9, 11: 30
        default: 31
        }
    }

    static func date(year: Int, month: Int, day: Int, time: TimeOfDay, offset: Int) -> Date? {
        guard (1...9999).contains(year), (1...12).contains(month), (1...daysInMonth(month, year: year)).contains(day),
              time.hour < 24, time.minute < 60, time.second <= 60 else { return nil }
        // Days from 1970-01-01 in the proleptic Gregorian calendar (Howard Hinnant's days_from_civil).
        let y = month <= 2 ? year - 1 : year
        let era = (y >= 0 ? y : y - 399) / 400
        let yearOfEra = y - era * 400
        let dayOfYear = (153 * (month + (month > 2 ? -3 : 9)) + 2) / 5 + day - 1
        let dayOfEra = yearOfEra * 365 + yearOfEra / 4 - yearOfEra / 100 + dayOfYear
        let days = era * 146_097 + dayOfEra - 719_468
        let seconds = days * 86_400 + time.hour * 3600 + time.minute * 60 + time.second - offset
        return Date(timeIntervalSince1970: Double(seconds) + time.fraction)
    }
}
