import Foundation

/// Turns what a viewer typed into an FTS5 query that cannot contain FTS syntax: every
/// whitespace-separated term becomes a quoted prefix phrase ("term"*), all terms required.
enum SearchQuery {
    /// nil when nothing searchable remains (empty input, or only punctuation and emoji,
    /// which the tokenizer drops anyway and which would leave an empty phrase).
    static func fts5(_ input: String) -> String? {
        let terms = input.split(whereSeparator: \.isWhitespace).compactMap { word -> String? in
            let term = word.drop(while: { $0 == "#" })
            guard term.contains(where: { $0.isLetter || $0.isNumber }) else { return nil }
            return "\"" + term.replacingOccurrences(of: "\"", with: "\"\"") + "\"*"
        }
        return terms.isEmpty ? nil : terms.joined(separator: " ")
    }
}
