/// Finds #hashtags in captions.
public enum Hashtags {
    /// Tags in order of first appearance, compared without case, without the leading "#".
    public static func parse(_ text: String) -> [String] {
        var seen = Set<String>()
        return runs(text).compactMap { run in
            guard case .hashtag(let tag) = run, seen.insert(tag.lowercased()).inserted else { return nil }
            return tag
        }
    }

    static func isTagCharacter(_ char: Character) -> Bool {
        char == "_" || char.isLetter || char.isNumber
            || char.unicodeScalars.allSatisfy { $0.properties.generalCategory == .nonspacingMark
                || $0.properties.generalCategory == .spacingMark }
    }

    /// Handles mentioned with "@", in order of first appearance, without "@".
    public static func mentions(_ text: String) -> [String] {
        var seen = Set<String>()
        return runs(text).compactMap { run in
            guard case .mention(let handle) = run, seen.insert(handle).inserted else { return nil }
            return handle
        }
    }

    static func isHandleCharacter(_ char: Character) -> Bool {
        char == "_" || char == "." || (char.isASCII && (char.isLetter || char.isNumber))
    }

    /// "@handle" where a handle may start: not inside a word (so "me@example.com" is an
    /// address, not a mention). Handles are lowercase letters, digits, "." and "_"; a final
    /// "." ends the sentence, not the handle. Returns the handle and where it ends.
    static func mention(in text: String, at index: String.Index, after previous: Character?) -> (String, String.Index)? {
        guard text[index] == "@", previous.map({ !isTagCharacter($0) && $0 != "@" && $0 != "." }) ?? true else { return nil }
        var end = text.index(after: index)
        while end < text.endIndex, isHandleCharacter(text[end]) { end = text.index(after: end) }
        var handle = text[text.index(after: index)..<end]
        while handle.last == "." {
            handle = handle.dropLast()
            end = text.index(before: end)
        }
        guard handle.count >= 2, handle.count <= 24 else { return nil }
        return (handle.lowercased(), end)
    }

    /// Splits a caption into plain, hashtag and mention runs, for highlighting.
    /// A tag starts after the start of text or a character that cannot be part of a word
    /// (so "a#b" and "C#" are not tags), runs over letters, digits, marks and "_", and is
    /// not all digits ("#1" is a number, not a tag).
    public static func runs(_ text: String) -> [CaptionRun] {
        var runs: [CaptionRun] = []
        var plain = ""
        var previous: Character?
        var index = text.startIndex
        while index < text.endIndex {
            let char = text[index]
            if let (handle, end) = mention(in: text, at: index, after: previous) {
                if !plain.isEmpty { runs.append(.text(plain)); plain = "" }
                runs.append(.mention(handle))
                previous = text[text.index(before: end)]
                index = end
                continue
            }
            if char == "#", previous.map({ !isTagCharacter($0) && $0 != "#" }) ?? true {
                var end = text.index(after: index)
                while end < text.endIndex, isTagCharacter(text[end]) { end = text.index(after: end) }
                let tag = String(text[text.index(after: index)..<end])
                if !tag.isEmpty, tag.contains(where: { !$0.isNumber }) {
                    if !plain.isEmpty { runs.append(.text(plain)); plain = "" }
                    runs.append(.hashtag(tag))
                    previous = text[text.index(before: end)]
                    index = end
                    continue
                }
            }
            plain.append(char)
            previous = char
            index = text.index(after: index)
        }
        if !plain.isEmpty { runs.append(.text(plain)) }
        return runs
    }
}

public enum CaptionRun: Sendable, Equatable {
    case text(String)
    case hashtag(String)
    /// "@handle", without the "@", lowercased.
    case mention(String)
}

extension CaptionRun {
    /// The text the run shows: a tag after "#", a mention after "@" (as its handle, lowercased).
    public var shown: String {
        switch self {
        case .text(let text): text
        case .hashtag(let tag): "#" + tag
        case .mention(let handle): "@" + handle
        }
    }

    public var isLink: Bool { if case .text = self { false } else { true } }

    /// Each link run with where it shows in the runs' text, in UTF-8 bytes (what a label's
    /// layout counts in): where a focused link's ring goes.
    public static func linkBytes(_ runs: [CaptionRun]) -> [(run: CaptionRun, bytes: Range<Int>)] {
        var offset = 0
        var links: [(run: CaptionRun, bytes: Range<Int>)] = []
        for run in runs {
            let length = run.shown.utf8.count
            if run.isLink { links.append((run, offset..<(offset + length))) }
            offset += length
        }
        return links
    }
}

