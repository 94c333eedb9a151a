/// One caption cue: when it shows and what it says, as plain text.
public struct CaptionCue: Sendable, Equatable {
    /// Seconds from the start of the video.
    public var start: Double
    public var end: Double
    /// Plain text, lines kept (at most a caption's length).
    public var text: String

    public init(start: Double, end: Double, text: String) {
        self.start = start
        self.end = end
        self.text = text
    }
}

/// A WebVTT file's cues (W3C WebVTT, as PeerTube serves captions). Cue settings, styles,
/// regions and notes are skipped; markup inside cues (voice, class, bold, ruby, timestamps)
/// becomes plain text with entities decoded; control and direction characters go. Any input
/// reads in one pass without a crash: what is not a cue is skipped.
public enum WebVTT {
    /// A file holds at most this many cues (a 10 MB file of the shortest cues has about 400,000).
    public static let maximumCues = 500_000

    /// nil when `text` is not WebVTT (its first line is not `WEBVTT`).
    public static func parse(_ text: String) -> CaptionCues? {
        var lines = WebVTTLines(text)
        guard let header = lines.next(), isSignature(header) else { return nil }
        // The header block ends at the first empty line.
        while let line = lines.next(), !line.isEmpty {}
        var cues: [CaptionCue] = []
        var pending: Substring?
        while cues.count < maximumCues, let line = pending ?? lines.next() {
            pending = nil
            if line.isEmpty { continue }
            // A cue is an optional identifier line, a timing line, then text up to an empty line
            // (or a line with an arrow, which starts the next cue). Anything else is skipped.
            var timing = line
            if !line.contains("-->") {
                guard let second = lines.next() else { break }
                guard second.contains("-->") else {
                    if !second.isEmpty { while let rest = lines.next(), !rest.isEmpty {} }
                    continue
                }
                timing = second
            }
            var body: [Substring] = []
            while let next = lines.next() {
                if next.isEmpty { break }
                if next.contains("-->") { pending = next; break }
                body.append(next)
            }
            guard let (start, end) = times(timing), end > start else { continue }
            let plain = WebVTTText.plain(body)
            if !plain.isEmpty { cues.append(CaptionCue(start: start, end: end, text: plain)) }
        }
        return CaptionCues(cues)
    }

    /// "WEBVTT", alone or followed by a space or a tab, after an optional byte order mark.
    static func isSignature(_ line: Substring) -> Bool {
        var scalars = Substring.UnicodeScalarView(line.unicodeScalars)
        if scalars.first == "\u{FEFF}" { scalars.removeFirst() }
        let text = String(scalars)
        guard text.hasPrefix("WEBVTT") else { return false }
        let rest = text.dropFirst(6)
        return rest.isEmpty || rest.first == " " || rest.first == "\t"
    }

    /// "00:01.000 --> 00:02.500 align:start" as (1.0, 2.5); settings ignored.
    static func times(_ line: Substring) -> (Double, Double)? {
        guard let arrow = line.firstRange(of: "-->") else { return nil }
        let left = line[..<arrow.lowerBound].trimmingWebVTTSpaces()
        let right = line[arrow.upperBound...].trimmingWebVTTSpaces()
        let endText = right.prefix { $0 != " " && $0 != "\t" }
        guard let start = timestamp(left), let end = timestamp(endText) else { return nil }
        return (start, end)
    }

    /// "hh:mm:ss.ttt" or "mm:ss.ttt" in seconds; nil for anything else (minutes and seconds
    /// past 59, missing milliseconds, more than 9 digits of hours).
    static func timestamp(_ text: Substring) -> Double? {
        let parts = text.split(separator: ":", omittingEmptySubsequences: false)
        guard parts.count == 2 || parts.count == 3, let last = parts.last else { return nil }
        let secondsParts = last.split(separator: ".", omittingEmptySubsequences: false)
        guard secondsParts.count == 2, secondsParts[0].count == 2, secondsParts[1].count == 3,
              let seconds = digits(secondsParts[0]), let millis = digits(secondsParts[1]), seconds < 60 else { return nil }
        guard let minutes = digits(parts[parts.count - 2]), parts[parts.count - 2].count == 2, minutes < 60 else { return nil }
        var hours = 0
        if parts.count == 3 {
            guard (1...9).contains(parts[0].count), let read = digits(parts[0]) else { return nil }
            hours = read
        }
        return Double(hours) * 3600 + Double(minutes) * 60 + Double(seconds) + Double(millis) / 1000
    }

    private static func digits(_ text: Substring) -> Int? {
        guard !text.isEmpty, text.count <= 9, text.unicodeScalars.allSatisfy({ ("0"..."9").contains($0) }) else { return nil }
        return Int(text)
    }
}

/// A file's lines, split only where WebVTT ends lines (CR, LF, CRLF).
struct WebVTTLines {
    private let text: Substring
    private var position: String.Index

    init(_ text: String) {
        self.text = Substring(text)
        position = self.text.startIndex
    }

    mutating func next() -> Substring? {
        let scalars = text.unicodeScalars
        guard position < scalars.endIndex else { return nil }
        var end = position
        while end < scalars.endIndex, scalars[end] != "\n", scalars[end] != "\r" { end = scalars.index(after: end) }
        let line = Substring(scalars[position..<end])
        if end < scalars.endIndex {
            let wasReturn = scalars[end] == "\r"
            end = scalars.index(after: end)
            if wasReturn, end < scalars.endIndex, scalars[end] == "\n" { end = scalars.index(after: end) }
        }
        position = end
        return line
    }
}

extension Substring {
    func trimmingWebVTTSpaces() -> Substring {
        var text = self
        while let first = text.first, first == " " || first == "\t" { text = text.dropFirst() }
        while let last = text.last, last == " " || last == "\t" { text = text.dropLast() }
        return text
    }
}
