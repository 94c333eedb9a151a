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

    /// Splits a caption into plain and hashtag runs, for highlighting.
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
}
